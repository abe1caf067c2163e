import type { PreparedSearch } from './engine.js';
import { walledInCell } from './constrained-cell.js';
import { branchesOnConstrainedCells, pocketTest, prunesSmallPockets } from './pockets.js';
import { boxNeighbours } from './wide-kernel.js';

/**
 * The byte board the split works on: one byte per cell, so any box works, with the kernel's own
 * choice of placements at the cell it branches on (the first empty one, or the constrained cell;
 * kinds in order, ids ascending, the same dead-cell test), so the subtrees it cuts are the kernel's.
 */
export interface SplitBoard {
  /** 1 for a covered cell or a hole. */
  readonly occupied: Uint8Array;
  /** Copies of each kind still in hand. */
  readonly remaining: Int32Array;
  readonly kindOf: Int32Array;
  /** The most placements any cell starts: the longest list `fittingInto` may write. */
  readonly widest: number;
  /** Places (1) or takes back (0) placement `id`. */
  place(id: number, value: 0 | 1): void;
  /** The board after the placements of `prefix`, from the empty one. */
  setState(prefix: readonly number[]): void;
  /** Writes into `into` the placements the kernel tries at the cell it branches on, in its order; returns how many. */
  fittingInto(into: Int32Array): number;
  /** The placements tried below `prefix`, remembered. */
  childIds(prefix: readonly number[]): number[];
}

/** The {@link SplitBoard} of a prepared search (empty until `setState`). */
export function splitBoard(prepared: PreparedSearch): SplitBoard {
  const { problem, plan } = prepared;
  const { size, placements, prune } = problem;
  const kinds = problem.kindMax.length;
  // Where the kernel may branch on any cell (constrained-cell.ts), a placement is listed under each of its cells.
  const constrained = branchesOnConstrainedCells(problem);
  const byCell: number[][] = Array.from({ length: size }, () => []);
  placements.forEach((placement, id) => {
    if (!plan.enabled[id]) return;
    for (const cell of constrained ? placement.cells : placement.cells.slice(0, 1)) byCell[cell]!.push(id);
  });
  // Ids are numbered kind by kind, so ascending ids are the kernel's kind-major order.
  const neighbours = boxNeighbours(problem.sides);
  const cellsOf = placements.map((placement) => Int32Array.from(placement.cells));
  const kindOf = Int32Array.from(placements, (placement) => placement.kind);
  // The cells next to a placement: where placing it may cut off an empty cell.
  const borderOf = placements.map((placement) => {
    const inside = new Set(placement.cells);
    return Int32Array.from(new Set(placement.cells.flatMap((cell) => Array.from(neighbours[cell]!).filter((n) => !inside.has(n)))));
  });
  const around = neighbours;
  const occupied = new Uint8Array(size);
  const remaining = new Int32Array(kinds);
  const place = (id: number, value: 0 | 1) => {
    for (const cell of cellsOf[id]!) occupied[cell] = value;
    remaining[kindOf[id]!]! += value ? -1 : 1;
  };
  const setState = (prefix: readonly number[]) => {
    occupied.set(problem.hole);
    for (let k = 0; k < kinds; k++) remaining[k] = problem.kindMax[k]!;
    for (const id of prefix) place(id, 1);
  };
  /** Whether placement `id` (placed) leaves an empty cell with no empty neighbour. */
  const cutsOff = (id: number): boolean => {
    for (const n of borderOf[id]!) {
      if (occupied[n]) continue;
      let isolated = true;
      for (const m of around[n]!) {
        if (!occupied[m]) {
          isolated = false;
          break;
        }
      }
      if (isolated) return true;
    }
    return false;
  };
  // The box kernels skip placements that leave a pocket, and nothing at all below a board with one.
  const [nbStart, nb] = flatNeighbours(neighbours);
  const walledIn = constrained ? walledInCell(nbStart, nb, placements, plan.enabled) : undefined;
  const pockets = prunesSmallPockets(problem) ? pocketTest(occupied, nbStart, nb) : undefined;
  // A loop, not Math.max(...): a million-cell board has a million lists, past the call stack's arguments.
  const widest = byCell.reduce((most, list) => Math.max(most, list.length), 1);
  const buffer = new Int32Array(widest);
  const fittingInto = (into: Int32Array): number => {
    let first = 0;
    while (first < size && occupied[first]) first++;
    if (first === size || pockets?.anyOnBoard()) return 0;
    const branch = walledIn ? walledIn(occupied, first) : first;
    let count = 0;
    for (const id of byCell[branch]!) {
      if (remaining[kindOf[id]!] === 0) continue;
      const cells = cellsOf[id]!;
      let free = true;
      for (const cell of cells) {
        if (occupied[cell]) {
          free = false;
          break;
        }
      }
      if (!free) continue;
      if (prune) {
        for (const cell of cells) occupied[cell] = 1;
        const cut = cutsOff(id) || (pockets?.anyAmong(borderOf[id]!, 0, borderOf[id]!.length) ?? false);
        for (const cell of cells) occupied[cell] = 0;
        if (cut) continue;
      }
      into[count++] = id;
    }
    return count;
  };
  // A subtree's children by its prefix: a path's parts are asked for again and again (for each
  // path below it), and only along cuts, so the cut nodes' lists are kept.
  const known = new Map<string, number[]>();
  const childIds = (prefix: readonly number[]): number[] => {
    const key = prefix.join(',');
    let ids = known.get(key);
    if (!ids) {
      setState(prefix);
      ids = Array.from(buffer.subarray(0, fittingInto(buffer)));
      known.set(key, ids);
    }
    return ids;
  };
  return { occupied, remaining, kindOf, widest, place, setState, fittingInto, childIds };
}

/** Neighbour lists as one flat array and each cell's start in it. */
export function flatNeighbours(lists: readonly Int32Array[]): [Int32Array, Int32Array] {
  const starts = new Int32Array(lists.length + 1);
  lists.forEach((list, i) => {
    starts[i + 1] = starts[i]! + list.length;
  });
  const flat = new Int32Array(starts[lists.length]!);
  lists.forEach((list, i) => {
    flat.set(list, starts[i]!);
  });
  return [starts, flat];
}
