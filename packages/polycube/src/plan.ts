import { type Problem, cellNeighbours } from './compile.js';
import type { SymmetryGroup } from './symmetry.js';

/**
 * How symmetric copies are removed (as in @kit/pentomino):
 * - `raw`: every packing (the group is the identity alone);
 * - `first`: one piece that occurs exactly once and that every element of the group maps to itself
 *   (with reflections: one that is its own mirror image) is placed first, only at placements that
 *   are smallest in their orbit; packings whose first placement some elements fix are kept only
 *   when they are the smallest of their images under those elements;
 * - `canon`: every packing is generated and only the smallest of its images is kept.
 */
export type SymmetryMethod = 'raw' | 'first' | 'canon';

/** A subtree of the search: placements already made, and the group elements a packing must beat. */
export interface SearchRoot {
  prefix: number[];
  /** Indices into the group of the elements to check a packing against (empty: keep all). */
  check: number[];
}

export interface SearchPlan {
  method: SymmetryMethod;
  /** The kind placed first (`first`), else -1. */
  kind: number;
  /** A kind placed second, everywhere it fits beside the first (see planSearch), else -1. */
  second: number;
  /** Which placements the kernel may use. */
  enabled: Uint8Array;
  roots: SearchRoot[];
  /** Placements made to build the roots (the first piece), counted as tries. */
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

/**
 * compareCellSets(image of `cells` under `perm`, `cells`), without building the image: the larger
 * set is the one holding the highest cell of the two sets' difference. The planner compares
 * thousands of placements under every element; a sorted copy each kept the garbage collector busy.
 */
function compareImage(perm: Int32Array, cells: readonly number[]): number {
  let inImage = -1;
  let inCells = -1;
  for (const cell of cells) {
    const to = perm[cell]!;
    if (to > inImage && !cells.includes(to)) inImage = to;
  }
  for (const cell of cells) {
    if (cell <= inCells) continue;
    let mapped = false;
    for (const from of cells) if (perm[from] === cell) mapped = true;
    if (!mapped) inCells = cell;
  }
  return inImage - inCells;
}

/** Kinds `first` can place first: exactly one copy, mapped to itself by every element. */
export function firstCandidates(problem: Problem, group: SymmetryGroup): number[] {
  const out: number[] = [];
  for (let k = 0; k < problem.kindNames.length; k++) {
    if (problem.kindMin[k] === 1 && problem.kindMax[k] === 1 && group.kindMaps.every((map) => map[k] === k)) out.push(k);
  }
  return out;
}

/** Kinds that can be placed second: exactly one copy, and not the first. */
export function secondCandidates(problem: Problem, first: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < problem.kindNames.length; k++) if (k !== first && problem.kindMin[k] === 1 && problem.kindMax[k] === 1) out.push(k);
  return out;
}

/** Placements per kind. */
export function placementCounts(problem: Problem): number[] {
  const counts = new Array<number>(problem.kindNames.length).fill(0);
  for (const placement of problem.placements) counts[placement.kind]!++;
  return counts;
}

/**
 * The plan: how symmetric copies are removed, and with `second` (a kind with one copy) that kind is
 * placed right after the first, at every placement that fits beside it without cutting off a cell,
 * before the search fills cells in order. Placing a tightly constrained piece early can shrink the
 * tree a lot (the planner measures whether it does).
 */
export function planSearch(problem: Problem, group: SymmetryGroup, second = -1, first = -1): SearchPlan {
  const base = planFirst(problem, group, first);
  if (second < 0) return base;
  const { enabled } = base;
  problem.placements.forEach((placement, id) => {
    if (placement.kind === second) enabled[id] = 0;
  });
  const beside = placerBeside(problem, group);
  const roots = base.roots.flatMap((root) => beside(root, second));
  return { ...base, second, enabled, roots, rootTries: base.rootTries + roots.length };
}

/**
 * The plan with one more piece placed in each root that still filters packings at the leaves (a
 * non-empty check), each at the placements smallest under the elements that fix the root's prefix:
 * a root whose prefix half the elements fix ends up with about half the search below it. The piece
 * is the one with the fewest placements among those the elements map to themselves, with one copy
 * and not yet placed; a root without such a piece stays as it is. Its placements stay enabled for
 * the other roots (where a root places it, none is left in hand).
 */
