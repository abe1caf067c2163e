// The kernels' contract is @kit/cover's, whose WebAssembly search the wasm kernel is.
export { type Kernel, type KernelHooks, TICK_TRIES } from '@kit/cover';
