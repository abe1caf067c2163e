import type { Problem } from './compile.js';
import { cellNeighbours } from './compile.js';
import { type Kernel, type KernelHooks, TICK_TRIES, bucketPlacements } from './kernel.js';

/**
 * The general kernel: one byte per cell, so any board size works. Pruning looks only at the cells
 * next to the new placement, the only ones it can cut off.
 */
export function createWideKernel(problem: Problem, enabled: Uint8Array, hooks: KernelHooks): Kernel {
  const { size, placements, pieces, prune } = problem;
  const kinds = problem.kindNames.length;
  const { start, ids } = bucketPlacements(size, kinds, placements, enabled);
  const wide = problem.rows <= problem.cols;
  const neighbourLists = cellNeighbours(problem.rows, problem.cols, (r, c) => (wide ? c * problem.rows + r : r * problem.cols + c));
  // Flat tables: placement cells, and the cells bordering each placement. Built with plain loops
  // and a scratch mark per cell: a piece may have a million cells (a spread of its cells overflows
  // the call stack past ~120k, and a membership test by includes() is quadratic).
  const cellStart = new Int32Array(placements.length + 1);
  const borderStart = new Int32Array(placements.length + 1);
  const cellList: number[] = [];
  const borderList: number[] = [];
  const mark = new Int32Array(size).fill(-1);
  placements.forEach((placement, id) => {
    cellStart[id] = cellList.length;
    borderStart[id] = borderList.length;
    const cells = placement.cells;
    for (let i = 0; i < cells.length; i++) {
      cellList.push(cells[i]!);
      mark[cells[i]!] = id;
    }
    const first = borderList.length;
    for (let i = 0; i < cells.length; i++) {
      for (const n of neighbourLists[cells[i]!]!) {
        if (mark[n] === id || problem.hole[n]) continue;
        // Marked as a border of this placement too: each bordering cell is listed once.
        mark[n] = id;
        borderList.push(n);
      }
    }
    sortRange(borderList, first);
  });
  cellStart[placements.length] = cellList.length;
  borderStart[placements.length] = borderList.length;
  const cellsOf = Int32Array.from(cellList);
  const borderOf = Int32Array.from(borderList);
  const nbStart = new Int32Array(size + 1);
  const nbFlat: number[] = [];
  neighbourLists.forEach((list, i) => {
    nbStart[i] = nbFlat.length;
    for (const n of list) nbFlat.push(n);
  });
  nbStart[size] = nbFlat.length;
  const nb = Int32Array.from(nbFlat);
  const kindOf = Int32Array.from(placements.map((p) => p.kind));

  const occupied = new Uint8Array(size);
  const remaining = new Int32Array(kinds);
  const stack = new Int32Array(pieces + 1);
  let tries = 0;
  let countdown = TICK_TRIES;
  let stopped = false;

  const fits = (id: number): boolean => {
    for (let i = cellStart[id]!, end = cellStart[id + 1]!; i < end; i++) if (occupied[cellsOf[i]!]) return false;
    return true;
  };
  const setCells = (id: number, value: number): void => {
    for (let i = cellStart[id]!, end = cellStart[id + 1]!; i < end; i++) occupied[cellsOf[i]!] = value;
  };
  // With the placement already marked: does a bordering empty cell have no empty neighbour left?
  const cutsOff = (id: number): boolean => {
    for (let i = borderStart[id]!, end = borderStart[id + 1]!; i < end; i++) {
      const cell = borderOf[i]!;
      if (occupied[cell]) continue;
      let open = false;
      for (let j = nbStart[cell]!, stop = nbStart[cell + 1]!; j < stop; j++) {
        if (!occupied[nb[j]!]) {
          open = true;
          break;
        }
      }
      if (!open) return true;
    }
    return false;
  };

  // Depth-first without recursion: a board may hold tens of thousands of pieces, more levels than
  // the call stack has frames (about 6000 on a main thread). Per level: its cell, the kind being
  // tried and the range of that kind's placement ids still to try.
  const cellAt = new Int32Array(pieces + 1);
  const kindAt = new Int32Array(pieces + 1);
  const nextAt = new Int32Array(pieces + 1);
  const endAt = new Int32Array(pieces + 1);
  const enter = (depth: number, from: number): void => {
    let cell = from;
    while (occupied[cell]) cell++;
    cellAt[depth] = cell;
    kindAt[depth] = -1;
    nextAt[depth] = 0;
    endAt[depth] = 0;
  };
  const dfs = (from: number, base: number): void => {
    let depth = base;
    enter(depth, from);
    for (;;) {
      const j = nextAt[depth]!;
      if (j >= endAt[depth]!) {
        let k = kindAt[depth]! + 1;
        while (k < kinds && remaining[k] === 0) k++;
        if (k < kinds) {
          kindAt[depth] = k;
          const bucket = cellAt[depth]! * kinds + k;
          nextAt[depth] = start[bucket]!;
          endAt[depth] = start[bucket + 1]!;
          continue;
        }
        // Every placement at this level tried: back to the one below.
        if (depth === base) return;
        depth--;
        setCells(stack[depth]!, 0);
        remaining[kindAt[depth]!]!++;
        continue;
      }
      nextAt[depth] = j + 1;
      const id = ids[j]!;
      if (!fits(id)) continue;
      setCells(id, 1);
      if (prune && cutsOff(id)) {
        setCells(id, 0);
        continue;
      }
      tries++;
      stack[depth] = id;
      if (depth + 1 === pieces) {
        if (hooks.leaf(stack, pieces)) stopped = true;
      } else {
        if (--countdown === 0) {
          countdown = TICK_TRIES;
          if (hooks.tick(stack, depth + 1, tries)) stopped = true;
        }
        if (!stopped) {
          remaining[kindAt[depth]!]!--;
          depth++;
          enter(depth, cellAt[depth - 1]! + 1);
          continue;
        }
      }
      setCells(id, 0);
      if (stopped) {
        // Leave the board as the recursion did: every level below taken back.
        while (depth > base) {
          depth--;
          setCells(stack[depth]!, 0);
          remaining[kindAt[depth]!]!++;
        }
        return;
      }
    }
  };

  return {
    get stopped() {
      return stopped;
    },
    search(prefix) {
      tries = 0;
      stopped = false;
      occupied.set(problem.hole);
      for (let k = 0; k < kinds; k++) remaining[k] = problem.kindCounts[k]!;
      prefix.forEach((id, depth) => {
        setCells(id, 1);
        remaining[kindOf[id]!]!--;
        stack[depth] = id;
      });
      if (prefix.length === pieces) {
        if (hooks.leaf(stack, pieces)) stopped = true;
      } else {
        dfs(0, prefix.length);
      }
      return tries;
    },
  };
}

/** Sorts `list[from..]` ascending in place. */
function sortRange(list: number[], from: number): void {
  const sorted = list.slice(from).sort((a, b) => a - b);
  for (let i = 0; i < sorted.length; i++) list[from + i] = sorted[i]!;
}
