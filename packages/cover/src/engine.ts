// The packing engine: a geometry's problem, its symmetries and a plan in; counts, tries and the
// packings that count out, in the kernels' fixed order.
import { createFastKernel } from './fast-kernel.js';
import type { PackingProblem } from './geometry.js';
import type { Kernel, KernelHooks } from './kernel.js';
import type { SearchPlan, SearchRoot } from './plan.js';
import { placementMasks } from './problem.js';
import { type CanonicalCheck, type SymmetryGroup, canonicalCheck } from './symmetry.js';
import { createWasmKernel } from './wasm-kernel.js';
import { createWideKernel } from './wide-kernel.js';

/** The byte-board kernel (any size), or the bitboard one (64 cells) in WebAssembly or in JavaScript (planes). */
export type KernelName = 'wide' | 'wasm' | 'js';

/** A search ready to run. */
export interface PreparedSearch {
  /** The cells, placements and piece counts, in the search's own cell numbering. */
  problem: PackingProblem;
  /** The board's symmetries that count, for keeping one packing of each orbit. */
  group: SymmetryGroup;
  /** How symmetric copies are removed, which placements the kernel may use, and the roots. */
  plan: SearchPlan;
  /** False when the board cannot be packed at all (a cut-off cell): nothing to search. */
  feasible: boolean;
  /** The kernel the search runs on. */
  kernel: KernelName;
}

/** What a caller hears from a search, and how it stops one. */
export interface SearchHooks {
  /** Each packing that counts, `stack[0..depth-1]` its placement ids. Return true to stop. */
  // biome-ignore lint/suspicious/noConfusingVoidType: a callback that never stops the search returns nothing
  solution?: (stack: Int32Array, depth: number) => boolean | void;
  /** Stop after this many packings. */
  limit?: number;
  /** Called now and then with the partial packing and the tries so far. Return true to stop. */
  tick?: (stack: Int32Array, depth: number, tries: number) => boolean;
}

/** The end of a search. */
export interface RunResult {
  /** Packings that count (one of each orbit, or every packing with the `raw` method). */
  solutions: number;
  /** Placements tried: the search's work, the same on every machine and kernel. */
  tries: number;
  /** True when `limit` or a hook ended the search before it was complete. */
  stopped: boolean;
}

interface Searcher {
  run(roots: readonly SearchRoot[], hooks: SearchHooks): RunResult;
}

// Building a kernel's tables costs milliseconds: a split search runs many roots on one kernel.
const searchers = new WeakMap<PreparedSearch, Searcher>();

function createKernel(prepared: PreparedSearch, hooks: KernelHooks): Kernel {
  const { problem, plan } = prepared;
  if (prepared.kernel === 'wide') return createWideKernel(problem, plan.enabled, hooks);
  if (prepared.kernel === 'js') return createFastKernel(problem, plan.enabled, hooks);
  const withMasks = problem.masks ? problem : { ...problem, masks: placementMasks(problem.placements) };
  return createWasmKernel(withMasks, plan.enabled, hooks);
}

function createSearcher(prepared: PreparedSearch): Searcher {
  const { problem } = prepared;
  const kinds = problem.kindMax.length;
  // Built at the first packing that needs it: a raw search (`--all`, the play referee) never does.
  let canonical: CanonicalCheck | undefined;
  const used = new Int32Array(kinds);
  let check: readonly number[] = [];
  let solutions = 0;
  let triesBefore = 0;
  let hooks: SearchHooks = {};

  // With ranges of counts a full board is a packing only if every kind is used often enough.
  const enoughOfEach = (stack: Int32Array, depth: number): boolean => {
    used.fill(0);
    for (let d = 0; d < depth; d++) used[problem.placements[stack[d]!]!.kind]!++;
    for (let k = 0; k < kinds; k++) if (used[k]! < problem.kindMin[k]!) return false;
    return true;
  };

  const kernel = createKernel(prepared, {
    leaf(stack, depth) {
      if (problem.ranges && !enoughOfEach(stack, depth)) return false;
      if (check.length > 0) {
        canonical ??= canonicalCheck(problem, prepared.group);
        if (!canonical(stack, depth, check)) return false;
      }
      solutions++;
      if (hooks.solution?.(stack, depth) === true) return true;
      return hooks.limit !== undefined && solutions >= hooks.limit;
    },
    tick(stack, depth, tries) {
      return hooks.tick ? hooks.tick(stack, depth, triesBefore + tries) : false;
    },
  });

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
export function runRoots(prepared: PreparedSearch, roots: readonly SearchRoot[], hooks: SearchHooks = {}): RunResult {
  if (!prepared.feasible) return { solutions: 0, tries: 0, stopped: false };
  let searcher = searchers.get(prepared);
  if (!searcher) {
    searcher = createSearcher(prepared);
    searchers.set(prepared, searcher);
  }
  return searcher.run(roots, hooks);
}

/** The whole search on one thread. */
export function runAll(prepared: PreparedSearch, hooks: SearchHooks = {}): RunResult {
  const result = runRoots(prepared, prepared.plan.roots, hooks);
  return prepared.feasible ? { ...result, tries: result.tries + prepared.plan.rootTries } : result;
}
