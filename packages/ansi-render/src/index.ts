export { detectColorMode, canAnimate } from './color.js';
export type { ColorMode, ColorDetectionOptions } from './color.js';
export { renderFrame, frameToString } from './render.js';
export type { RenderOptions } from './render.js';
export { Animator, redraw } from './animator.js';
export type { AnimatorOptions, AnimatorStream } from './animator.js';
