// The canonical-image check: of the packings a symmetry of the board turns into one another, only
// the smallest is counted. Shared by every geometry; the geometry lists the symmetries.
import type { PackingProblem } from './geometry.js';

/** The symmetries of a board that count, as permutations of search indices. */
export interface SymmetryGroup {
  /** The identity first. */
  perms: readonly Int32Array[];
  /** For each element, the kind each kind becomes (its mirror twin under a reflection); left out, kinds stay. */
  kindMaps?: readonly Int32Array[];
}

/** Compares cell sets as bitmasks would: the set holding the highest differing cell is larger. */
export function compareCellSets(a: readonly number[], b: readonly number[]): number {
  let i = a.length - 1;
  let j = b.length - 1;
  while (i >= 0 && j >= 0) {
    if (a[i] !== b[j]) return a[i]! - b[j]!;
    i--;
    j--;
  }
  return i - j;
}

/** Cell lists of one length compared in order, first cell first. */
export function compareCellLists(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** The cells' image under a permutation, ascending. */
export function imageOf(perm: Int32Array, cells: readonly number[]): number[] {
  const out = cells.map((cell) => perm[cell]!);
  if (out.length > 16) return out.sort((a, b) => a - b);
  // Insertion sort for a piece's handful of cells: cold, Array.prototype.sort allocates about 1.5 KB a call.
  for (let i = 1; i < out.length; i++) {
    const value = out[i]!;
    let j = i - 1;
    for (; j >= 0 && out[j]! > value; j--) out[j + 1] = out[j]!;
    out[j + 1] = value;
  }
  return out;
}

/**
 * compareCellSets(imageOf(perm, cells), cells) in sign, without building the image: the larger set
 * is the one holding the highest cell of the two sets' difference. A planner compares thousands of
 * placements under every element: a piece's handful of cells is compared pairwise, allocating
 * nothing; a piece of many cells (a 2x70000 slab) through marks on the cells, not in n^2 steps.
 */
export function compareImage(perm: Int32Array, cells: readonly number[]): number {
  const n = cells.length;
  if (n > PAIRWISE_CELLS) return compareImageMarked(perm, cells);
  // Indexed loops: a planner calls this before the JIT compiles it, where for-of allocates a result per step.
  let inImage = -1;
  let inCells = -1;
  for (let i = 0; i < n; i++) {
    const to = perm[cells[i]!]!;
    if (to > inImage && !cells.includes(to)) inImage = to;
  }
  for (let i = 0; i < n; i++) {
    const cell = cells[i]!;
    if (cell <= inCells) continue;
    let mapped = false;
    for (let j = 0; j < n; j++) if (perm[cells[j]!] === cell) mapped = true;
    if (!mapped) inCells = cell;
  }
  return inImage - inCells;
}

// Past this many cells the pairwise comparison's n^2 steps cost more than marking the board's cells.
const PAIRWISE_CELLS = 64;
const IN_CELLS = 1;
const IN_IMAGE = 2;

function compareImageMarked(perm: Int32Array, cells: readonly number[]): number {
  const marks = new Uint8Array(perm.length);
  for (const cell of cells) marks[cell] = IN_CELLS;
  for (const cell of cells) marks[perm[cell]!] = marks[perm[cell]!]! | IN_IMAGE;
  let inImage = -1;
  let inCells = -1;
  for (const cell of cells) {
    const to = perm[cell]!;
    if (marks[to] === IN_IMAGE && to > inImage) inImage = to;
    if (marks[cell] === IN_CELLS && cell > inCells) inCells = cell;
  }
  return inImage - inCells;
}

/** Is the packing `stack[0..depth-1]` the smallest of its images under the group elements `check`? */
export type CanonicalCheck = (stack: Int32Array, depth: number, check: readonly number[]) => boolean;

/**
 * The check for one problem. A packing is compared as a labelling that keeps piece boundaries
 * (copies of one kind are told apart): each cell gets its piece's kind and the piece's smallest cell.
 */
export function canonicalCheck(problem: PackingProblem, group: SymmetryGroup): CanonicalCheck {
  const { size, placements } = problem;
  const labels = new Int32Array(size);
  const image = new Int32Array(size);
  // The placements as flat typed arrays: the check runs a few thousand times a search, mostly before
  // the JIT has compiled it, where plain indexed loops cost far less than for-of.
  const cellStart = new Int32Array(placements.length + 1);
  for (let id = 0; id < placements.length; id++) cellStart[id + 1] = cellStart[id]! + placements[id]!.cells.length;
  const cellsOf = new Int32Array(cellStart[placements.length]!);
  const kindOf = new Int32Array(placements.length);
  for (let id = 0; id < placements.length; id++) {
    cellsOf.set(placements[id]!.cells, cellStart[id]!);
    kindOf[id] = placements[id]!.kind;
  }
  const sameKinds = Int32Array.from(problem.kindMax, (_, k) => k);
  return (stack, depth, check) => {
    labels.fill(-1);
    for (let d = 0; d < depth; d++) {
      const id = stack[d]!;
      // Cells are ascending: the first is the smallest.
      const label = kindOf[id]! * size + cellsOf[cellStart[id]!]!;
      for (let i = cellStart[id]!, to = cellStart[id + 1]!; i < to; i++) labels[cellsOf[i]!] = label;
    }
    for (let c = 0; c < check.length; c++) {
      const g = check[c]!;
      const perm = group.perms[g]!;
      const kindMap = group.kindMaps?.[g] ?? sameKinds;
      image.fill(-1);
      for (let d = 0; d < depth; d++) {
        const id = stack[d]!;
        const from = cellStart[id]!;
        const to = cellStart[id + 1]!;
        let first = size;
        for (let i = from; i < to; i++) {
          const at = perm[cellsOf[i]!]!;
          if (at < first) first = at;
        }
        const label = kindMap[kindOf[id]!]! * size + first;
        for (let i = from; i < to; i++) image[perm[cellsOf[i]!]!] = label;
      }
      for (let i = 0; i < size; i++) {
        if (image[i] !== labels[i]) {
          if (image[i]! < labels[i]!) return false;
          break;
        }
      }
    }
    return true;
  };
}
