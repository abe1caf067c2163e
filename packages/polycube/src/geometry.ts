// Cubes in space: the 48 symmetries of the cube lattice (24 rotations, 24 with a reflection),
// polycube shapes, their orientations and their mirror images.
import { sortShort } from '@kit/grid';

/** A unit cube at integer coordinates: x along a text line, y down the lines, z up the layers. */
export type Voxel = readonly [x: number, y: number, z: number];

/** A polycube: its cubes, moved so that each coordinate's least value is 0, sorted by z, y, x. */
export type Shape = readonly Voxel[];

/**
 * A symmetry of the lattice as a signed permutation of the axes: the image of (c0, c1, c2) has
 * `sign[i] * c[axis[i]]` as its coordinate i. `proper` is true for rotations (determinant +1).
 */
export interface Transform3 {
  axis: readonly [number, number, number];
  sign: readonly [number, number, number];
  proper: boolean;
}

/** The six orders of the three axes. */
export const PERMUTATIONS: readonly (readonly [number, number, number])[] = [
  [0, 1, 2],
  [0, 2, 1],
  [1, 0, 2],
  [1, 2, 0],
  [2, 0, 1],
  [2, 1, 0],
];
const PERMUTATION_SIGN = [1, -1, -1, 1, 1, -1];

/** All 48 symmetries; the identity first, then a fixed order (so results do not depend on chance). */
export const TRANSFORMS3: readonly Transform3[] = (() => {
  const out: Transform3[] = [];
  PERMUTATIONS.forEach((axis, p) => {
    for (let bits = 0; bits < 8; bits++) {
      const sign = [bits & 1 ? -1 : 1, bits & 2 ? -1 : 1, bits & 4 ? -1 : 1] as const;
      out.push({ axis, sign, proper: PERMUTATION_SIGN[p]! * sign[0] * sign[1] * sign[2] === 1 });
    }
  });
  return out;
})();

/** The 24 rotations: what a piece can do in the hand. */
export const ROTATIONS: readonly Transform3[] = TRANSFORMS3.filter((t) => t.proper);

export function applyTransform(t: Transform3, v: Voxel): Voxel {
  return [t.sign[0] * v[t.axis[0]]!, t.sign[1] * v[t.axis[1]]!, t.sign[2] * v[t.axis[2]]!];
}

function compareVoxels(a: Voxel, b: Voxel): number {
  return a[2] - b[2] || a[1] - b[1] || a[0] - b[0];
}

/** Moves cubes so each coordinate starts at 0, sorted by z, y, x (duplicates are the caller's). */
export function normalize(cubes: readonly Voxel[]): Shape {
  let mx = Infinity;
  let my = Infinity;
  let mz = Infinity;
  // Indexed, no destructuring: both go through an iterator while the code is cold.
  for (let i = 0; i < cubes.length; i++) {
    const cube = cubes[i]!;
    const x = cube[0];
    const y = cube[1];
    const z = cube[2];
    if (x < mx) mx = x;
    if (y < my) my = y;
    if (z < mz) mz = z;
  }
  // sortShort: a set's 24 orientations per piece are normalised while the code is cold.
  return sortShort(
    cubes.map((v): Voxel => [v[0] - mx, v[1] - my, v[2] - mz]),
    compareVoxels,
  );
}

export function shapeKey(shape: Shape): string {
  return shape.map((v) => v.join(',')).join(' ');
}

/** The size of a shape's bounding box, [x, y, z]. */
export function extent(shape: Shape): [number, number, number] {
  const size: [number, number, number] = [0, 0, 0];
  for (const v of shape) for (let i = 0; i < 3; i++) if (v[i]! + 1 > size[i]!) size[i] = v[i]! + 1;
  return size;
}

export function transformShape(t: Transform3, shape: Shape): Shape {
  return normalize(shape.map((v) => applyTransform(t, v)));
}

/** The distinct orientations of a shape under rotations only, in the order of ROTATIONS. */
export function orientations(shape: Shape): Shape[] {
  const seen = new Set<string>();
  const out: Shape[] = [];
  for (const t of ROTATIONS) {
    const image = transformShape(t, shape);
    const key = shapeKey(image);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(image);
    }
  }
  return out;
}

