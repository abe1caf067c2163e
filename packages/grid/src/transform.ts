import type { Coord } from './coord.js';

/** The eight symmetries of the square: four rotations, each with or without a mirror. */
export type Transform = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** One of the eight symmetries of the square, with what it does to a cell's offsets. */
export interface TransformInfo {
  /** Its number, the index into {@link TRANSFORMS}. */
  readonly id: Transform;
  /** Its name for messages and tests: `identity`, `rotate90` (clockwise), ..., `antiTranspose`. */
  readonly name: string;
  /** True when the transform swaps height and width (quarter turns and diagonal mirrors). */
  readonly swapsAxes: boolean;
  /** The linear part on offsets; translate afterwards to land in a box. */
  readonly apply: (row: number, col: number) => [number, number];
}

/** The eight symmetries in {@link Transform} order: the four rotations, then the four mirrors. */
export const TRANSFORMS: readonly TransformInfo[] = [
  { id: 0, name: 'identity', swapsAxes: false, apply: (r, c) => [r, c] },
  { id: 1, name: 'rotate90', swapsAxes: true, apply: (r, c) => [c, -r] },
  { id: 2, name: 'rotate180', swapsAxes: false, apply: (r, c) => [-r, -c] },
  { id: 3, name: 'rotate270', swapsAxes: true, apply: (r, c) => [-c, r] },
  { id: 4, name: 'mirror', swapsAxes: false, apply: (r, c) => [r, -c] },
  { id: 5, name: 'flip', swapsAxes: false, apply: (r, c) => [-r, c] },
  { id: 6, name: 'transpose', swapsAxes: true, apply: (r, c) => [c, r] },
  { id: 7, name: 'antiTranspose', swapsAxes: true, apply: (r, c) => [-c, -r] },
];

/** Every {@link Transform} number, 0 to 7, for loops over the symmetries. */
export const ALL_TRANSFORMS: readonly Transform[] = [0, 1, 2, 3, 4, 5, 6, 7];

/**
 * How far a transform's image of a `rows` x `cols` box must move to start at row 0, column 0: the
 * transform is linear, so the images of the box's corners tell.
 */
export function boxShift(t: Transform, rows: number, cols: number): Coord {
  const apply = TRANSFORMS[t]!.apply;
  let minRow = 0;
  let minCol = 0;
  for (const [cr, cc] of [
    [rows - 1, 0],
    [0, cols - 1],
    [rows - 1, cols - 1],
  ] as const) {
    const image = apply(cr, cc);
    minRow = Math.min(minRow, image[0]);
    minCol = Math.min(minCol, image[1]);
  }
  return { row: -minRow, col: -minCol };
}

/**
 * Where a transform sends a cell of a `rows` x `cols` box, inside the transformed box
 * (`cols` x `rows` when the transform swaps axes).
 */
export function transformInBox(t: Transform, at: Coord, rows: number, cols: number): Coord {
  const image = TRANSFORMS[t]!.apply(at.row, at.col);
  const shift = boxShift(t, rows, cols);
  return { row: image[0] + shift.row, col: image[1] + shift.col };
}
