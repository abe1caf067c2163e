import { type ListingShape, type PackingProblem, boxNeighbours, isolatesCell, listPlacementsInWasm, placementMasks } from '@kit/cover';
import { type Shape, orientations, shapeKey } from './geometry.js';
import type { PieceSet } from './pieces.js';
import { type Target, isCube, targetSize } from './target.js';

/** One orientation of one kind, as search-index offsets from its anchor, with its extent along A, B, C. */
interface OrientedShape extends ListingShape {
  kind: number;
  extent: [number, number, number];
  offsets: number[];
}

/** One way to put one piece in the target. */
export interface Placement {
  kind: number;
  /** Covered cells as search indices, ascending. */
  cells: number[];
}

/**
 * A packing problem in the search's own cell numbering (the box as @kit/cover's geometry): along the box's shortest side first, then
 * the middle one, then the longest (index = a + A * (b + B * c)), so a placement's cells lie close
 * together and the cells filled before the first empty one form a prefix of whole slices.
 */
export interface Problem extends PackingProblem {
  /** The target's box in its own axes: columns, rows, layers. */
  box: [number, number, number];
  /** Which axis of the box (0 x, 1 y, 2 z) runs fastest, in the middle, slowest in the search. */
  axes: [number, number, number];
  /** The box's sides in that order: A <= B <= C. */
  sides: [number, number, number];
  /** Cells of the box, holes included. */
  size: number;
  /** For each search index, the box index x + X * (y + Y * z). */
  boardIndex: Int32Array;
  hole: Uint8Array;
  kindNames: string[];
  kindMin: number[];
  kindMax: number[];
  kindSizes: number[];
  /** The most pieces a packing can hold (the sum of the maximum counts). */
  maxPieces: number;
  /** Some kind has a range of counts: a full board must also use each kind at least `min` times. */
  ranges: boolean;
  /** Every placement that covers no hole and does not cut off a cell against the holes on its own. */
  placements: Placement[];
  /** Skip placements that leave an empty cell with no empty neighbour (off with 1-cube pieces). */
  prune: boolean;
  /** Boxes of up to 64 cells: each placement's cells as a bitmask, cells 0..31 and 32..63. */
  masks?: { lo: Int32Array; hi: Int32Array };
}

/** Orders the box's axes by length (ties: x before y before z). */
export function searchAxes(box: readonly [number, number, number]): [number, number, number] {
  return [0, 1, 2].sort((i, j) => box[i]! - box[j]! || i - j) as [number, number, number];
}

/** The problem in the search's numbering, with the box's axes in `axes` order (default: by length). */
export interface CompileOptions {
  /** false: list placements in JavaScript even where WebAssembly runs (tests compare the two). */
  wasm?: boolean;
}

