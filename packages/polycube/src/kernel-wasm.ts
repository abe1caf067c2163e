// The WebAssembly search is @kit/cover's: a compiled Problem is a CoverProblem once its placements'
// masks are listed (boxes of up to 64 cells).
import * as cover from '@kit/cover';
import type { Problem } from './compile.js';
import { BITBOARD_CELLS, BITBOARD_KINDS, type Kernel, type KernelHooks } from './kernel.js';

export { hasWasm } from '@kit/cover';

/** Does the problem fit the bitboard kernel (one 64-bit board, kinds in a 32-bit mask)? */
export function fitsBitboard(problem: Problem): boolean {
  return cover.fitsBitboard(problem);
}

function coverProblem(problem: Problem): cover.CoverProblem {
  if (!fitsBitboard(problem) || !problem.masks) throw new RangeError(`the bitboard kernel takes at most ${BITBOARD_CELLS} cells and ${BITBOARD_KINDS} kinds`);
  return problem;
}

/**
 * The expected number of tries of the search below each prefix (Knuth's estimate, `probes` random
 * walks each, deterministic for a seed), summed: what the planner compares plans by.
 */
export function estimateTries(problem: Problem, enabled: Uint8Array, prefixes: readonly (readonly number[])[], probes: number, seed: number): number {
  return cover.estimateTries(coverProblem(problem), enabled, prefixes, probes, seed);
}

/** The bitboard search in WebAssembly for boxes of up to 64 cells. */
export function createWasmKernel(problem: Problem, enabled: Uint8Array, hooks: KernelHooks): Kernel {
  return cover.createWasmKernel(coverProblem(problem), enabled, hooks);
}
