// The kernels' contract and sizes are @kit/cover's, whose WebAssembly search the bitboard kernel is.
export { BITBOARD_CELLS, BITBOARD_KINDS, type Kernel, type KernelHooks, TICK_TRIES, WINDOW } from '@kit/cover';