// Rotation keys are asked for the same few shapes again and again (every symmetry check of a set).
const rotationKeys = new Map<string, string>();

/**
 * A key equal for two shapes exactly when one is a rotation of the other: the least, over the 24
 * rotations, of the image's cells as sorted numbers (the image moved to start at 0 on each axis).
 * Numbers in typed arrays, not strings: a run checks its set's symmetry before anything else, when
 * this code is still cold.
 */
export function rotationKey(shape: Shape): string {
  const own = shapeKey(shape);
  const known = rotationKeys.get(own);
  if (known !== undefined) return known;
  const n = shape.length;
  // Each cube's distance from the low and from the high end of each axis: a rotation's image takes
  // one of the two per axis, so the 24 images are sums of these, with nothing made per image.
  const fromLow = [new Float64Array(n), new Float64Array(n), new Float64Array(n)];
  const fromHigh = [new Float64Array(n), new Float64Array(n), new Float64Array(n)];
  let side = 0;
  for (let a = 0; a < 3; a++) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let s = 0; s < n; s++) {
      const c = shape[s]![a]!;
      if (c < lo) lo = c;
      if (c > hi) hi = c;
    }
    for (let s = 0; s < n; s++) {
      fromLow[a]![s] = shape[s]![a]! - lo;
      fromHigh[a]![s] = hi - shape[s]![a]!;
    }
    // One more than the longest side: the same for every rotation, so a cell's number is unique.
    if (hi - lo + 1 > side) side = hi - lo + 1;
  }
  // Two buffers swapped, not an array per rotation. A typed array sorts its numbers natively, fast
  // even before this code is compiled.
  let best = new Float64Array(n);
  let image = new Float64Array(n);
  for (let r = 0; r < ROTATIONS.length; r++) {
    const { axis, sign } = ROTATIONS[r]!;
    const x = sign[0] === 1 ? fromLow[axis[0]]! : fromHigh[axis[0]]!;
    const y = sign[1] === 1 ? fromLow[axis[1]]! : fromHigh[axis[1]]!;
    const z = sign[2] === 1 ? fromLow[axis[2]]! : fromHigh[axis[2]]!;
    for (let s = 0; s < n; s++) image[s] = x[s]! + side * (y[s]! + side * z[s]!);
    image.sort();
    if (r === 0 || lessThan(image, best)) {
      const kept = best;
      best = image;
      image = kept;
    }
  }
  const key = `${side}:${best.join(',')}`;
  if (rotationKeys.size > 4096) rotationKeys.clear();
  rotationKeys.set(own, key);
  return key;
}

function lessThan(a: Float64Array, b: Float64Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

/** The shape seen in a mirror (x reversed). */
export function mirrorShape(shape: Shape): Shape {
  return normalize(shape.map(([x, y, z]): Voxel => [-x, y, z]));
}

/** True when no rotation turns the shape into its mirror image (it comes in a left and a right hand). */
export function isChiral(shape: Shape): boolean {
  return rotationKey(shape) !== rotationKey(mirrorShape(shape));
}

/** Are the cubes connected through shared faces? */
export function isConnected(cubes: readonly Voxel[]): boolean {
  if (cubes.length === 0) return false;
  const keys = new Set(cubes.map((v) => v.join(',')));
  const seen = new Set<string>([cubes[0]!.join(',')]);
  const queue: Voxel[] = [cubes[0]!];
  while (queue.length > 0) {
    const [x, y, z] = queue.pop()!;
    for (const next of [
      [x + 1, y, z],
      [x - 1, y, z],
      [x, y + 1, z],
      [x, y - 1, z],
      [x, y, z + 1],
      [x, y, z - 1],
    ] as const) {
      const key = next.join(',');
      if (keys.has(key) && !seen.has(key)) {
        seen.add(key);
        queue.push(next);
      }
    }
  }
  return seen.size === keys.size;
}
