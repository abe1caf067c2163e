import type { PackingProblem } from './geometry.js';
import { type SymmetryGroup, compareCellSets, imageOf } from './symmetry.js';
import { boxNeighbours } from './wide-kernel.js';

/**
 * How symmetric copies are removed.
 * - `raw`: every packing (what `--all` counts).
 * - `first`: one piece that occurs exactly once and that every element of the group maps to itself
 *   (with reflections: one that is its own mirror image; the most constraining one, X among the
 *   pentominoes) is placed first, only at placements that are smallest in their orbit under the
 *   board's group G; packings whose first placement is fixed by some g are deduplicated by a
 *   canonical check under that stabiliser.
 * - `orient`: the seeds' method: one asymmetric piece that occurs once keeps one orientation per
 *   orbit of G. Exact because no packing containing it can be symmetric.
 * - `canon`: every packing is generated; only the smallest image under G is kept. Works for any set.
 */
export type SymmetryMethod = 'raw' | 'first' | 'orient' | 'canon';

/** A subtree of the search: placements already made, and the group elements a packing must beat. */
export interface SearchRoot {
  prefix: number[];
  /** Indices into the group of the elements to check a packing against (empty: keep all). */
  check: number[];
}

export interface SearchPlan {
  method: SymmetryMethod;
  /** The kind placed first (`first`) or restricted (`orient`), else -1. */
  kind: number;
  /** A kind placed second, everywhere it fits beside the first (see planSearch), else -1. */
  second: number;
  /** Which placements the kernel may use. */
  enabled: Uint8Array;
  roots: SearchRoot[];
  /** Placements made to build the roots (the first pieces), counted as tries. */
  rootTries: number;
}

/** Kinds that occur exactly once. */
function singleKinds(problem: PackingProblem): number[] {
  const out: number[] = [];
  for (let k = 0; k < problem.kindMax.length; k++) if (problem.kindMin[k] === 1 && problem.kindMax[k] === 1) out.push(k);
  return out;
}

/** Kinds `first` can place first: exactly one copy, mapped to itself by every element. */
function firstCandidates(problem: PackingProblem, group: SymmetryGroup): number[] {
  return singleKinds(problem).filter((k) => group.kindMaps?.every((map) => map[k] === k) ?? true);
}

/** Kinds that can be placed second: exactly one copy, and not the first. */
export function secondCandidates(problem: PackingProblem, first: number): number[] {
  return singleKinds(problem).filter((k) => k !== first);
}

/** Placements per kind. */
export function placementCounts(problem: PackingProblem): number[] {
  const counts = new Array<number>(problem.kindMax.length).fill(0);
  for (const placement of problem.placements) counts[placement.kind]!++;
  return counts;
}

/** The method `auto` stands for: `first` where some piece allows it, else `canon`; `raw` with `all` or no symmetry. */
export function chooseMethod(problem: PackingProblem, group: SymmetryGroup, all: boolean): SymmetryMethod {
  if (all || group.perms.length === 1) return 'raw';
  return firstCandidates(problem, group).length > 0 ? 'first' : 'canon';
}

/** The representatives of the first piece's placements under G, with their stabilisers. */
function firstPieceRoots(problem: PackingProblem, group: SymmetryGroup, kind: number): SearchRoot[] {
  const roots: SearchRoot[] = [];
  problem.placements.forEach((placement, id) => {
    if (placement.kind !== kind) return;
    const check: number[] = [];
    for (let g = 1; g < group.perms.length; g++) {
      const order = compareCellSets(imageOf(group.perms[g]!, placement.cells), placement.cells);
      if (order < 0) return;
      if (order === 0) check.push(g);
    }
    roots.push({ prefix: [id], check });
  });
  return roots;
}

export interface PlanChoice {
  /** The kind `first` places or `orient` restricts (default -1: chosen here). */
  kind?: number;
  /** A kind placed second (default -1: none). */
  second?: number;
}

/**
 * The plan: how symmetric copies are removed, and with `second` (a kind with one copy) that kind is
 * placed right after the first, at every placement that fits beside it without cutting off a cell,
 * before the search fills cells in order. Placing a tightly constrained piece early can shrink the
 * tree a lot (a planner can measure whether it does).
 */
