// The library API: read and solve Sudoku without a host. The plugin is re-exported for hosts and tools.
import { parseSudoku } from './grid.js';
import { solveGrid } from './solver.js';

export { default as plugin, SAMPLE_PUZZLE } from './plugin.js';
export type { Board } from './plugin.js';
export { parseSudoku, gridRows, isSolved, SYMBOLS } from './grid.js';
export type { SudokuGrid } from './grid.js';
export { ExactCover } from './exact-cover.js';
export type { CoverVisitor } from './exact-cover.js';
export { solveGrid, solver } from './solver.js';
/** Makes a unique Sudoku from a seed at a level (the plugin's generator, callable without a host). */
export { generateSudoku } from './generate.js';
/** Grades a Sudoku: its level (easy, medium, hard) and the solving path, one deduction a step. */
export { gradeGrid } from './grade.js';
export type { SudokuSummary } from './solver.js';

export interface SudokuResult {
  /** Each solution as one string a row. */
  solutions: string[][];
  /** true: exactly one solution; false: several. */
  unique: boolean | null;
  tries: number;
}

/**
 * Solves a Sudoku written as text (one line of 81 cells, or 9 lines of 9); finds at most `limit`
 * solutions (default 2, enough to tell whether the puzzle is unique). Throws InputError on bad text.
 */
export function solveSudoku(text: string, options: { limit?: number } = {}): SudokuResult {
  const solutions: string[][] = [];
  const summary = solveGrid(parseSudoku(text), {
    limit: options.limit ?? 2,
    wantSolutions: true,
    solution: (board) => solutions.push(board.rows),
    cancelled: () => false,
  });
  return { solutions, unique: summary.unique, tries: summary.tries };
}
