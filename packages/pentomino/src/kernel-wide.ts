// The general kernel (any board size, and where WebAssembly cannot run) is @kit/cover's.
import { createWideKernel as createCoverWideKernel } from '@kit/cover';
import type { Problem } from './compile.js';
import type { Kernel, KernelHooks } from './kernel.js';
import { asCoverProblem } from './kernel-wasm.js';

/** The byte-board search: one byte per cell, so any board size works. */
export function createWideKernel(problem: Problem, enabled: Uint8Array, hooks: KernelHooks): Kernel {
  return createCoverWideKernel(asCoverProblem(problem), enabled, hooks);
}
