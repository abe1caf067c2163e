import { BITBOARD_CELLS, BITBOARD_KINDS } from './kernel.js';

/**
 * An exact-cover packing as the kernels see it: a box of `sides[0] x sides[1] x sides[2]` cells
 * (the last side 1 for a plane), numbered along the first side, then the second, then the third
 * (index = a + A * (b + B * c)); placements numbered kind by kind, each a set of cells.
 */
export interface CoverProblem {
  /** Cells of the box, holes included. */
  size: number;
  /** The box's sides A, B, C (C is 1 for a plane); they give each cell its neighbours for pruning. */
  sides: readonly [number, number, number];
  /** 1 where a cell is not to be covered. */
  hole: Uint8Array;
  /** Copies of each kind in hand at the root; `kindMax.length` is the number of kinds. */
  kindMax: readonly number[];
  /** The most pieces a packing can have (the stack's depth). */
  maxPieces: number;
  /** Skip placements that leave an empty cell with no empty neighbour. */
  prune: boolean;
  /** Every way to lay a piece: its kind (an index into `kindMax`) and the cells it covers, grouped by kind. */
  placements: readonly { kind: number; cells: readonly number[] }[];
  /**
   * Each placement's cells as two 32-bit halves (cells 0..31, 32..63): boxes of 64 cells or fewer,
   * for the WebAssembly kernel.
   */
  masks?: { lo: Int32Array; hi: Int32Array };
  /**
   * Branch on the first empty cell only, as a person trying pieces in order would, where the box
   * kernels would branch on a more walled-in one (constrained-cell.ts): for a search whose tries
   * measure how hard a puzzle is to a person (a challenge's grade), not how fast the kit is.
   */
  firstEmptyCell?: boolean;
}

/** Does the problem fit the bitboard kernel (one 64-bit board, kinds in a 32-bit mask)? */
export function fitsBitboard(problem: { size: number; kindMax: readonly number[] }): boolean {
  return problem.size <= BITBOARD_CELLS && problem.kindMax.length <= BITBOARD_KINDS;
}

/** Each placement's cells as two 32-bit halves. */
export function placementMasks(placements: readonly { cells: readonly number[] }[]): { lo: Int32Array; hi: Int32Array } {
  const lo = new Int32Array(placements.length);
  const hi = new Int32Array(placements.length);
  placements.forEach((placement, id) => {
    for (const cell of placement.cells) {
      if (cell < 32) lo[id]! |= 1 << cell;
      else hi[id]! |= 1 << (cell - 32);
    }
  });
  return { lo, hi };
}