export function compileProblem(
  target: Target,
  set: PieceSet,
  axes: [number, number, number] = searchAxes(targetSize(target)),
  options: CompileOptions = {},
): Problem {
  const box = targetSize(target);
  const sides: [number, number, number] = [box[axes[0]]!, box[axes[1]]!, box[axes[2]]!];
  const [A, B, C] = sides;
  const size = A * B * C;
  const boardIndex = new Int32Array(size);
  const hole = new Uint8Array(size);
  const at = [0, 0, 0];
  for (let i = 0; i < size; i++) {
    at[axes[0]] = i % A;
    at[axes[1]] = Math.floor(i / A) % B;
    at[axes[2]] = Math.floor(i / (A * B));
    boardIndex[i] = at[0]! + box[0] * (at[1]! + box[1] * at[2]!);
    if (!isCube(target, at[0]!, at[1]!, at[2]!)) hole[i] = 1;
  }
  const kinds = set.kinds;
  const prune = kinds.every((kind) => kind.shape.length > 1);
  // Each orientation as offsets from its anchor: one sort per orientation serves every position.
  const shapes: OrientedShape[] = [];
  kinds.forEach((kind, k) => {
    for (const shape of cachedOrientations(kind.shape)) shapes.push(orient(shape, k, sides, axes));
  });
  const placements: Placement[] = [];
  let masks: { lo: Int32Array; hi: Int32Array } | undefined;
  const listed = size <= 64 && options.wasm !== false ? listPlacementsInWasm(shapes, sides, holeMask(hole), prune) : undefined;
  if (listed) {
    const { count, records } = listed;
    masks = { lo: new Int32Array(count), hi: new Int32Array(count) };
    for (let i = 0; i < count; i++) {
      const shape = shapes[records[4 * i]!]!;
      const anchor = records[4 * i + 1]!;
      const cells = new Array<number>(shape.offsets.length);
      for (let c = 0; c < cells.length; c++) cells[c] = anchor + shape.offsets[c]!;
      placements.push({ kind: shape.kind, cells });
      masks.lo[i] = records[4 * i + 2]!;
      masks.hi[i] = records[4 * i + 3]!;
    }
  } else {
    const neighbours = boxNeighbours(sides);
    const mark = Uint8Array.from(hole);
    for (const shape of shapes) listPlacements(shape, sides, hole, prune ? { neighbours, mark } : undefined, placements);
  }
  const problem: Problem = {
    box,
    axes,
    sides,
    size,
    boardIndex,
    hole,
    kindNames: kinds.map((kind) => kind.name),
    kindMin: kinds.map((kind) => kind.min),
    kindMax: kinds.map((kind) => kind.max),
    kindSizes: kinds.map((kind) => kind.shape.length),
    maxPieces: kinds.reduce((n, kind) => n + kind.max, 0),
    ranges: kinds.some((kind) => kind.min !== kind.max),
    placements,
    prune,
  };
  if (size <= 64) problem.masks = masks ?? placementMasks(placements);
  return problem;
}

// Orientations depend on the shape alone, and the planner compiles one set several times.
const orientationCache = new Map<string, Shape[]>();

function cachedOrientations(shape: Shape): Shape[] {
  const key = shapeKey(shape);
  let list = orientationCache.get(key);
  if (!list) {
    list = orientations(shape);
    if (orientationCache.size > 4096) orientationCache.clear();
    orientationCache.set(key, list);
  }
  return list;
}

function orient(shape: Shape, kind: number, sides: readonly [number, number, number], axes: readonly [number, number, number]): OrientedShape {
  const [A, B] = sides;
  const extent: [number, number, number] = [0, 0, 0];
  const offsets = new Int32Array(shape.length);
  for (let i = 0; i < shape.length; i++) {
    const voxel = shape[i]!;
    const a = voxel[axes[0]]!;
    const b = voxel[axes[1]]!;
    const c = voxel[axes[2]]!;
    extent[0] = Math.max(extent[0], a + 1);
    extent[1] = Math.max(extent[1], b + 1);
    extent[2] = Math.max(extent[2], c + 1);
    offsets[i] = a + A * (b + B * c);
  }
  // A typed array sorts natively: this runs for every orientation before the JIT warms up.
  return { kind, extent, offsets: Array.from(offsets.sort()) };
}

function holeMask(hole: Uint8Array): { lo: number; hi: number } {
  let lo = 0;
  let hi = 0;
  for (let cell = 0; cell < hole.length && cell < 64; cell++) {
    if (!hole[cell]) continue;
    if (cell < 32) lo |= 1 << cell;
    else hi |= 1 << (cell - 32);
  }
  return { lo, hi };
}

/** Every position of one orientation inside the box, by its offset along C, then B, then A. */
function listPlacements(
  shape: OrientedShape,
  sides: readonly [number, number, number],
  hole: Uint8Array,
  pruning: { neighbours: Int32Array[]; mark: Uint8Array } | undefined,
  out: Placement[],
): void {
  const [A, B, C] = sides;
  const [ea, eb, ec] = shape.extent;
  const offsets = shape.offsets;
  for (let dc = 0; dc + ec <= C; dc++) {
    for (let db = 0; db + eb <= B; db++) {
      for (let da = 0; da + ea <= A; da++) {
        const anchor = da + A * (db + B * dc);
        let blocked = false;
        for (const offset of offsets) if (hole[anchor + offset]) blocked = true;
        if (blocked) continue;
        const cells = offsets.map((offset) => anchor + offset);
        if (pruning && isolatesCell(cells, pruning.neighbours, pruning.mark)) continue;
        out.push({ kind: shape.kind, cells });
      }
    }
  }
}
