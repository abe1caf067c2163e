import { sortShort } from '@kit/grid';
import type { Problem } from './compile.js';

/**
 * How symmetric copies are removed.
 * - `raw`: every packing (what `--all` counts).
 * - `first`: one piece that occurs once (the most constraining one, X when present) is placed first,
 *   only at placements that are smallest in their orbit under the board's group G; packings whose
 *   first placement is fixed by some g are deduplicated by a canonical check under that stabiliser.
 * - `orient`: the seeds' method: one asymmetric piece that occurs once keeps one orientation per
 *   orbit of G. Exact because no packing containing it can be symmetric.
 * - `canon`: every packing is generated; only the smallest image under G is kept. Works for any set.
 */
export type SymmetryMethod = 'raw' | 'first' | 'orient' | 'canon';

/** A subtree of the search: placements already made, and the group elements a packing must beat. */
export interface SearchRoot {
  prefix: number[];
  /** Indices into `problem.group` of the elements to check a packing against (empty: keep all). */
  check: number[];
}

export interface SearchPlan {
  method: SymmetryMethod;
  /** The piece kind placed first (`first`) or restricted (`orient`), else -1. */
  kind: number;
  /** Which placements the kernel may use. */
  enabled: Uint8Array;
  roots: SearchRoot[];
  /** Placements made to build the roots (the first pieces), counted as tries. */
  rootTries: number;
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

function image(perm: Int32Array, cells: readonly number[]): number[] {
  return sortShort(cells.map((c) => perm[c]!), (x, y) => x - y);
}

/** Kinds that occur exactly once. */
function singleKinds(problem: Problem): number[] {
  return problem.kindCounts.flatMap((count, kind) => (count === 1 ? [kind] : []));
}

/** The representatives of the first piece's placements under G, with their stabilisers. */
function firstPieceRoots(problem: Problem, kind: number): SearchRoot[] {
  const roots: SearchRoot[] = [];
  problem.placements.forEach((placement, id) => {
    if (placement.kind !== kind) return;
    const check: number[] = [];
    for (let g = 1; g < problem.group.length; g++) {
      const order = compareCellSets(image(problem.group[g]!, placement.cells), placement.cells);
      if (order < 0) return;
      if (order === 0) check.push(g);
    }
    roots.push({ prefix: [id], check });
  });
  return roots;
}

export function chooseMethod(problem: Problem, all: boolean): SymmetryMethod {
  if (all || problem.group.length === 1) return 'raw';
  return singleKinds(problem).length > 0 ? 'first' : 'canon';
}

export function planSearch(problem: Problem, method: SymmetryMethod, kindName?: string): SearchPlan {
  const enabled = new Uint8Array(problem.placements.length).fill(1);
  const everything: SearchRoot = { prefix: [], check: [] };
  if (method === 'raw' || problem.group.length === 1) return { method, kind: -1, enabled, roots: [everything], rootTries: 0 };
  if (method === 'canon') {
    return { method, kind: -1, enabled, roots: [{ prefix: [], check: problem.group.map((_, g) => g).slice(1) }], rootTries: 0 };
  }
  const named = kindName === undefined ? -1 : problem.kindNames.indexOf(kindName);
  if (method === 'orient') {
    const candidates = singleKinds(problem).filter((k) => problem.kindOrientations[k] === 8);
    const kind = named >= 0 ? named : candidates[0] ?? -1;
    if (kind < 0 || !candidates.includes(kind)) throw new RangeError('orient needs a piece with 8 orientations that occurs once');
    const keep = keptOrientations(problem, kind);
    problem.placements.forEach((placement, id) => {
      if (placement.kind === kind && !keep.has(placement.orientation)) enabled[id] = 0;
    });
    return { method, kind, enabled, roots: [everything], rootTries: 0 };
  }
  // first: the single kind with the fewest placements (X on the seed boards: one orientation).
  const candidates = singleKinds(problem);
  if (candidates.length === 0) throw new RangeError('first needs a piece that occurs once');
  let kind = named;
  if (kind < 0) {
    const placementsOf = new Array<number>(problem.kindNames.length).fill(0);
    for (const placement of problem.placements) placementsOf[placement.kind]!++;
    for (const candidate of candidates) if (kind < 0 || placementsOf[candidate]! < placementsOf[kind]!) kind = candidate;
  }
  const roots = firstPieceRoots(problem, kind);
  problem.placements.forEach((placement, id) => {
    if (placement.kind === kind) enabled[id] = 0;
  });
  return { method, kind, enabled, roots, rootTries: roots.length };
}

/** One orientation per orbit of the board's group acting on the piece's orientations. */
function keptOrientations(problem: Problem, kind: number): Set<number> {
  // Orientation o of the piece maps to orientation o' under g: find it from a placement of each.
  const byOrientation = new Map<number, number[]>();
  for (const placement of problem.placements) {
    if (placement.kind === kind && !byOrientation.has(placement.orientation)) byOrientation.set(placement.orientation, placement.cells);
  }
  const orientationOf = new Map<string, number>();
  for (const placement of problem.placements) {
    if (placement.kind === kind) orientationOf.set(placement.cells.join(','), placement.orientation);
  }
  const keep = new Set<number>();
  const seen = new Set<number>();
  for (const [orientation, cells] of [...byOrientation].sort((a, b) => a[0] - b[0])) {
    if (seen.has(orientation)) continue;
    keep.add(orientation);
    for (const perm of problem.group) {
      const imageOrientation = orientationOf.get(image(perm, cells).join(','));
      if (imageOrientation !== undefined) seen.add(imageOrientation);
    }
  }
  return keep;
}
