// The WebAssembly search is @kit/cover's: a board is a plane of `short` x `size / short` cells,
// numbered along its short side first, as compile.ts numbers them.
import { type CoverProblem, createWasmKernel as createCoverKernel } from '@kit/cover';
import type { Problem } from './compile.js';
import type { Kernel, KernelHooks } from './kernel.js';
import { checkBitboard, placementMasks } from './tables.js';

export { hasWasm } from '@kit/cover';

/**
 * The board as @kit/cover's kernels see it. A packing is complete when the board is full, which is
 * when every piece is placed: the engine checks the area first.
 */
export function asCoverProblem(problem: Problem, withMasks = false): CoverProblem {
  const { size, short, hole, kindCounts, pieces, prune, placements } = problem;
  return {
    size, sides: [short, size / short, 1], hole, kindMax: kindCounts, maxPieces: pieces, prune, placements,
    ...(withMasks ? { masks: placementMasks(problem) } : {}),
  };
}

/**
 * The bitboard search in WebAssembly for boards of up to 64 cells: the same tables as the
 * JavaScript kernel, the same order, so the same tries and solution order.
 */
export function createWasmKernel(problem: Problem, enabled: Uint8Array, hooks: KernelHooks): Kernel {
  checkBitboard(problem);
  return createCoverKernel(asCoverProblem(problem, true), enabled, hooks);
}