export function breakSymmetry(problem: Problem, group: SymmetryGroup, plan: SearchPlan): SearchPlan {
  const counts = placementCounts(problem);
  const beside = placerBeside(problem, group);
  let tries = 0;
  const roots = plan.roots.flatMap((root) => {
    if (root.check.length === 0) return [root];
    const placed = new Set(root.prefix.map((id) => problem.placements[id]!.kind));
    let kind = -1;
    for (let k = 0; k < problem.kindNames.length; k++) {
      if (placed.has(k) || problem.kindMin[k] !== 1 || problem.kindMax[k] !== 1) continue;
      if (root.check.some((g) => group.kindMaps[g]![k] !== k)) continue;
      if (kind < 0 || counts[k]! < counts[kind]!) kind = k;
    }
    if (kind < 0) return [root];
    const children = beside(root, kind);
    tries += children.length;
    return children;
  });
  return { ...plan, roots, rootTries: plan.rootTries + tries };
}

/**
 * The roots one placement of `kind` deeper: every placement of it that fits beside the root's
 * prefix without cutting off a cell and is the smallest of its images under the root's check.
 */
function placerBeside(problem: Problem, group: SymmetryGroup): (root: SearchRoot, kind: number) => SearchRoot[] {
  const neighbours = cellNeighbours(problem.sides);
  const occupied = new Uint8Array(problem.size);
  const ofKind: number[][] = problem.kindNames.map(() => []);
  problem.placements.forEach((placement, id) => {
    ofKind[placement.kind]!.push(id);
  });
  return (root, kind) => {
    occupied.set(problem.hole);
    for (const id of root.prefix) for (const cell of problem.placements[id]!.cells) occupied[cell] = 1;
    const out: SearchRoot[] = [];
    for (const id of ofKind[kind]!) {
      const placement = problem.placements[id]!;
      if (placement.cells.some((cell) => occupied[cell])) continue;
      for (const cell of placement.cells) occupied[cell] = 1;
      const cut = problem.prune && placement.cells.some((cell) =>
        neighbours[cell]!.some((n) => !occupied[n] && neighbours[n]!.every((m) => occupied[m])));
      for (const cell of placement.cells) occupied[cell] = 0;
      if (cut) continue;
      const check = stabiliserOf(group, root.check, kind, placement.cells);
      if (check) out.push({ prefix: [...root.prefix, id], check });
    }
    return out;
  };
}

/**
 * Symmetry broken at the root, not filtered at the leaves: a root's check lists the elements that
 * map its prefix onto itself. Those that also map `kind` to itself permute the placements of that
 * kind beside the prefix, and of each orbit only the smallest placement needs searching: the others'
 * packings are images of its own. Returns the elements still to check below `cells` (those that fix
 * it), or undefined when an element maps `cells` to a smaller placement (nothing to search there).
 * When some element turns `kind` into its mirror twin, nothing is broken and `check` stays whole.
 */
export function stabiliserOf(group: SymmetryGroup, check: readonly number[], kind: number, cells: readonly number[]): number[] | undefined {
  if (check.length === 0 || check.some((g) => group.kindMaps[g]![kind] !== kind)) return [...check];
  const fixing: number[] = [];
  for (const g of check) {
    const order = compareImage(group.perms[g]!, cells);
    if (order < 0) return undefined;
    if (order === 0) fixing.push(g);
  }
  return fixing;
}

/** The first level: `first` (one of firstCandidates) placed first, by default the candidate with the fewest placements. */
function planFirst(problem: Problem, group: SymmetryGroup, first = -1): SearchPlan {
  const enabled = new Uint8Array(problem.placements.length).fill(1);
  if (group.perms.length === 1) return { method: 'raw', kind: -1, second: -1, enabled, roots: [{ prefix: [], check: [] }], rootTries: 0 };
  const candidates = firstCandidates(problem, group);
  if (candidates.length === 0) {
    return { method: 'canon', kind: -1, second: -1, enabled, roots: [{ prefix: [], check: group.perms.map((_, g) => g).slice(1) }], rootTries: 0 };
  }
  // The candidate with the fewest placements: the fewest roots, the least repeated work.
  const placementsOf = placementCounts(problem);
  let kind = candidates[0]!;
  for (const candidate of candidates) if (placementsOf[candidate]! < placementsOf[kind]!) kind = candidate;
  if (candidates.includes(first)) kind = first;
  const roots: SearchRoot[] = [];
  problem.placements.forEach((placement, id) => {
    if (placement.kind !== kind) return;
    enabled[id] = 0;
    const check: number[] = [];
    for (let g = 1; g < group.perms.length; g++) {
      const order = compareImage(group.perms[g]!, placement.cells);
      if (order < 0) return;
      if (order === 0) check.push(g);
    }
    roots.push({ prefix: [id], check });
  });
  return { method: 'first', kind, second: -1, enabled, roots, rootTries: roots.length };
}
