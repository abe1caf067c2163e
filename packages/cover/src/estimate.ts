import type { PreparedSearch } from './engine.js';
import type { SearchPlan } from './plan.js';
import { type CoverProblem, placementMasks } from './problem.js';
import { estimateTries } from './wasm-kernel.js';

/**
 * Knuth's estimate of a plan's whole search in tries (random walks in the WebAssembly kernel,
 * deterministic for a seed): what a planner compares plans by, and what a host asks to tell a
 * search too small to split. The walks are spread over the roots, each root's own estimate summed;
 * with more roots than walks to spare (a piece placed second makes thousands), every k-th root,
 * scaled up. The problem must fit the bitboard, with WebAssembly at hand.
 */
export function estimateSearch(problem: CoverProblem, plan: SearchPlan, probes: number, seed: number): number {
  const { roots } = plan;
  if (roots.length === 0) return plan.rootTries;
  const sampled = Math.max(1, Math.min(roots.length, Math.floor(probes / 8)));
  const stride = roots.length / sampled;
  const prefixes: number[][] = [];
  for (let i = 0; i < sampled; i++) prefixes.push(roots[Math.floor(i * stride)]!.prefix);
  const each = Math.max(8, Math.ceil(probes / sampled));
  return plan.rootTries + stride * estimateTries(problem, plan.enabled, prefixes, each, seed);
}

/** Walks and seed of {@link estimatePrepared}: a quick look, the same on every machine. */
const QUICK_PROBES = 100;
const QUICK_SEED = 0x2023;

/**
 * A prepared search's quick estimate in tries (0 when it cannot be packed), or undefined where it
 * does not run on the WebAssembly kernel (no estimate can be made there).
 */
export function estimatePrepared(prepared: PreparedSearch): number | undefined {
  if (prepared.kernel !== 'wasm') return undefined;
  if (!prepared.feasible) return 0;
  const { problem } = prepared;
  const withMasks = problem.masks ? problem : { ...problem, masks: placementMasks(problem.placements) };
  return estimateSearch(withMasks, prepared.plan, QUICK_PROBES, QUICK_SEED);
}
