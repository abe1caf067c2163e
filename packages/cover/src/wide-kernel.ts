import type { Kernel, KernelHooks } from './kernel.js';
import { TICK_TRIES } from './kernel.js';
import { walledInCell } from './constrained-cell.js';
import { branchesOnConstrainedCells, pocketTest, prunesSmallPockets } from './pockets.js';
import type { CoverProblem } from './problem.js';

/** Each cell's neighbours in the box (four in a plane, six in space). */
export function boxNeighbours(sides: readonly [number, number, number]): Int32Array[] {
  const [A, B, C] = sides;
  const out: Int32Array[] = [];
  for (let c = 0; c < C; c++) {
    for (let b = 0; b < B; b++) {
      for (let a = 0; a < A; a++) {
        const at = a + A * (b + B * c);
        const list: number[] = [];
        if (c > 0) list.push(at - A * B);
        if (b > 0) list.push(at - A);
        if (a > 0) list.push(at - 1);
        if (a + 1 < A) list.push(at + 1);
        if (b + 1 < B) list.push(at + A);
        if (c + 1 < C) list.push(at + A * B);
        out.push(Int32Array.from(list));
      }
    }
  }
  return out;
}

/**
 * Placement ids grouped by their first (lowest) cell, or with `everyCell` by each cell they cover,
 * and within a cell by piece kind: `ids[start[cell * kinds + kind] .. start[cell * kinds + kind + 1])`, ascending.
 */
function bucketPlacements(
  cells: number,
  kinds: number,
  placements: CoverProblem['placements'],
  enabled: Uint8Array,
  everyCell = false,
): { start: Int32Array; ids: Int32Array } {
  // A counting sort into flat arrays: cells * kinds lists of their own would cost an object each.
  const buckets = cells * kinds;
  const start = new Int32Array(buckets + 1);
  const listedUnder = (placement: CoverProblem['placements'][number]) => (everyCell ? placement.cells : placement.cells.slice(0, 1));
  placements.forEach((placement, id) => {
    if (enabled[id]) for (const cell of listedUnder(placement)) start[cell * kinds + placement.kind + 1]!++;
  });
  for (let i = 0; i < buckets; i++) start[i + 1]! += start[i]!;
  const ids = new Int32Array(start[buckets]!);
  const filled = start.slice(0, buckets);
  placements.forEach((placement, id) => {
    if (enabled[id]) for (const cell of listedUnder(placement)) ids[filled[cell * kinds + placement.kind]!++] = id;
  });
  return { start, ids };
}

/** The wide kernel's flat tables: each placement's cells and bordering cells, each cell's neighbours. */
interface WideTables {
  /** Placement `id`'s cells: `cellsOf[cellStart[id] .. cellStart[id + 1])`. */
  cellStart: Int32Array;
  cellsOf: Int32Array;
  /** The free cells bordering placement `id`, ascending: `borderOf[borderStart[id] .. borderStart[id + 1])`. */
  borderStart: Int32Array;
  borderOf: Int32Array;
  /** Cell `i`'s neighbours: `nb[nbStart[i] .. nbStart[i + 1])`. */
  nbStart: Int32Array;
  nb: Int32Array;
  kindOf: Int32Array;
  /** Cells that are not holes: the board is full when this many are covered. */
  freeCells: number;
}

function wideTables(problem: CoverProblem): WideTables {
  const { size, placements } = problem;
  const neighbourLists = boxNeighbours(problem.sides);
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
  let freeCells = 0;
  for (let i = 0; i < size; i++) if (!problem.hole[i]) freeCells++;
  return { cellStart, cellsOf, borderStart, borderOf, nbStart, nb, kindOf, freeCells };
}

/**
 * The general kernel: one byte per cell, so a box of any size works, and it runs where WebAssembly
 * cannot. The same search as the WebAssembly kernel: the same cell to branch on (the first empty
 * one, or the constrained cell constrained-cell.ts chooses), kinds in order,
 * placements in id order, the same dead-cell test (here only around the new placement, the only
 * place it can make one), so the same tries and the same order; a packing is complete when the
 * board is full.
 */
