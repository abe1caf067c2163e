import { InputError } from '@kit/core';
import type { Board } from '@kit/grid';
import { type Problem, compileProblem, hasIsolatedCell } from './compile.js';
import type { Kernel, KernelHooks } from './kernel.js';
import { FAST_CELLS, createFastKernel } from './kernel-fast.js';
import { createWideKernel } from './kernel-wide.js';
import { type PieceSet, pieceArea, pieceCount } from './pieces.js';
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
  /** For error messages. */
  file?: string;
}

export interface Prepared {
  problem: Problem;
  plan: SearchPlan;
  /** False when the board cannot be packed at all (a cut-off cell): nothing to search. */
  feasible: boolean;
  wide: boolean;
}

/** Checks the pieces against the board (area at once) and compiles the search. */
export function prepare(board: Board, set: PieceSet, settings: EngineSettings = {}): Prepared {
  const cells = board.cells.filter(Boolean).length;
  const area = pieceArea(set);
  if (cells !== area) {
    const pieces = pieceCount(set);
    throw new InputError(
      `the board has ${cells} cells but the ${pieces} piece${pieces === 1 ? '' : 's'} cover ${area}`,
      settings.file !== undefined ? { file: settings.file } : {},
    );
  }
  const problem = compileProblem(board, set);
  const method = settings.method === undefined || settings.method === 'auto' ? chooseMethod(problem, settings.all ?? false) : settings.method;
  const plan = planSearch(problem, settings.all ? 'raw' : method, settings.kind);
  return { problem, plan, feasible: !(problem.prune && hasIsolatedCell(problem)), wide: settings.wide === true || problem.size > FAST_CELLS };
}

/** A partial or complete packing as rows: piece names, `.` for a hole, space for a cell not yet covered. */
export function rowsOf(problem: Problem, stack: Int32Array, depth: number): string[] {
  const chars: string[] = new Array(problem.rows * problem.cols);
  for (let i = 0; i < problem.size; i++) chars[problem.boardIndex[i]!] = problem.hole[i] ? '.' : ' ';
  for (let d = 0; d < depth; d++) {
    const placement = problem.placements[stack[d]!]!;
    const name = problem.kindNames[placement.kind]!;
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
  /** Called now and then during the search; `rows()` draws the partial packing. Return true to stop. */
  tick?: (rows: () => string[], tries: number) => boolean;
}

export interface RunResult {
  solutions: number;
  tries: number;
  stopped: boolean;
}

/** Runs the search below the given roots, in order. */
export function runRoots(prepared: Prepared, roots: readonly SearchRoot[], hooks: RunHooks = {}): RunResult {
  const { problem, plan } = prepared;
  if (!prepared.feasible) return { solutions: 0, tries: 0, stopped: false };
  const { size, pieces } = problem;
  const inverse = problem.group.map((perm) => {
    const inv = new Int32Array(size);
    perm.forEach((to, from) => {
      inv[to] = from;
    });
    return inv;
  });
  const labels = new Uint8Array(size);
  let check: number[] = [];
  let solutions = 0;
  let triesBefore = 0;
  let tries = 0;
  const limit = hooks.limit;

  // Is the packing on the stack the smallest of its images under the elements in `check`?
  const canonical = (stack: Int32Array): boolean => {
    labels.fill(255);
    for (let d = 0; d < pieces; d++) {
      const placement = problem.placements[stack[d]!]!;
      for (const cell of placement.cells) labels[cell] = placement.kind;
    }
    for (const g of check) {
      const inv = inverse[g]!;
      for (let i = 0; i < size; i++) {
        const mine = labels[i]!;
        const theirs = labels[inv[i]!]!;
        if (mine !== theirs) {
          if (theirs < mine) return false;
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
      return limit !== undefined && solutions >= limit;
    },
    tick(stack, depth) {
      return hooks.tick ? hooks.tick(() => rowsOf(problem, stack, depth), triesBefore) : false;
    },
  };
  const kernel: Kernel = prepared.wide
    ? createWideKernel(problem, plan.enabled, kernelHooks)
    : createFastKernel(problem, plan.enabled, kernelHooks);
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
}

/** The whole search on one thread. */
export function runAll(prepared: Prepared, hooks: RunHooks = {}): RunResult {
  const result = runRoots(prepared, prepared.plan.roots, hooks);
  return prepared.feasible ? { ...result, tries: result.tries + prepared.plan.rootTries } : result;
}
