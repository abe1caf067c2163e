import type { PackingProblem } from './geometry.js';
import { type SymmetryGroup, compareImage, imageOf } from './symmetry.js';
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
  /** Placement ids already laid, in the order the search laid them. */
  prefix: number[];
  /** Indices into the group of the elements to check a packing against (empty: keep all). */
  check: number[];
}

/** How a search runs: its symmetry method, the placements it may use, and the subtrees to search. */
export interface SearchPlan {
  /** How symmetric copies are removed. */
  method: SymmetryMethod;
  /** The kind placed first (`first`) or restricted (`orient`), else -1. */
  kind: number;
  /** A kind placed second, everywhere it fits beside the first (see planSearch), else -1. */
  second: number;
  /** Which placements the kernel may use. */
  enabled: Uint8Array;
  /** The subtrees whose packings together are the answer, in the order they are searched. */
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
export function firstCandidates(problem: PackingProblem, group: SymmetryGroup): number[] {
  return singleKinds(problem).filter((k) => group.kindMaps?.every((map) => map[k] === k) ?? true);
}

/** Kinds that can be placed second: exactly one copy, and not the first. */
export function secondCandidates(problem: PackingProblem, first: number): number[] {
  return singleKinds(problem).filter((k) => k !== first);
}

/** Placements per kind. */
export function placementCounts(problem: PackingProblem): number[] {
  const counts = new Array<number>(problem.kindMax.length).fill(0);
  const { placements } = problem;
  for (let id = 0; id < placements.length; id++) counts[placements[id]!.kind]!++;
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
      const order = compareImage(group.perms[g]!, placement.cells);
      if (order < 0) return;
      if (order === 0) check.push(g);
    }
    roots.push({ prefix: [id], check });
  });
  return roots;
}

/** A planner's choice of the pieces laid first, for {@link planSearch}. */
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
export function breakSymmetry(problem: PackingProblem, group: SymmetryGroup, plan: SearchPlan): SearchPlan {
  const counts = placementCounts(problem);
  const beside = placerBeside(problem, group);
  let tries = 0;
  const roots = plan.roots.flatMap((root) => {
    if (root.check.length === 0) return [root];
    const placed = new Set(root.prefix.map((id) => problem.placements[id]!.kind));
    let kind = -1;
    for (const k of singleKinds(problem)) {
      if (placed.has(k) || root.check.some((g) => !keepsKind(group, g, k))) continue;
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
 * Symmetry broken at the root, not filtered at the leaves: a root's check lists the elements that
 * map its prefix onto itself. Those that also map `kind` to itself permute the placements of that
 * kind beside the prefix, and of each orbit only the smallest placement needs searching: the others'
 * packings are images of its own. Returns the elements still to check below `cells` (those that fix
 * it), or undefined when an element maps `cells` to a smaller placement (nothing to search there).
 * When some element turns `kind` into its mirror twin, nothing is broken and `check` stays whole.
 */
export function stabiliserOf(group: SymmetryGroup, check: readonly number[], kind: number, cells: readonly number[]): number[] | undefined {
  if (check.length === 0 || check.some((g) => !keepsKind(group, g, kind))) return [...check];
  const fixing: number[] = [];
  for (const g of check) {
    const order = compareImage(group.perms[g]!, cells);
    if (order < 0) return undefined;
    if (order === 0) fixing.push(g);
  }
  return fixing;
}

/** Does element g map kind k to itself (not to a mirror twin)? */
function keepsKind(group: SymmetryGroup, g: number, k: number): boolean {
  return (group.kindMaps?.[g]?.[k] ?? k) === k;
}

/**
 * The roots one placement of `kind` deeper: every placement of it that fits beside the root's
 * prefix without cutting off a cell and is the smallest of its images under the root's check.
 */
function placerBeside(problem: PackingProblem, group: SymmetryGroup): (root: SearchRoot, kind: number) => SearchRoot[] {
  const neighbours = boxNeighbours(problem.sides);
  const occupied = new Uint8Array(problem.size);
  const ofKind: number[][] = problem.kindMax.map(() => []);
  problem.placements.forEach((placement, id) => {
    ofKind[placement.kind]!.push(id);
  });
  return (root, kind) => {
    occupied.set(problem.hole);
    for (let d = 0; d < root.prefix.length; d++) mark(occupied, problem.placements[root.prefix[d]!]!.cells, 1);
    const out: SearchRoot[] = [];
    const candidates = ofKind[kind]!;
    for (let c = 0; c < candidates.length; c++) {
      const id = candidates[c]!;
      const placement = problem.placements[id]!;
      if (placement.cells.some((cell) => occupied[cell])) continue;
      mark(occupied, placement.cells, 1);
      const cut = problem.prune && placement.cells.some((cell) => neighbours[cell]!.some((n) => !occupied[n] && neighbours[n]!.every((m) => occupied[m])));
      mark(occupied, placement.cells, 0);
      if (cut) continue;
      const check = stabiliserOf(group, root.check, kind, placement.cells);
      if (check) out.push({ prefix: [...root.prefix, id], check });
    }
    return out;
  };
}

/** Sets the cells' marks, by index: planning runs cold, where for-of allocates a result per step. */
function mark(marks: Uint8Array, cells: readonly number[], value: number): void {
  for (let i = 0; i < cells.length; i++) marks[cells[i]!] = value;
}

function planFirst(problem: PackingProblem, group: SymmetryGroup, method: SymmetryMethod, named: number): SearchPlan {
  const enabled = new Uint8Array(problem.placements.length).fill(1);
  const plan = { method, kind: -1, second: -1, enabled, roots: [{ prefix: [], check: [] }] as SearchRoot[], rootTries: 0 };
  if (method === 'raw' || group.perms.length === 1) return plan;
  if (method === 'canon') return { ...plan, roots: [{ prefix: [], check: group.perms.map((_, g) => g).slice(1) }] };
  if (method === 'orient') {
    const candidates = singleKinds(problem).filter((k) => problem.asymmetric?.[k] === true);
    const kind = named >= 0 ? named : (candidates[0] ?? -1);
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
