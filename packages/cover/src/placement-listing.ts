// The geometries' placement listing for boxes of up to 64 cells, run by assembly/placements.ts's
// listPlacements(): each geometry keeps a JavaScript listing of its own (any size, and hosts without
// WebAssembly), and a test in each holds the two equal. Cold JavaScript would spend most of a short
// run's set-up there.
import { compileOnce } from './compile-once.js';
import bytes from './placements.wasm.js';

/** One orientation of a piece: its extent along A, B and C, and its cells as search-index offsets from its anchor. */
export interface ListingShape {
  /** Cells it spans along A, B and C (1 along C in a plane). */
  extent: readonly [number, number, number];
  /** Its cells' search indices with the anchor at 0, ascending. */
  offsets: readonly number[];
}

/**
 * The order anchors are listed in: the box axis (0 A, 1 B, 2 C) whose offset changes slowest, then
 * the next; the third changes fastest. A geometry lists in the order its JavaScript listing does.
 */
export type ListingOrder = readonly [outer: 0 | 1 | 2, middle: 0 | 1 | 2];

/** The listed placements, four numbers each: shape index, anchor, and the mask (cells 0..31, then 32..63). */
export interface Listing {
  /** How many placements were listed. */
  count: number;
  /** A view on the listing's memory: read it before the next listing on this thread. */
  records: Int32Array;
}

interface ListingExports {
  memory: WebAssembly.Memory;
  shapesAt(words: number, capacity: number): number;
  placementsAt(): number;
  listPlacements(
    shapes: number,
    sideA: number,
    sideB: number,
    sideC: number,
    outer: number,
    middle: number,
    holeLo: number,
    holeHi: number,
    prune: number,
  ): number;
}

// One instance serves every listing on this thread (a listing keeps no state between calls). null:
// WebAssembly cannot compile here, and the geometry lists in JavaScript.
const listingModule = compileOnce(bytes);
let instance: ListingExports | null | undefined;

function listingInstance(): ListingExports | null {
  if (instance === undefined) {
    const module = listingModule();
    instance = module && (new WebAssembly.Instance(module, {}).exports as unknown as ListingExports);
  }
  return instance;
}

/**
 * Every position of every shape in the A x B x C box (cells numbered `a + A * (b + B * c)`) that
 * covers no hole and, with `prune`, leaves no empty cell next to it without an empty neighbour:
 * shape by shape, then by anchor in `order`. Undefined where WebAssembly cannot run, or for a box
 * of more than 64 cells.
 */
export function listPlacementsInWasm(
  shapes: readonly ListingShape[],
  sides: readonly [number, number, number],
  hole: { lo: number; hi: number },
  prune: boolean,
  order: ListingOrder = [2, 1],
): Listing | undefined {
  const [outer, middle] = order;
  if (outer === middle || ![0, 1, 2].includes(outer) || ![0, 1, 2].includes(middle))
    throw new RangeError(`listing order ${JSON.stringify(order)}: two different axes of 0, 1, 2`);
  if (sides[0] * sides[1] * sides[2] > 64) return undefined;
  const wasm = listingInstance();
  if (!wasm) return undefined;
  let words = 0;
  let capacity = 0;
  for (const shape of shapes) {
    words += 4 + shape.offsets.length;
    capacity += Math.max(0, sides[0] - shape.extent[0] + 1) * Math.max(0, sides[1] - shape.extent[1] + 1) * Math.max(0, sides[2] - shape.extent[2] + 1);
  }
  // shapesAt() may grow the memory, which replaces its buffer: the view comes after.
  const address = wasm.shapesAt(words, capacity);
  const input = new Int32Array(wasm.memory.buffer, address, words);
  let at = 0;
  for (const shape of shapes) {
    input[at++] = shape.extent[0];
    input[at++] = shape.extent[1];
    input[at++] = shape.extent[2];
    input[at++] = shape.offsets.length;
    for (const offset of shape.offsets) input[at++] = offset;
  }
  const count = wasm.listPlacements(shapes.length, sides[0], sides[1], sides[2], outer, middle, hole.lo, hole.hi, prune ? 1 : 0);
  return { count, records: new Int32Array(wasm.memory.buffer, wasm.placementsAt(), count * 4) };
}
