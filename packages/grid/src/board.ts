import { InputError } from '@kit/core';
import { Grid } from './grid.js';
import { parseTextGrid } from './text-grid.js';
import { ALL_TRANSFORMS, TRANSFORMS, type Transform, boxShift } from './transform.js';

/** A board to fill: `true` cells are to be covered, `false` cells are holes. */
export type Board = Grid<boolean>;

export const BOARD_HINT = "use '.' for a cell, '#' or space for a hole";

/** Reads a board mask: `.` a cell, `#` or space a hole. Errors name the line (and column). */
export function parseBoard(text: string, file?: string): Board {
  const grid = parseTextGrid(text, { ...(file !== undefined ? { file } : {}), allowed: '.# ', what: 'board', hint: BOARD_HINT });
  const board = grid.map((char) => char === '.');
  if (cellCount(board) === 0) throw new InputError('board has no cells', file !== undefined ? { file } : {});
  return board;
}

/** The same board from rows of text (as `parseBoard` reads them). */
export function boardFromRows(rows: readonly string[], file?: string): Board {
  return parseBoard(rows.map((row) => `${row}\n`).join(''), file);
}

/** The board as rows of text, `.` a cell and `#` a hole: what {@link parseBoard} reads back. */
export function boardToRows(board: Board): string[] {
  return board.toRows((cell) => (cell ? '.' : '#'));
}

/** A `rows` x `cols` board with no holes. */
export function rectangleBoard(rows: number, cols: number): Board {
  return Grid.filled(rows, cols, true);
}

/** How many cells of the board are to be covered (holes not counted). */
export function cellCount(board: Board): number {
  return board.cells.reduce((n, cell) => n + (cell ? 1 : 0), 0);
}

/** The board cut down to the bounding box of its cells (hole-only margins dropped). */
export function cropBoard(board: Board): Board {
  let top = board.rows,
    bottom = -1,
    left = board.cols,
    right = -1;
  for (const at of board.coords()) {
    if (!board.get(at)) continue;
    top = Math.min(top, at.row);
    bottom = Math.max(bottom, at.row);
    left = Math.min(left, at.col);
    right = Math.max(right, at.col);
  }
  if (bottom < 0) return new Grid(0, 0, []);
  return Grid.from(bottom - top + 1, right - left + 1, (at) => board.get({ row: at.row + top, col: at.col + left }));
}

/** Applies a transform to a whole board (the result is `cols` x `rows` for quarter turns). */
export function transformBoard<T>(board: Grid<T>, t: Transform): Grid<T> {
  const swap = TRANSFORMS[t]!.swapsAxes;
  const rows = swap ? board.cols : board.rows;
  const cols = swap ? board.rows : board.cols;
  const cells: T[] = new Array(rows * cols);
  // Plain loops, one shift, and no array destructuring (which, before the JIT warms up, allocates
  // an iterator and a result per element): this runs on every solve, cold.
  const apply = TRANSFORMS[t]!.apply;
  const shift = boxShift(t, board.rows, board.cols);
  for (let row = 0; row < board.rows; row++) {
    for (let col = 0; col < board.cols; col++) {
      const image = apply(row, col);
      cells[(image[0] + shift.row) * cols + image[1] + shift.col] = board.cells[row * board.cols + col]!;
    }
  }
  return new Grid(rows, cols, cells);
}

/** The transforms that map the board onto itself, holes onto holes: its symmetry group. */
export function boardSymmetries(board: Board): Transform[] {
  return ALL_TRANSFORMS.filter((t) => {
    if (TRANSFORMS[t]!.swapsAxes && board.rows !== board.cols) return false;
    const image = transformBoard(board, t);
    return image.cells.every((cell, i) => cell === board.cells[i]);
  });
}
