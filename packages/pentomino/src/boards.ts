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
 * when the text holds a character a board may not (the full parser then says where). Lets the
 * area check fail before a huge board is turned into a grid.
 */
export function quickCellCount(text: string): number | undefined {
  let cells = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 46 /* . */) cells++;
    else if (code !== 35 /* # */ && code !== 32 && code !== 10 && code !== 13) return undefined;
  }
  return cells;
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
