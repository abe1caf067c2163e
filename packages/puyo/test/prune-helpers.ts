// Imports the pruning tests share, and whether a field is already game over (column 3 filled to row 12 after it settles).
import { parseField, simulate } from '../src/index.js';

export { parseField, parseGoal, parsePairs, solveNazo } from '../src/index.js';

export const gameOverField = (text: string): boolean => simulate(parseField(text)).field.rows[2]![2] !== '.';
