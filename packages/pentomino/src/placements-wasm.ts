// compile.ts's placement listing for boards of up to 64 cells, run by assembly/placements.ts's
// listPlacements(): the same positions in the same order as the JavaScript listing (a test holds
// them equal). Before the JIT warms up, the JavaScript loop costs most of a short run's prepare.
import { compileOnce } from '@kit/cover';
import bytes from './placements.wasm.js';

/** One orientation of one kind, as search-index offsets from its anchor, ascending. */
export interface OrientedShape {
  kind: number;
  orientation: number;
  height: number;
  width: number;
  offsets: number[];
}

export interface ListingBoard {
  rows: number;
  cols: number;
  size: number;
  short: number;
  /** Search-index steps of one row and one column. */
  across: number;
  step: number;
  hole: { lo: number; hi: number };
  prune: boolean;
}

/**
 * The listed placements, four numbers each: shape index, anchor, and the mask (cells 0..31, then
 * 32..63). A plain array, read in plain loops: this runs once per solve, before the JIT warms up.
 */
export interface Listing {
  count: number;
  records: Int32Array;
}

interface ListingExports {
  memory: WebAssembly.Memory;
  shapesAt(words: number, capacity: number): number;
  placementsAt(): number;
  listPlacements(
    shapes: number,
    rows: number,
    cols: number,
    size: number,
    short: number,
    across: number,
    step: number,
    holeLo: number,
    holeHi: number,
    prune: number,
  ): number;
}

// Compiled once per thread; null where WebAssembly cannot compile here (compile.ts lists in
// JavaScript then).
const listingModule = compileOnce(bytes);

/** The placements of `shapes` on the board, or undefined where WebAssembly cannot run. */
export function listPlacementsInWasm(shapes: readonly OrientedShape[], board: ListingBoard): Listing | undefined {
  const module = listingModule();
  if (!module || board.size > 64) return undefined;
  const wasm = new WebAssembly.Instance(module, {}).exports as unknown as ListingExports;
  let words = 0;
  let capacity = 0;
  for (const shape of shapes) {
    words += 3 + shape.offsets.length;
    capacity += Math.max(0, board.rows - shape.height + 1) * Math.max(0, board.cols - shape.width + 1);
  }
  // shapesAt() may grow the memory, which replaces its buffer: the view comes after.
  const shapesAddress = wasm.shapesAt(words, capacity);
  const input = new Int32Array(wasm.memory.buffer, shapesAddress, words);
  let at = 0;
  for (const shape of shapes) {
    input[at++] = shape.height;
    input[at++] = shape.width;
    input[at++] = shape.offsets.length;
    for (const offset of shape.offsets) input[at++] = offset;
  }
  const { rows, cols, size, short, across, step, hole, prune } = board;
  const count = wasm.listPlacements(shapes.length, rows, cols, size, short, across, step, hole.lo, hole.hi, prune ? 1 : 0);
  // Records of 16 bytes: i32 shape, i32 anchor, u64 mask (little-endian: its low half first).
  return { count, records: new Int32Array(wasm.memory.buffer, wasm.placementsAt(), count * 4) };
}
