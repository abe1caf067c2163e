// The plane as the engine's geometry: a board and its pieces compiled (compile.ts), searched by
// @kit/cover; the packings drawn back as rows.
import {
  BITBOARD_CELLS,
  BITBOARD_KINDS,
  type KernelName,
  type PreparedSearch,
  type RunResult,
  type SearchHooks,
  type SearchRoot,
  type SymmetryMethod,
  chooseMethod,
  drawnHooks,
  hasWasm,
  isFeasible,
  packingChars,
  planSearch,
  runAll as runCoverAll,
  runRoots as runCoverRoots,
} from '@kit/cover';
import type { Board } from '@kit/grid';
import { checkArea } from './area.js';
import { type Problem, compileProblem } from './compile.js';
import { checkSearchable } from './limits.js';
import type { PieceSet } from './pieces.js';

export type { RunResult } from '@kit/cover';

export interface EngineSettings {
  /** Count every packing instead of distinct ones. */
  all?: boolean;
  /** How to remove symmetric copies; `auto` picks `first` when a piece occurs once, else `canon`. */
  method?: SymmetryMethod | 'auto';
  /** The piece `first`/`orient` uses (by name); default: chosen automatically. */
  kind?: string;
  /** Force the general (byte board) kernel even for small boards. */
  wide?: boolean;
  /**
   * The bitboard kernel for boards of up to 64 cells: `wasm` (the default where WebAssembly runs)
   * or `js`, the same search in JavaScript (same tries and order; for comparison).
   */
  kernel?: 'wasm' | 'js';
  /** For error messages. */
  file?: string;
}

export interface Prepared extends PreparedSearch {
  problem: Problem;
  /** The general byte-board kernel: more than 64 cells or 31 kinds, or asked for. */
  wide: boolean;
}

/** Checks the pieces against the board (area at once) and compiles the search. */
export function prepare(board: Board, set: PieceSet, settings: EngineSettings = {}): Prepared {
  checkArea(board, set, settings.file);
  checkSearchable(board, set, settings.file);
  // The JavaScript kernel asked for: the JavaScript listing too, so the comparison covers both.
  const problem = compileProblem(board, set, { wasm: settings.kernel !== 'js' });
  const group = { perms: problem.group };
  const method = settings.method === undefined || settings.method === 'auto' ? chooseMethod(problem, group, settings.all ?? false) : settings.method;
  const kind = settings.kind === undefined ? -1 : problem.kindNames.indexOf(settings.kind);
  const plan = planSearch(problem, group, settings.all ? 'raw' : method, { kind });
  const wide = settings.wide === true || problem.size > BITBOARD_CELLS || problem.kindNames.length > BITBOARD_KINDS;
  const kernel: KernelName = wide ? 'wide' : (settings.kernel ?? (hasWasm() ? 'wasm' : 'js'));
  return { problem, group, plan, feasible: isFeasible(problem), wide, kernel };
}

/**
 * A partial or complete packing as rows: piece names, `.` for a hole, space for a cell not yet
 * covered; copies of a repeated piece in alternating cases (see packingChars).
 */
export function rowsOf(problem: Problem, stack: Int32Array, depth: number): string[] {
  const chars = packingChars(problem, stack, depth);
  const rows: string[] = [];
  for (let r = 0; r < problem.rows; r++) rows.push(chars.slice(r * problem.cols, (r + 1) * problem.cols).join(''));
  return rows;
}

export interface RunHooks {
  /** Called with each distinct packing's rows (skip it to only count). */
  solution?: (rows: string[]) => void;
  /** Stop after this many solutions. */
  limit?: number;
  /**
   * Called with each counted packing as its pieces: kind (index into the set's kinds) and covered
   * cells (row-major indices of the board). Return true to stop.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: a callback that never stops the search returns nothing
  packing?: (pieces: ReadonlyArray<{ kind: number; cells: number[] }>) => boolean | void;
  /** Called now and then during the search; `rows()` draws the partial packing. Return true to stop. */
  tick?: (rows: () => string[], tries: number) => boolean;
}

function searchHooks(problem: Problem, hooks: RunHooks): SearchHooks {
  return drawnHooks(problem, (stack, depth) => rowsOf(problem, stack, depth), hooks, hooks.packing);
}

/** Runs the search below the given roots, in order. */
export function runRoots(prepared: Prepared, roots: readonly SearchRoot[], hooks: RunHooks = {}): RunResult {
  return runCoverRoots(prepared, roots, searchHooks(prepared.problem, hooks));
}

/** The whole search on one thread. */
export function runAll(prepared: Prepared, hooks: RunHooks = {}): RunResult {
  return runCoverAll(prepared, searchHooks(prepared.problem, hooks));
}
