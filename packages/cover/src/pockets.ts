// Pockets: in a box whose pieces all have four cells or more, an enclosed empty region of two or
// three cells can never be covered, just as a dead cell (dead-cells.ts) cannot. Both box kernels
// skip a placement that leaves one, so they keep the same tries.
import { BITBOARD_CELLS } from './kernel.js';
import type { CoverProblem } from './problem.js';

/**
 * Do the kernels skip placements that leave a pocket of two or three cells? Boxes only (in a plane
 * the extra test costs more than it saves, and pentomino's tries stay as they are), with pruning on
 * (pieces connected) and every piece of four cells or more.
 */
export function prunesSmallPockets(problem: CoverProblem): boolean {
  return problem.prune && problem.sides[2] > 1 && problem.placements.every((placement) => placement.cells.length >= 4);
}

/**
 * Do the box kernels branch on the most walled-in empty cell rather than the first (see
 * constrained-cell.ts)? Where they prune pockets, in boxes of up to 64 cells (the WebAssembly
 * kernel's bit tricks make the choice cheap there, and the JavaScript kernels make the same one)
 * at least 3 cells across every way, unless the problem asks for the first empty cell. In a slab 2
 * cells thick every cell is walled in on one side already, cells with two empty neighbours are
 * everywhere and the search jumps about: the solid pentominoes in 2x3x10 took 2.9 times the tries.
 */
export function branchesOnConstrainedCells(problem: CoverProblem): boolean {
  return prunesSmallPockets(problem) && problem.size <= BITBOARD_CELLS && Math.min(...problem.sides) >= 3 && !problem.firstEmptyCell;
}

/** The pocket test on a byte board (1 for a covered cell or a hole). */
export interface PocketTest {
  /** Is any empty cell among `cells[from..to)` in a pocket? After a placement, its bordering cells: a new pocket touches it. */
  anyAmong(cells: Int32Array, from: number, to: number): boolean;
  /** Is any empty cell of the board in a pocket? */
  anyOnBoard(): boolean;
}

/** The pocket test over `occupied`, with cell `i`'s neighbours at `nb[nbStart[i] .. nbStart[i + 1])`. */
export function pocketTest(occupied: Uint8Array, nbStart: Int32Array, nb: Int32Array): PocketTest {
  // The first two empty neighbours that `emptyNeighbours` found.
  let firstEmpty = 0;
  let secondEmpty = 0;
  const emptyNeighbours = (cell: number): number => {
    let count = 0;
    for (let j = nbStart[cell]!, stop = nbStart[cell + 1]!; j < stop; j++) {
      const n = nb[j]!;
      if (occupied[n]) continue;
      if (count === 0) firstEmpty = n;
      else if (count === 1) secondEmpty = n;
      count++;
    }
    return count;
  };
  // Is the empty `cell` in an enclosed region of two or three cells: a pair, or a path of three (a
  // cubic grid has no triangles)?
  const inPocket = (cell: number): boolean => {
    const count = emptyNeighbours(cell);
    if (count === 2) {
      const other = secondEmpty;
      return emptyNeighbours(firstEmpty) === 1 && emptyNeighbours(other) === 1;
    }
    if (count !== 1) return false;
    const around = emptyNeighbours(firstEmpty);
    if (around === 1) return true;
    if (around !== 2) return false;
    return emptyNeighbours(firstEmpty === cell ? secondEmpty : firstEmpty) === 1;
  };
  return {
    anyAmong(cells, from, to) {
      for (let i = from; i < to; i++) if (!occupied[cells[i]!] && inPocket(cells[i]!)) return true;
      return false;
    },
    anyOnBoard() {
      for (let cell = 0; cell < occupied.length; cell++) if (!occupied[cell] && inPocket(cell)) return true;
      return false;
    },
  };
}
