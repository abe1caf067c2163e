import { type Problem, hasIsolatedCell } from './compile.js';
import type { Kernel, KernelHooks } from './kernel.js';
import { createWasmKernel, fitsBitboard, hasWasm } from './kernel-wasm.js';
import { createWideKernel } from './kernel-wide.js';
import type { PieceSet } from './pieces.js';
import type { SearchPlan, SearchRoot } from './plan.js';
import { choosePlan } from './planner.js';
import { type SymmetryGroup, type SymmetryMode, type SymmetryUsed, mirrorKinds, resolveSymmetry } from './symmetry.js';
import type { Target } from './target.js';

/** The search kernels: `wasm`, the WebAssembly bitboard (up to 64 cubes); `wide`, the JavaScript byte board (any size). */
export type KernelName = 'wasm' | 'wide';

/** How {@link prepare} compiles a search. */
export interface EngineSettings {
  /** What counts as the same packing (default `auto`). */
  symmetry?: SymmetryMode;
  /** `wide` forces the JavaScript byte-board kernel; default: WebAssembly where the box fits 64 cells. */
  kernel?: KernelName;
  /**
   * Compare plans (axis orders, a piece placed second) when the default plan's estimated search
   * reaches this many tries; 0 always, Infinity never (default: about a second of search).
   */
  planAbove?: number;
}

/** A compiled search, ready for {@link runAll} or {@link runRoots} (reusable: it holds no search state). */
export interface Prepared {
  /** The placements and cells in the search's own cell numbering. */
  problem: Problem;
  /** The symmetry actually removed, after `auto` was resolved. */
  symmetry: SymmetryUsed;
  /** The target's symmetries that count, for keeping one packing of each orbit. */
  group: SymmetryGroup;
  /** The planner's choice: cell order and the pieces placed first, as the search's roots. */
  plan: SearchPlan;
  /** False when the target cannot be packed at all (a cut-off cell): nothing to search. */
  feasible: boolean;
  /** The kernel the search runs on. */
  kernel: KernelName;
}

/**
 * Compiles the search: placements, the target's symmetries, the plan (the planner's choice of axis
 * order and pieces placed first). Checks are the caller's (instance.ts).
 */
export function prepare(target: Target, set: PieceSet, settings: EngineSettings = {}): Prepared {
  const symmetry = resolveSymmetry(settings.symmetry ?? 'auto', set);
  const { problem, group, plan } = choosePlan(target, set, symmetry, symmetry === 'full' ? mirrorKinds(set) : undefined, settings.planAbove);
  const bitboard = fitsBitboard(problem) && hasWasm();
  const kernel = settings.kernel ?? (bitboard ? 'wasm' : 'wide');
  if (kernel === 'wasm' && !bitboard) throw new RangeError('the WebAssembly kernel takes boxes of up to 64 cells and 31 piece kinds, where WebAssembly runs');
  return { problem, symmetry, group, plan, feasible: !(problem.prune && hasIsolatedCell(problem)), kernel };
}

/** Upper case to lower and back; digits as they are. */
function otherCase(name: string): string {
  const lower = name.toLowerCase();
  return lower === name ? name.toUpperCase() : lower;
}

/**
 * A partial or complete packing as layers (`layers[z][y]`, one character per x): piece names, `.`
 * for a hole, space for a cube not yet covered. Copies of a repeated piece alternate between its
 * letter's two cases (when the other case names no other piece), so their boundaries stay visible.
 */
export function layersOf(problem: Problem, stack: Int32Array, depth: number): string[][] {
  const [X, Y, Z] = problem.box;
  const chars: string[] = new Array(problem.size);
  for (let i = 0; i < problem.size; i++) chars[problem.boardIndex[i]!] = problem.hole[i] ? '.' : ' ';
  const copies = new Array<number>(problem.kindNames.length).fill(0);
  for (let d = 0; d < depth; d++) {
    const placement = problem.placements[stack[d]!]!;
    let name = problem.kindNames[placement.kind]!;
    if (copies[placement.kind]!++ % 2 === 1 && !problem.kindNames.includes(otherCase(name))) name = otherCase(name);
    for (const cell of placement.cells) chars[problem.boardIndex[cell]!] = name;
  }
  const layers: string[][] = [];
  for (let z = 0; z < Z; z++) {
    const rows: string[] = [];
    for (let y = 0; y < Y; y++) rows.push(chars.slice(X * (y + Y * z), X * (y + Y * z) + X).join(''));
    layers.push(rows);
  }
  return layers;
}

/** What a search reports as it goes, and when it stops. */
export interface RunHooks {
  /** Called with each distinct packing's layers (leave it out to only count). */
  solution?: (layers: string[][]) => void;
  /**
   * Called with each distinct packing's pieces: each one's kind (index into the piece set's kinds)
   * and its cells as target indices, `x + X * (y + Y * z)`, ascending. Copies stay apart here,
   * where layers only tell them apart by the case of their letter.
   */
  pieces?: (pieces: Array<{ kind: number; cells: number[] }>) => void;
  /** Stop after this many solutions. */
  limit?: number;
  /** Called now and then during the search; `layers()` draws the partial packing. Return true to stop. */
  tick?: (layers: () => string[][], tries: number) => boolean;
}

/** The end of a search. */
export interface RunResult {
  /** Distinct packings found (every packing with symmetry `none`). */
  solutions: number;
  /** Placements tried: the search's work, the same on every machine. */
  tries: number;
  /** True when `limit` or `tick` ended the search before it was complete. */
  stopped: boolean;
}

interface Searcher {
  run(roots: readonly SearchRoot[], hooks: RunHooks): RunResult;
}

