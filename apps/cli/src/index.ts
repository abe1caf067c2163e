// @kit/cli as a library: the `kit` command itself, run in-process. Programs that want plugin
// discovery use @kit/core/discovery, where the rules live.
export { main } from './main.js';
export type { MainOptions } from './main.js';
