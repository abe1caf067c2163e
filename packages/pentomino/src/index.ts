// @kit/pentomino: polyomino packing as a library (pack, piece sets, boards) and the Puzzle Kit plugin.
export * from './packing.js';
export { default as plugin } from './plugin.js';
