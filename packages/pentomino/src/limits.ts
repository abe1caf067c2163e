import { InputError } from '@kit/core';
import type { Board } from '@kit/grid';
import type { PieceSet } from './pieces.js';

/**
 * What the search can hold, said before any work that grows with it. The 1 MiB input limit already
 * bounds a board to about a million cells and a piece to as many, and each step of the compile path
 * is linear in those (the byte-board kernel's tables are built with loops, its depth-first search
 * keeps its own stack, so neither a huge piece nor tens of thousands of pieces hit the call stack).
 * Two products are not bounded by the input size, and each would end in an allocation failure or an
 * out-of-memory crash after a long wait:
 * - the placement table: every place and orientation each piece kind fits, times its cells (a
 *   1000x1000 board with the twelve pentominoes would be about 480 million cells);
 * - the buckets of placements by first cell and kind: board cells times kinds.
 * Each is held as 32-bit integers (and, for placements, as JavaScript arrays while compiling, about
 * 20 bytes a cell in all): 2^24 keeps a search within a few hundred MB.
 */
export const MAX_PLACEMENT_CELLS = 2 ** 24;
export const MAX_BUCKETS = 2 ** 24;

/** Places a box of height h and width w fits in a rows x cols box. */
function positions(rows: number, cols: number, h: number, w: number): number {
  return Math.max(0, rows - h + 1) * Math.max(0, cols - w + 1);
}

/**
 * An upper bound on the placement table: each kind in at most 8 orientations, 4 of them as its
 * bounding box stands and 4 turned a quarter.
 */
export function placementCellsBound(board: { rows: number; cols: number }, set: PieceSet): number {
  let total = 0;
  for (const kind of set.kinds) {
    let h = 0;
    let w = 0;
    for (const at of kind.shape) {
      if (at.row >= h) h = at.row + 1;
      if (at.col >= w) w = at.col + 1;
    }
    total += kind.shape.length * 4 * (positions(board.rows, board.cols, h, w) + positions(board.rows, board.cols, w, h));
  }
  return total;
}

/** Refuses, in one line, a board and pieces whose search tables would not fit in memory. */
export function checkSearchable(board: Board, set: PieceSet, file?: string): void {
  const where = file !== undefined ? { file } : {};
  const buckets = board.rows * board.cols * set.kinds.length;
  if (buckets > MAX_BUCKETS) {
    throw new InputError(
      `too big to search: a ${board.rows}x${board.cols} board with ${set.kinds.length} kinds of piece needs ${buckets} table entries (at most ${MAX_BUCKETS}); use fewer kinds or a smaller board`,
      where,
    );
  }
  const cells = placementCellsBound(board, set);
  if (cells > MAX_PLACEMENT_CELLS) {
    throw new InputError(
      `too big to search: every place the pieces fit on this ${board.rows}x${board.cols} board could take up to ${cells} cells to list (at most ${MAX_PLACEMENT_CELLS}); use fewer kinds of piece, larger pieces or a smaller board`,
      where,
    );
  }
}
