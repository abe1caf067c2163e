import type { TemplateVars } from './vars.js';

/** src/board.ts: the puzzle's input file, read and written. */
export function boardSource(_vars: TemplateVars): string {
  return `// The input file: N lines of N cells, \`Q\` a queen given, \`.\` an empty cell. Every error names its
// line and column, so hosts print it as \`board.txt:3:5: ...\` (exit code 2 in the CLI).
import { InputError, type InputLocation } from '@kit/core';

/** The largest board the solver takes (its masks are 32-bit integers; 14 keeps a count under a minute). */
export const MAX_SIZE = 14;

/** A board: its side and the queens given, as [row, column] from 0. */
export interface Board {
  size: number;
  given: Array<[number, number]>;
}

export function parseBoard(text: string, file?: string): Board {
  const where = (line: number, column?: number): InputLocation => ({ ...(file !== undefined ? { file } : {}), line, ...(column !== undefined ? { column } : {}) });
  const lines = text.replace(/\\r\\n?/g, '\\n').split('\\n');
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  const size = lines.length;
  if (size === 0) throw new InputError('the board is empty: give N lines of N cells (Q a queen, . empty)', where(1));
  if (size > MAX_SIZE) throw new InputError(\`the board has \${size} lines, more than \${MAX_SIZE}\`, where(MAX_SIZE + 1));
  const given: Board['given'] = [];
  lines.forEach((line, row) => {
    if (line.length !== size) throw new InputError(\`line \${row + 1} has \${line.length} cells, not \${size} (the board is square)\`, where(row + 1));
    for (let column = 0; column < size; column++) {
      const char = line[column]!;
      if (char === 'Q') given.push([row, column]);
      else if (char !== '.') throw new InputError(\`'\${char}' is not a cell: Q is a queen, . an empty cell\`, where(row + 1, column + 1));
    }
  });
  return { size, given };
}

/** The board as its file holds it. */
export function boardText(board: Board): string {
  const rows = Array.from({ length: board.size }, () => new Array<string>(board.size).fill('.'));
  for (const [row, column] of board.given) rows[row]![column] = 'Q';
  return rows.map((row) => row.join('') + '\\n').join('');
}
`;
}
