import type { CoverProblem } from './problem.js';

/** One way to put one piece down. */
export interface Placement {
  /** The piece kind it puts down (an index into `kindNames`). */
  kind: number;
  /** Covered cells as search indices, ascending. */
  cells: readonly number[];
  /** Which of its kind's orientations this is (the `orient` method needs it). */
  orientation?: number;
}

/**
 * A packing puzzle as a geometry hands it to the engine: a plane of squares and a box of cubes are
 * two geometries. The cells are a box numbered along its first side, then its second, then its third
 * (CoverProblem); `boardIndex` maps them back to the puzzle's own numbering. Placements are listed
 * kind by kind. The symmetries come beside it, as a SymmetryGroup.
 */
export interface PackingProblem extends CoverProblem {
  /** Each kind's name, as the puzzle shows it (a letter, a shape's name). */
  kindNames: readonly string[];
  /** The fewest copies of each kind a packing holds (`kindMax` the most). */
  kindMin: readonly number[];
  /** Some kind has a range of counts: a full board is a packing only with enough of each kind. */
  ranges: boolean;
  /** For each search cell, its index in the puzzle's own numbering. */
  boardIndex: Int32Array;
  /** Every way to put every kind down, kind by kind. */
  placements: readonly Placement[];
  /**
   * Kinds no symmetry of the piece maps to itself (each orientation distinct), where the `orient`
   * method keeps one orientation per orbit of the board's group. Geometries without `orient` leave it out.
   */
  asymmetric?: readonly boolean[];
}
