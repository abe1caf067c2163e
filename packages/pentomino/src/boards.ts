import { InputError } from '@kit/core';
import { type Board, boardToRows, cellCount, cropBoard, parseBoard } from '@kit/grid';

/**
 * The seed's boards by short side: 3x20, 4x15, 5x12, 6x10, 7 = 7x9 without the centre 3-cell line
 * along the long axis, 8 = 8x8 without the centre 2x2. `.` is a cell, `#` a hole.
 */
export function seedBoard(size: number): string[] {
  if (!Number.isInteger(size) || size < 3 || size > 8) throw new InputError(`board size must be 3 to 8 (got ${size})`);
  const cols = Math.round(60 / size);
  const rows = Array.from({ length: size }, () => '.'.repeat(cols));
  if (size === 7) rows[3] = '...###...';
  if (size === 8) rows[3] = rows[4] = '...##...';
  return rows;
}

/** A board from rows of text, cropped to the bounding box of its cells. */
export function boardFromText(text: string, file?: string): Board {
  return cropBoard(parseBoard(text, file));
}

/**
 * The number of cells (`.`) of a board text, in one pass and without building anything; undefined
 * when the text is not a well-formed board (a bad character, an empty or ragged line: the full
 * parser then says where). Lets the area check fail before a huge board is turned into a grid.
 */
export function quickCellCount(text: string): number | undefined {
  let cells = 0;
  let width = -1;
  let lineStart = 0;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 10;
    if (code === 10) {
      if (i === text.length && i === lineStart) break; // the final line end
      const end = i > lineStart && text.charCodeAt(i - 1) === 13 ? i - 1 : i;
      const length = end - lineStart;
      if (length === 0 || (width >= 0 && length !== width)) return undefined;
      width = length;
      lineStart = i + 1;
    } else if (code === 46 /* . */) cells++;
    else if (code === 13) {
      if (i + 1 < text.length && text.charCodeAt(i + 1) !== 10) return undefined; // only in a line end
    } else if (code !== 35 /* # */ && code !== 32) return undefined;
  }
  return width < 0 ? undefined : cells;
}

/** Rows (`.` a cell, `#` or space a hole) to a cropped board; errors name the row as a line. */
export function boardFromRows(rows: readonly string[], file?: string): Board {
  return boardFromText(rows.map((row) => `${row}\n`).join(''), file);
}

/** `6x10`: the size of the board's bounding box, rows first. */
export function boardName(board: Board): string {
  return `${board.rows}x${board.cols}`;
}

export { boardToRows, cellCount };
