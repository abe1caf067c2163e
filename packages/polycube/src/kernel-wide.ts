// The general kernel (any box, and where WebAssembly cannot run) is @kit/cover's.
export { createWideKernel } from '@kit/cover';
