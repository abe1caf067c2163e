import { InputError } from '@kit/core';
import { MAX_SIDE } from '../model.js';
import { cellValue, checkSide, plural, splitLines, tokensOf } from './grid-text.js';
import type { ParsedPuzzle } from './parsed.js';

/** A plain grid: one line per row, cells separated by whitespace (`.` or `-` blank, `0` blank too in puzzles). */
export function parsePlainGrid(text: string, pattern: boolean): ParsedPuzzle {
  const rows = splitLines(text)
    .map((line, i) => tokensOf(line, i + 1))
    .filter((tokens) => tokens.length > 0);
  if (rows.length === 0) throw new InputError('the file is empty');
  const width = rows[0]!.length;
  checkSide(width, 'columns', { line: rows[0]![0]!.line, column: 1 });
  checkSide(rows.length, 'rows', { line: rows[Math.min(rows.length, MAX_SIDE + 1) - 1]![0]!.line, column: 1 });
  const cells: number[] = [];
  rows.forEach((tokens, row) => {
    if (tokens.length !== width) {
      throw new InputError(`row ${row + 1} has ${plural(tokens.length, 'cell')} but row 1 has ${width}`, { line: tokens[0]!.line, column: 1 });
    }
    for (const token of tokens) cells.push(cellValue(token, pattern));
  });
  return { format: 'grid', width, height: rows.length, cells };
}

/** A puzzle as a plain grid, numbers separated by spaces, `.` for a blank cell, one line a row. */
export function formatPlainGrid(width: number, numbers: readonly number[]): string {
  const lines: string[] = [];
  for (let start = 0; start < numbers.length; start += width) {
    lines.push(
      numbers
        .slice(start, start + width)
        .map((n) => (n > 0 ? String(n) : '.'))
        .join(' '),
    );
  }
  return `${lines.join('\n')}\n`;
}
