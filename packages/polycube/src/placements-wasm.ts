// compile.ts's placement listing for boxes of up to 64 cells, run by assembly/placements.ts's
// listPlacements(): the same positions in the same order as the JavaScript listing (a test holds
// them equal). Cold JavaScript spends most of a short run's set-up there.
import { compileOnce } from '@kit/cover';
import bytes from './placements.wasm.js';

/** One orientation of one kind, as search-index offsets from its anchor, with its extent along A, B, C. */
export interface OrientedShape {
  kind: number;
  extent: [number, number, number];
  offsets: number[];
}

interface ListingExports {
  memory: WebAssembly.Memory;
  shapesAt(words: number, capacity: number): number;
  placementsAt(): number;
  listPlacements(shapes: number, sideA: number, sideB: number, sideC: number, holeLo: number, holeHi: number, prune: number): number;
}

// One instance serves every listing on this thread (a listing keeps no state between calls). null:
// WebAssembly cannot compile here, and compile.ts lists in JavaScript.
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
 * The placements of `shapes` in the box, four numbers each (shape index, anchor, the mask's cells
 * 0..31 and 32..63), or undefined where WebAssembly cannot run.
 */
export function listPlacementsInWasm(
  shapes: readonly OrientedShape[],
  sides: readonly [number, number, number],
  hole: { lo: number; hi: number },
  prune: boolean,
): { count: number; records: Int32Array } | undefined {
  const wasm = listingInstance();
  if (!wasm || sides[0] * sides[1] * sides[2] > 64) return undefined;
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
  const count = wasm.listPlacements(shapes.length, sides[0], sides[1], sides[2], hole.lo, hole.hi, prune ? 1 : 0);
  return { count, records: new Int32Array(wasm.memory.buffer, wasm.placementsAt(), count * 4) };
}
