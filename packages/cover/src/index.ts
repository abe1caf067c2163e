// The exact-cover search shared by @kit/pentomino and @kit/polycube.
export { compileOnce } from './compile-once.js';
export { BITBOARD_CELLS, BITBOARD_KINDS, type Kernel, type KernelHooks, TICK_TRIES, WINDOW } from './kernel.js';
export { type CoverProblem, fitsBitboard, placementMasks } from './problem.js';
export { createWasmKernel, estimateTries, hasWasm, wasmModule } from './wasm-kernel.js';
export { boxNeighbours, createWideKernel } from './wide-kernel.js';