export function createWideKernel(problem: CoverProblem, enabled: Uint8Array, hooks: KernelHooks): Kernel {
  const board = wideBoard(problem, enabled);
  const { occupied, remaining, stack, setCells, sizeOf, pockets } = board;
  const { kindOf, freeCells } = board.tables;
  const kinds = problem.kindMax.length;
  const run: WideRun = { filled: 0, tries: 0, countdown: TICK_TRIES, stopped: false };
  const walk = depthFirst(board, run, hooks);
  return {
    get stopped() {
      return run.stopped;
    },
    search(prefix) {
      run.tries = 0;
      // Each search counts its own ticks, as the WebAssembly kernel does.
      run.countdown = TICK_TRIES;
      run.stopped = false;
      occupied.set(problem.hole);
      let filled = 0;
      for (let k = 0; k < kinds; k++) remaining[k] = problem.kindMax[k]!;
      prefix.forEach((id, depth) => {
        setCells(id, 1);
        filled += sizeOf(id);
        remaining[kindOf[id]!]!--;
        stack[depth] = id;
      });
      run.filled = filled;
      if (filled === freeCells) {
        if (hooks.leaf(stack, prefix.length)) run.stopped = true;
      } else if (!pockets?.anyOnBoard()) {
        walk(0, prefix.length);
      }
      return run.tries;
    },
  };
}

/** What one search of the wide kernel counts, kept between its walk and the kernel. */
interface WideRun {
  /** Cells covered. */
  filled: number;
  tries: number;
  /** Tries left until the next tick. */
  countdown: number;
  stopped: boolean;
}

/** The board the wide kernel searches on, its placement tables and tests. */
interface WideBoard {
  problem: CoverProblem;
  tables: WideTables;
  /** Placement ids by cell and kind (see bucketPlacements). */
  start: Int32Array;
  ids: Int32Array;
  occupied: Uint8Array;
  /** Copies of each kind still to place. */
  remaining: Int32Array;
  /** The placement ids of the partial packing, by depth. */
  stack: Int32Array;
  /** With constrained cells, the cell to branch on given the first empty one. */
  walledIn: ((occupied: Uint8Array, first: number) => number) | undefined;
  pockets: ReturnType<typeof pocketTest> | undefined;
  fits: (id: number) => boolean;
  setCells: (id: number, value: number) => void;
  sizeOf: (id: number) => number;
  /** Does placement `id`, just marked, cut off a cell or leave a pocket? */
  cutsOff: (id: number) => boolean;
}

function wideBoard(problem: CoverProblem, enabled: Uint8Array): WideBoard {
  const { size, placements, maxPieces: pieces } = problem;
  // With constrained cells (constrained-cell.ts) the branching cell need not be the first empty
  // one: placements are listed under every cell they cover.
  const constrained = branchesOnConstrainedCells(problem);
  const { start, ids } = bucketPlacements(size, problem.kindMax.length, placements, enabled, constrained);
  const tables = wideTables(problem);
  const { cellStart, cellsOf, borderStart, borderOf, nbStart, nb } = tables;
  const occupied = new Uint8Array(size);
  const fits = (id: number): boolean => {
    for (let i = cellStart[id]!, end = cellStart[id + 1]!; i < end; i++) if (occupied[cellsOf[i]!]) return false;
    return true;
  };
  const setCells = (id: number, value: number): void => {
    for (let i = cellStart[id]!, end = cellStart[id + 1]!; i < end; i++) occupied[cellsOf[i]!] = value;
  };
  const deadCell = cellCutOff(tables, occupied);
  // No pocket (pockets.ts) left by a placement, nor on the board: the WebAssembly kernel sees it all.
  const pockets = prunesSmallPockets(problem) ? pocketTest(occupied, nbStart, nb) : undefined;
  return {
    problem,
    tables,
    start,
    ids,
    occupied,
    remaining: new Int32Array(problem.kindMax.length),
    stack: new Int32Array(pieces + 1),
    walledIn: constrained ? walledInCell(nbStart, nb, placements, enabled) : undefined,
    pockets,
    fits,
    setCells,
    sizeOf: (id) => cellStart[id + 1]! - cellStart[id]!,
    cutsOff: (id) => deadCell(id) || (pockets?.anyAmong(borderOf, borderStart[id]!, borderStart[id + 1]!) ?? false),
  };
}