// Building a kernel's tables costs milliseconds: a split search runs many roots on one kernel.
const searchers = new WeakMap<Prepared, Searcher>();

function createSearcher(prepared: Prepared): Searcher {
  const { problem, group, plan } = prepared;
  const { size } = problem;
  const kinds = problem.kindNames.length;
  // A packing as a labelling that keeps piece boundaries (copies of one kind are told apart):
  // each cell gets its piece's kind and the piece's smallest cell.
  const labels = new Int32Array(size);
  const image = new Int32Array(size);
  const used = new Int32Array(kinds);
  let check: number[] = [];
  let solutions = 0;
  let triesBefore = 0;
  let hooks: RunHooks = {};

  // The placements as flat typed arrays: the leaf checks below run a few thousand times a search,
  // mostly before the JIT has compiled them, where plain indexed loops cost far less than for-of.
  const placementCount = problem.placements.length;
  const cellStart = new Int32Array(placementCount + 1);
  let flatLength = 0;
  for (let id = 0; id < placementCount; id++) {
    cellStart[id] = flatLength;
    flatLength += problem.placements[id]!.cells.length;
  }
  cellStart[placementCount] = flatLength;
  const cellsOf = new Int32Array(flatLength);
  const kindOf = new Int32Array(placementCount);
  for (let id = 0; id < placementCount; id++) {
    cellsOf.set(problem.placements[id]!.cells, cellStart[id]!);
    kindOf[id] = problem.placements[id]!.kind;
  }

  // Is the packing on the stack the smallest of its images under the elements in `check`?
  const canonical = (stack: Int32Array, depth: number): boolean => {
    labels.fill(-1);
    for (let d = 0; d < depth; d++) {
      const id = stack[d]!;
      const from = cellStart[id]!;
      const to = cellStart[id + 1]!;
      // Cells are ascending: the first is the smallest.
      const label = kindOf[id]! * size + cellsOf[from]!;
      for (let i = from; i < to; i++) labels[cellsOf[i]!] = label;
    }
    for (let c = 0; c < check.length; c++) {
      const g = check[c]!;
      const perm = group.perms[g]!;
      const kindMap = group.kindMaps[g]!;
      image.fill(-1);
      for (let d = 0; d < depth; d++) {
        const id = stack[d]!;
        const from = cellStart[id]!;
        const to = cellStart[id + 1]!;
        let first = size;
        for (let i = from; i < to; i++) {
          const at = perm[cellsOf[i]!]!;
          if (at < first) first = at;
        }
        const label = kindMap[kindOf[id]!]! * size + first;
        for (let i = from; i < to; i++) image[perm[cellsOf[i]!]!] = label;
      }
      for (let i = 0; i < size; i++) {
        if (image[i] !== labels[i]) {
          if (image[i]! < labels[i]!) return false;
          break;
        }
      }
    }
    return true;
  };

  // With ranges of counts a full board is a packing only if every kind is used often enough.
  const enoughOfEach = (stack: Int32Array, depth: number): boolean => {
    used.fill(0);
    for (let d = 0; d < depth; d++) used[kindOf[stack[d]!]!]!++;
    for (let k = 0; k < kinds; k++) if (used[k]! < problem.kindMin[k]!) return false;
    return true;
  };

  const piecesOf = (stack: Int32Array, depth: number): Array<{ kind: number; cells: number[] }> => {
    const found: Array<{ kind: number; cells: number[] }> = [];
    for (let d = 0; d < depth; d++) {
      const id = stack[d]!;
      const cells = Array.from(cellsOf.subarray(cellStart[id]!, cellStart[id + 1]!), (cell) => problem.boardIndex[cell]!);
      found.push({ kind: kindOf[id]!, cells: cells.sort((a, b) => a - b) });
    }
    return found;
  };

  const kernelHooks: KernelHooks = {
    leaf(stack, depth) {
      if (problem.ranges && !enoughOfEach(stack, depth)) return false;
      if (check.length > 0 && !canonical(stack, depth)) return false;
      solutions++;
      hooks.solution?.(layersOf(problem, stack, depth));
      hooks.pieces?.(piecesOf(stack, depth));
      return hooks.limit !== undefined && solutions >= hooks.limit;
    },
    tick(stack, depth, tries) {
      return hooks.tick ? hooks.tick(() => layersOf(problem, stack, depth), triesBefore + tries) : false;
    },
  };
  const kernel: Kernel = (prepared.kernel === 'wasm' ? createWasmKernel : createWideKernel)(problem, plan.enabled, kernelHooks);

  return {
    run(roots, runHooks) {
      hooks = runHooks;
      solutions = 0;
      triesBefore = 0;
      let tries = 0;
      let stopped = false;
      for (const root of roots) {
        check = root.check;
        tries += kernel.search(root.prefix);
        triesBefore = tries;
        if (kernel.stopped) {
          stopped = true;
          break;
        }
      }
      return { solutions, tries, stopped };
    },
  };
}

/** Runs the search below the given roots, in order. */
export function runRoots(prepared: Prepared, roots: readonly SearchRoot[], hooks: RunHooks = {}): RunResult {
  if (!prepared.feasible) return { solutions: 0, tries: 0, stopped: false };
  let searcher = searchers.get(prepared);
  if (!searcher) {
    searcher = createSearcher(prepared);
    searchers.set(prepared, searcher);
  }
  return searcher.run(roots, hooks);
}

/** The whole search on one thread. */
export function runAll(prepared: Prepared, hooks: RunHooks = {}): RunResult {
  const result = runRoots(prepared, prepared.plan.roots, hooks);
  return prepared.feasible ? { ...result, tries: result.tries + prepared.plan.rootTries } : result;
}