export function planSearch(problem: PackingProblem, group: SymmetryGroup, method: SymmetryMethod, choice: PlanChoice = {}): SearchPlan {
  const base = planFirst(problem, group, method, choice.kind ?? -1);
  const second = choice.second ?? -1;
  if (second < 0) return base;
  const { enabled } = base;
  const neighbours = boxNeighbours(problem.sides);
  const occupied = new Uint8Array(problem.size);
  const roots: SearchRoot[] = [];
  let tries = 0;
  problem.placements.forEach((placement, id) => {
    if (placement.kind === second) enabled[id] = 0;
  });
  for (const root of base.roots) {
    occupied.set(problem.hole);
    for (const id of root.prefix) for (const cell of problem.placements[id]!.cells) occupied[cell] = 1;
    problem.placements.forEach((placement, id) => {
      if (placement.kind !== second || placement.cells.some((cell) => occupied[cell])) return;
      for (const cell of placement.cells) occupied[cell] = 1;
      const cut = problem.prune && placement.cells.some((cell) =>
        neighbours[cell]!.some((n) => !occupied[n] && neighbours[n]!.every((m) => occupied[m])));
      for (const cell of placement.cells) occupied[cell] = 0;
      if (cut) return;
      tries++;
      roots.push({ prefix: [...root.prefix, id], check: root.check });
    });
  }
  return { ...base, second, enabled, roots, rootTries: base.rootTries + tries };
}

function planFirst(problem: PackingProblem, group: SymmetryGroup, method: SymmetryMethod, named: number): SearchPlan {
  const enabled = new Uint8Array(problem.placements.length).fill(1);
  const plan = { method, kind: -1, second: -1, enabled, roots: [{ prefix: [], check: [] }] as SearchRoot[], rootTries: 0 };
  if (method === 'raw' || group.perms.length === 1) return plan;
  if (method === 'canon') return { ...plan, roots: [{ prefix: [], check: group.perms.map((_, g) => g).slice(1) }] };
  if (method === 'orient') {
    const candidates = singleKinds(problem).filter((k) => problem.asymmetric?.[k] === true);
    const kind = named >= 0 ? named : candidates[0] ?? -1;
    if (kind < 0 || !candidates.includes(kind)) throw new RangeError('orient needs a piece with 8 orientations that occurs once');
    const keep = keptOrientations(problem, group, kind);
    problem.placements.forEach((placement, id) => {
      if (placement.kind === kind && !keep.has(placement.orientation!)) enabled[id] = 0;
    });
    return { ...plan, kind };
  }
  // first: the candidate with the fewest placements (X on the seed boards: one orientation): the
  // fewest roots, the least repeated work.
  const candidates = firstCandidates(problem, group);
  if (candidates.length === 0) throw new RangeError('first needs a piece that occurs once');
  let kind = named;
  if (kind < 0) {
    const placementsOf = placementCounts(problem);
    for (const candidate of candidates) if (kind < 0 || placementsOf[candidate]! < placementsOf[kind]!) kind = candidate;
  }
  const roots = firstPieceRoots(problem, group, kind);
  problem.placements.forEach((placement, id) => {
    if (placement.kind === kind) enabled[id] = 0;
  });
  return { ...plan, kind, roots, rootTries: roots.length };
}

/** One orientation per orbit of the board's group acting on the piece's orientations. */
function keptOrientations(problem: PackingProblem, group: SymmetryGroup, kind: number): Set<number> {
  // Orientation o of the piece maps to orientation o' under g: find it from a placement of each.
  const byOrientation = new Map<number, readonly number[]>();
  for (const placement of problem.placements) {
    if (placement.kind === kind && !byOrientation.has(placement.orientation!)) byOrientation.set(placement.orientation!, placement.cells);
  }
  const orientationOf = new Map<string, number>();
  for (const placement of problem.placements) {
    if (placement.kind === kind) orientationOf.set(placement.cells.join(','), placement.orientation!);
  }
  const keep = new Set<number>();
  const seen = new Set<number>();
  for (const [orientation, cells] of [...byOrientation].sort((a, b) => a[0] - b[0])) {
    if (seen.has(orientation)) continue;
    keep.add(orientation);
    for (const perm of group.perms) {
      const imageOrientation = orientationOf.get(imageOf(perm, cells).join(','));
      if (imageOrientation !== undefined) seen.add(imageOrientation);
    }
  }
  return keep;
}
