import { InputError } from '@kit/core';
import { Grid } from './grid.js';

/** What {@link parseTextGrid} accepts and how its errors name the input. */
export interface TextGridOptions {
  /** File name for error messages. */
  file?: string;
  /** Every character a cell may be; anything else is an error naming its line and column. */
  allowed?: string;
  /** What the grid is, for messages (`board`, `field`). Default `grid`. */
  what?: string;
  /** Explains `allowed` in the bad-character message, e.g. `use '.' for a cell`. */
  hint?: string;
}

/** The lines of a text, without the line ends; one final line end is not an extra empty line. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * Reads a rectangular text grid, one character a cell. Empty lines, ragged lines and characters
 * outside `allowed` are InputErrors that name the line (and column).
 */
export function parseTextGrid(text: string, options: TextGridOptions = {}): Grid<string> {
  const { file, allowed, what = 'grid', hint } = options;
  const where = (line: number, column?: number) => ({ ...(file !== undefined ? { file } : {}), line, ...(column !== undefined ? { column } : {}) });
  const lines = splitLines(text);
  if (lines.length === 0) throw new InputError(`${what} is empty`, file !== undefined ? { file } : {});
  const width = lines[0]!.length;
  lines.forEach((line, i) => {
    if (line.length === 0) throw new InputError(`empty line in ${what}`, where(i + 1));
    if (line.length !== width) {
      throw new InputError(`ragged ${what}: line ${i + 1} is ${line.length} wide but line 1 is ${width}`, where(i + 1));
    }
    if (allowed !== undefined) {
      for (let col = 0; col < line.length; col++) {
        const char = line[col]!;
        if (!allowed.includes(char)) {
          throw new InputError(`unexpected ${JSON.stringify(char)} in ${what}${hint ? ` (${hint})` : ''}`, where(i + 1, col + 1));
        }
      }
    }
  });
  return Grid.fromRows(lines);
}

/** The inverse of parseTextGrid: one line a row, each ended by a newline. */
export function formatTextGrid<T>(grid: Grid<T>, char: (value: T) => string = String): string {
  return grid
    .toRows((value) => char(value))
    .map((line) => `${line}\n`)
    .join('');
}