/**
 * The search below a prefix, depth-first without recursion: a board may hold tens of thousands of
 * pieces, more levels than the call stack has frames (about 6000 on a main thread). Per level: its
 * cell, the kind being tried and the range of that kind's placement ids still to try; and its first
 * empty cell, where the next level's search for one starts.
 */
function depthFirst(board: WideBoard, run: WideRun, hooks: KernelHooks): (from: number, base: number) => void {
  const { start, ids, occupied, remaining, stack, walledIn, fits, setCells, sizeOf, cutsOff } = board;
  const { prune, maxPieces: pieces } = board.problem;
  const kinds = board.problem.kindMax.length;
  const { freeCells } = board.tables;
  const cellAt = new Int32Array(pieces + 1);
  const firstAt = new Int32Array(pieces + 1);
  const kindAt = new Int32Array(pieces + 1);
  const nextAt = new Int32Array(pieces + 1);
  const endAt = new Int32Array(pieces + 1);
  const enter = (depth: number, from: number): void => {
    let cell = from;
    while (occupied[cell]) cell++;
    firstAt[depth] = cell;
    if (walledIn) cell = walledIn(occupied, cell);
    cellAt[depth] = cell;
    kindAt[depth] = -1;
    nextAt[depth] = 0;
    endAt[depth] = 0;
  };
  // Takes placements back down to level `base`, as the recursion did.
  const unwind = (depth: number, base: number): void => {
    while (depth > base) {
      depth--;
      setCells(stack[depth]!, 0);
      run.filled -= sizeOf(stack[depth]!);
      remaining[kindAt[depth]!]!++;
    }
  };
  return (from, base) => {
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
        unwind(depth, depth - 1);
        depth--;
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
      run.tries++;
      stack[depth] = id;
      run.filled += sizeOf(id);
      if (run.filled === freeCells) {
        if (hooks.leaf(stack, depth + 1)) run.stopped = true;
      } else {
        if (--run.countdown === 0) {
          run.countdown = TICK_TRIES;
          if (hooks.tick(stack, depth + 1, run.tries)) run.stopped = true;
        }
        if (!run.stopped) {
          remaining[kindAt[depth]!]!--;
          depth++;
          enter(depth, firstAt[depth - 1]!);
          continue;
        }
      }
      setCells(id, 0);
      run.filled -= sizeOf(id);
      if (run.stopped) {
        // Leave the board as the recursion did: every level below taken back.
        unwind(depth, base);
        return;
      }
    }
  };
}

/**
 * The dead-cell test on `occupied`: with placement `id` already marked, does a bordering empty cell
 * have no empty neighbour left? The tables are taken apart once here, not on every call of the search's hot loop.
 */
function cellCutOff(tables: Pick<WideTables, 'borderStart' | 'borderOf' | 'nbStart' | 'nb'>, occupied: Uint8Array): (id: number) => boolean {
  const { borderStart, borderOf, nbStart, nb } = tables;
  return (id) => {
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
}

/** Sorts `list[from..]` ascending in place. */
function sortRange(list: number[], from: number): void {
  const sorted = list.slice(from).sort((a, b) => a - b);
  for (let i = 0; i < sorted.length; i++) list[from + i] = sorted[i]!;
}
