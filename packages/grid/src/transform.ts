import type { Coord } from './coord.js';

/** The eight symmetries of the square: four rotations, each with or without a mirror. */
export type Transform = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface TransformInfo {
  readonly id: Transform;
  readonly name: string;
  /** True when the transform swaps height and width (quarter turns and diagonal mirrors). */
  readonly swapsAxes: boolean;
  /** The linear part on offsets; translate afterwards to land in a box. */
  readonly apply: (row: number, col: number) => [number, number];
}

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

export const ALL_TRANSFORMS: readonly Transform[] = [0, 1, 2, 3, 4, 5, 6, 7];

/**
 * Where a transform sends a cell of a `rows` x `cols` box, inside the transformed box
 * (`cols` x `rows` when the transform swaps axes).
 */
export function transformInBox(t: Transform, at: Coord, rows: number, cols: number): Coord {
  const info = TRANSFORMS[t]!;
  const [r, c] = info.apply(at.row, at.col);
  // The images of the box's corners tell how far to shift back into the box.
  let minRow = 0;
  let minCol = 0;
  for (const [cr, cc] of [[rows - 1, 0], [0, cols - 1], [rows - 1, cols - 1]] as const) {
    const [ir, ic] = info.apply(cr, cc);
    minRow = Math.min(minRow, ir);
    minCol = Math.min(minCol, ic);
  }
  return { row: r - minRow, col: c - minCol };
}
