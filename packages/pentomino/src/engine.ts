import type { Board } from '@kit/grid';
import { type Problem, compileProblem, hasIsolatedCell } from './compile.js';
import type { Kernel, KernelHooks } from './kernel.js';
import { FAST_CELLS, FAST_KINDS, createFastKernel } from './kernel-fast.js';
import { createWasmKernel, hasWasm } from './kernel-wasm.js';
import { createWideKernel } from './kernel-wide.js';
import { checkArea } from './area.js';
import { checkSearchable } from './limits.js';
import type { PieceSet } from './pieces.js';
import { type SearchPlan, type SearchRoot, type SymmetryMethod, chooseMethod, planSearch } from './plan.js';

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

export interface Prepared {
  problem: Problem;
  plan: SearchPlan;
  /** False when the board cannot be packed at all (a cut-off cell): nothing to search. */
  feasible: boolean;
  /** The general byte-board kernel: more than 64 cells or 31 kinds, or asked for. */
  wide: boolean;
  /** Which kernel searches: the byte-board one, or the bitboard one in WebAssembly or JavaScript. */
  kernel: 'wide' | 'wasm' | 'js';
}

/** Checks the pieces against the board (area at once) and compiles the search. */
export function prepare(board: Board, set: PieceSet, settings: EngineSettings = {}): Prepared {
  checkArea(board, set, settings.file);
  checkSearchable(board, set, settings.file);
  // The JavaScript kernel asked for: the JavaScript listing too, so the comparison covers both.
  const problem = compileProblem(board, set, { wasm: settings.kernel !== 'js' });
  const method = settings.method === undefined || settings.method === 'auto' ? chooseMethod(problem, settings.all ?? false) : settings.method;
  const plan = planSearch(problem, settings.all ? 'raw' : method, settings.kind);
  const wide = settings.wide === true || problem.size > FAST_CELLS || problem.kindNames.length > FAST_KINDS;
  const kernel = wide ? 'wide' : settings.kernel ?? (hasWasm() ? 'wasm' : 'js');
  return { problem, plan, feasible: !(problem.prune && hasIsolatedCell(problem)), wide, kernel };
}

/** Upper case to lower and back; other characters as they are. */
function otherCase(name: string): string {
  const lower = name.toLowerCase();
  return lower === name ? name.toUpperCase() : lower;
}

/**
 * A partial or complete packing as rows: piece names, `.` for a hole, space for a cell not yet
 * covered. Copies of a repeated piece alternate between its letter's two cases (when the other case
 * names no other piece), so their boundaries stay visible.
 */
export function rowsOf(problem: Problem, stack: Int32Array, depth: number): string[] {
  const chars: string[] = new Array(problem.rows * problem.cols);
  for (let i = 0; i < problem.size; i++) chars[problem.boardIndex[i]!] = problem.hole[i] ? '.' : ' ';
  const copies = new Array<number>(problem.kindNames.length).fill(0);
  for (let d = 0; d < depth; d++) {
    const placement = problem.placements[stack[d]!]!;
    let name = problem.kindNames[placement.kind]!;
    if (copies[placement.kind]!++ % 2 === 1 && !problem.kindNames.includes(otherCase(name))) name = otherCase(name);
    for (const cell of placement.cells) chars[problem.boardIndex[cell]!] = name;
  }
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

export interface RunResult {
  solutions: number;
  tries: number;
  stopped: boolean;
}

interface Searcher {
  run(roots: readonly SearchRoot[], hooks: RunHooks): RunResult;
}

// Building a kernel's tables costs milliseconds: a split search runs many roots on one kernel.
const searchers = new WeakMap<Prepared, Searcher>();

function createSearcher(prepared: Prepared): Searcher {
  const { problem, plan } = prepared;
  const { size, pieces } = problem;
  // A packing as a labelling that keeps piece boundaries (copies of one kind are told apart):
  // each cell gets its piece's kind and the piece's smallest cell.
  const labels = new Int32Array(size);
  const image = new Int32Array(size);
  let check: number[] = [];
  let solutions = 0;
  let triesBefore = 0;
  let hooks: RunHooks = {};

  // Is the packing on the stack the smallest of its images under the elements in `check`?
  const canonical = (stack: Int32Array): boolean => {
    labels.fill(-1);
    for (let d = 0; d < pieces; d++) {
      const placement = problem.placements[stack[d]!]!;
      const label = placement.kind * size + placement.cells[0]!;
      for (const cell of placement.cells) labels[cell] = label;
    }
    for (const g of check) {
      const perm = problem.group[g]!;
      image.fill(-1);
      for (let d = 0; d < pieces; d++) {
        const placement = problem.placements[stack[d]!]!;
        let first = size;
        for (const cell of placement.cells) first = Math.min(first, perm[cell]!);
        const label = placement.kind * size + first;
        for (const cell of placement.cells) image[perm[cell]!] = label;
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

  const kernelHooks: KernelHooks = {
    leaf(stack) {
      if (check.length > 0 && !canonical(stack)) return false;
      solutions++;
      hooks.solution?.(rowsOf(problem, stack, pieces));
      if (hooks.packing) {
        const placed: { kind: number; cells: number[] }[] = [];
        for (let d = 0; d < pieces; d++) {
          const placement = problem.placements[stack[d]!]!;
          placed.push({ kind: placement.kind, cells: placement.cells.map((cell) => problem.boardIndex[cell]!) });
        }
        if (hooks.packing(placed)) return true;
      }
      return hooks.limit !== undefined && solutions >= hooks.limit;
    },
    tick(stack, depth, tries) {
      return hooks.tick ? hooks.tick(() => rowsOf(problem, stack, depth), triesBefore + tries) : false;
    },
  };
  const create = { wide: createWideKernel, wasm: createWasmKernel, js: createFastKernel }[prepared.kernel];
  const kernel: Kernel = create(problem, plan.enabled, kernelHooks);

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
