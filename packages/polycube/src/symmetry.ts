// Which packings count as the same: those a symmetry of the target turns into one another. A
// rotation of the whole target is always such a symmetry; a reflection is one only when the mirror
// image of every piece is a piece of the set (with the same count), so that the mirrored packing is
// again a packing of these pieces (then the mirrored piece takes the place of its twin).
import { InputError } from '@kit/core';
import type { SymmetryGroup as CoverGroup } from '@kit/cover';
import type { Problem } from './compile.js';
import { TRANSFORMS3, isChiral, mirrorShape, rotationKey } from './geometry.js';
import type { PieceSet } from './pieces.js';

/**
 * What `--symmetry` removes:
 * - `auto`: rotations of the target, and reflections too when the piece set is its own mirror image;
 * - `full`: rotations and reflections (refused when the pieces are not their own mirror image);
 * - `rotations`: rotations only (a packing and its mirror image both count);
 * - `none`: nothing: every packing counts.
 */
export const SYMMETRY_MODES = ['auto', 'full', 'rotations', 'none'] as const;
/** One of {@link SYMMETRY_MODES}: which packings `--symmetry` counts as the same. */
export type SymmetryMode = (typeof SYMMETRY_MODES)[number];
/** What was removed in the end. */
export type SymmetryUsed = 'full' | 'rotations' | 'none';

/**
 * For each kind, the kind that is its mirror image: itself when it is not chiral; its twin when
 * the set holds the mirror shape with the same count (twins paired in order when several kinds
 * share a shape). undefined when some chiral kind has no twin: the set is not its own mirror image.
 */
export function mirrorKinds(set: PieceSet): number[] | undefined {
  const keys = set.kinds.map((kind) => rotationKey(kind.shape));
  const out = new Array<number>(set.kinds.length).fill(-1);
  for (let k = 0; k < set.kinds.length; k++) {
    if (out[k] !== -1) continue;
    const kind = set.kinds[k]!;
    if (!isChiral(kind.shape)) {
      out[k] = k;
      continue;
    }
    const mirrored = rotationKey(mirrorShape(kind.shape));
    const twin = set.kinds.findIndex((other, j) => out[j] === -1 && j !== k && keys[j] === mirrored && other.min === kind.min && other.max === kind.max);
    if (twin < 0) return undefined;
    out[k] = twin;
    out[twin] = k;
  }
  return out;
}

/** The first chiral kind without a twin, for messages. */
export function kindWithoutTwin(set: PieceSet): string | undefined {
  const keys = set.kinds.map((kind) => rotationKey(kind.shape));
  return set.kinds.find(
    (kind) =>
      isChiral(kind.shape) &&
      !set.kinds.some((other, j) => keys[j] === rotationKey(mirrorShape(kind.shape)) && other.min === kind.min && other.max === kind.max),
  )?.name;
}

/** Decides what `mode` removes for this set; throws for `full` on a set that is not its own mirror image. */
export function resolveSymmetry(mode: SymmetryMode, set: PieceSet): SymmetryUsed {
  if (mode === 'none' || mode === 'rotations') return mode;
  if (mirrorKinds(set)) return 'full';
  if (mode === 'auto') return 'rotations';
  throw new InputError(
    `--symmetry full: piece ${JSON.stringify(kindWithoutTwin(set))} has no mirror twin in the set, so a mirrored packing is not a packing of these pieces (use --symmetry rotations)`,
  );
}

/**
 * Throws where {@link resolveSymmetry} would, without its work where it cannot throw: only `full`
 * can fail (a chiral piece without its twin); `auto` settles at search time. Parsing a Soma run
 * looked for mirror twins twice, once in the plugin's bundle and once in the solver's.
 */
export function checkSymmetryMode(mode: SymmetryMode, set: PieceSet): void {
  if (mode === 'full') resolveSymmetry(mode, set);
}

/** The symmetries of the target that count: cell permutations (search indices) and what they do to kinds. */
export interface SymmetryGroup extends CoverGroup {
  /** Permutations of search indices; the identity first. */
  perms: Int32Array[];
  /** For each element, the kind each kind becomes (its mirror twin under a reflection). */
  kindMaps: Int32Array[];
  /** Indices into TRANSFORMS3 of the elements. */
  transforms: number[];
}

/** The elements of the target's symmetry group allowed by `used` (the identity alone for `none`). */
export function targetGroup(problem: Problem, used: SymmetryUsed, mirror: readonly number[] | undefined): SymmetryGroup {
  const { box, axes, sides, size, hole } = problem;
  const [A, B] = sides;
  const kinds = problem.kindNames.length;
  const identity = Int32Array.from({ length: kinds }, (_, k) => k);
  const mirrored = mirror ? Int32Array.from(mirror) : identity;
  const group: SymmetryGroup = { perms: [], kindMaps: [], transforms: [] };
  const searchIndex = (v: readonly number[]) => v[axes[0]]! + A * (v[axes[1]]! + B * v[axes[2]]!);
  TRANSFORMS3.forEach((t, index) => {
    if (index > 0 && used === 'none') return;
    if (!t.proper && used !== 'full') return;
    // The box must map onto itself: side i of the image is side axis[i] of the box.
    if (t.axis.some((from, i) => box[from] !== box[i])) return;
    const perm = new Int32Array(size);
    const v = [0, 0, 0];
    const image = [0, 0, 0];
    for (let i = 0; i < size; i++) {
      v[axes[0]] = i % A;
      v[axes[1]] = Math.floor(i / A) % B;
      v[axes[2]] = Math.floor(i / (A * B));
      for (let j = 0; j < 3; j++) {
        const from = t.axis[j]!;
        image[j] = t.sign[j] === 1 ? v[from]! : box[from]! - 1 - v[from]!;
      }
      const to = searchIndex(image);
      if (hole[to] !== hole[i]) return;
      perm[i] = to;
    }
    group.perms.push(perm);
    group.kindMaps.push(t.proper ? identity : mirrored);
    group.transforms.push(index);
  });
  return group;
}
