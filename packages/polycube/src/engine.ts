// The box of cubes as the engine's geometry: a target and its pieces compiled (compile.ts) in the
// axis order the planner chooses, searched by @kit/cover; the packings drawn back as layers.
import {
  type PreparedSearch,
  type RunResult,
  type SearchHooks,
  type SearchRoot,
  drawnHooks,
  fitsBitboard,
  hasWasm,
  isFeasible,
  packingChars,
  runAll as runCoverAll,
  runRoots as runCoverRoots,
} from '@kit/cover';
import type { Problem } from './compile.js';
import type { PieceSet } from './pieces.js';
import { WORTH_PLANNING, brokenQuickly, choosePlan, quickEstimate } from './planner.js';
import { type SymmetryGroup, type SymmetryMode, type SymmetryUsed, mirrorKinds, resolveSymmetry } from './symmetry.js';
import type { Target } from './target.js';

export type { RunResult } from '@kit/cover';

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
  /**
   * Branch on the first empty cube only, as a person trying pieces in order would (default: the
   * engine may branch on a more walled-in cube, which is faster): for a search whose tries grade a
   * challenge.
   */
  firstEmptyCell?: boolean;
}

/** A compiled search, ready for {@link runAll} or {@link runRoots} (reusable: it holds no search state). */
export interface Prepared extends PreparedSearch {
  /** The placements and cells in the search's own cell numbering. */
  problem: Problem;
  /** The symmetry actually removed, after `auto` was resolved. */
  symmetry: SymmetryUsed;
  /** The target's symmetries that count, for keeping one packing of each orbit. */
  group: SymmetryGroup;
  /** The kernel the search runs on. */
  kernel: KernelName;
}

/**
 * Compiles the search: placements, the target's symmetries, the plan (the planner's choice of axis
 * order and pieces placed first). Checks are the caller's (instance.ts).
 */
export function prepare(target: Target, set: PieceSet, settings: EngineSettings = {}): Prepared {
  const symmetry = resolveSymmetry(settings.symmetry ?? 'auto', set);
  const planned = choosePlan(target, set, symmetry, symmetry === 'full' ? mirrorKinds(set) : undefined, settings.planAbove);
  const { group, plan } = planned;
  const problem = settings.firstEmptyCell ? { ...planned.problem, firstEmptyCell: true } : planned.problem;
  const bitboard = fitsBitboard(problem) && hasWasm();
  const kernel = settings.kernel ?? (bitboard ? 'wasm' : 'wide');
  if (kernel === 'wasm' && !bitboard) throw new RangeError('the WebAssembly kernel takes boxes of up to 64 cells and 31 piece kinds, where WebAssembly runs');
  return { problem, symmetry, group, plan, feasible: isFeasible(problem), kernel };
}

/** A search's quick estimate, and the prepared search when it is the one {@link prepare} makes. */
export interface Estimated {
  /** Knuth's estimate of the search's tries (the planner's quick look). */
  tries: number;
  /** The plan, when the search is too small for the planner to compare others: prepare's own result. */
  prepared?: Prepared;
}

/**
 * The search's size, guessed without planning it (a big one is planned where it runs), or undefined
 * where no guess can be made (no WebAssembly, a box over 64 cells). The guess is the planner's own
 * first look, so below its threshold the plan made here (the default, its symmetry broken further
 * while the quick estimate shrinks) is the plan prepare() would choose.
 */
export function estimate(target: Target, set: PieceSet, settings: EngineSettings = {}): Estimated | undefined {
  const standard = prepare(target, set, { ...settings, planAbove: Infinity });
  if (standard.kernel !== 'wasm') return undefined;
  const tries = quickEstimate(standard);
  if (tries >= (settings.planAbove ?? WORTH_PLANNING)) return { tries };
  // What prepare() makes of a search this small: the same plan.
  const broken = brokenQuickly(standard, tries);
  return { tries: broken.tries, prepared: broken.planned };
}

/**
 * A partial or complete packing as layers (`layers[z][y]`, one character per x): piece names, `.`
 * for a hole, space for a cube not yet covered; copies of a repeated piece in alternating cases
 * (see packingChars).
 */
export function layersOf(problem: Problem, stack: Int32Array, depth: number): string[][] {
  const [X, Y, Z] = problem.box;
  const chars = packingChars(problem, stack, depth);
  const layers: string[][] = [];
  for (let z = 0; z < Z; z++) {
    const rows: string[] = [];
    for (let y = 0; y < Y; y++) {
      // Concatenated, not sliced and joined: this draws every solution, and two arrays a row add up.
      let row = '';
      for (let x = 0, at = X * (y + Y * z); x < X; x++, at++) row += chars[at];
      rows.push(row);
    }
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

function searchHooks(problem: Problem, hooks: RunHooks): SearchHooks {
  const { pieces } = hooks;
  // Each piece's cells ascending in the target's numbering (the search's order is the box's own).
  // A block body: what `pieces` returns (a caller's `list.push`) must not reach the engine, which
  // stops the search when its piece hook returns something truthy.
  const sorted =
    pieces &&
    ((found: Array<{ kind: number; cells: number[] }>) => {
      pieces(found.map((piece) => ({ kind: piece.kind, cells: piece.cells.sort((a, b) => a - b) })));
    });
  return drawnHooks(problem, (stack, depth) => layersOf(problem, stack, depth), hooks, sorted);
}

/** Runs the search below the given roots, in order. */
export function runRoots(prepared: Prepared, roots: readonly SearchRoot[], hooks: RunHooks = {}): RunResult {
  return runCoverRoots(prepared, roots, searchHooks(prepared.problem, hooks));
}

/** The whole search on one thread. */
export function runAll(prepared: Prepared, hooks: RunHooks = {}): RunResult {
  return runCoverAll(prepared, searchHooks(prepared.problem, hooks));
}
