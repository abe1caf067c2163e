// Chooses how to search before searching. The first-empty-cell search's tree depends a lot on the
// order the box's cells are numbered in (the solid pentominoes in 2x5x6: 4.3 million tries filling
// along the shortest side first, 1.4 million filling the 5x6 faces first; other boxes the other
// way) and on whether a tightly constrained piece is placed right after the symmetry-breaking one
// (3x4x5: 255 million tries, 148 million with X second). Which is best differs from puzzle to
// puzzle, so the planner measures: Knuth's estimate of each candidate's tree size, from random walks
// in the WebAssembly kernel (a few milliseconds each), and the smallest wins. Small searches are not
// worth planning: they keep the default (axes by length, nothing placed second).
import { type SearchPlan, chooseMethod, estimateTries, fitsBitboard, hasWasm, placementCounts, planSearch, secondCandidates } from '@kit/cover';
import { type Problem, compileProblem, searchAxes } from './compile.js';
import type { PieceSet } from './pieces.js';
import { type SymmetryGroup, type SymmetryUsed, targetGroup } from './symmetry.js';
import { type Target, targetSize } from './target.js';

export interface Planned {
  problem: Problem;
  group: SymmetryGroup;
  plan: SearchPlan;
}

/** Below this many estimated tries (about a second of search) the default plan is kept: planning costs a few hundred milliseconds. */
const WORTH_PLANNING = 20_000_000;
/** Random walks for the first look (is the search big?) and for each candidate (enough to tell plans 1.5x apart). */
const QUICK_PROBES = 100;
const PROBES = 1000;
/** A fixed seed: every worker of a split search must choose the same plan. */
const SEED = 0x2023;

const PERMUTATIONS: [number, number, number][] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

function estimate(candidate: Planned, probes: number): number {
  const prefixes = candidate.plan.roots.map((root) => root.prefix);
  // Spread the walks over the roots: each root's own estimate, summed.
  const each = Math.max(8, Math.ceil(probes / Math.max(1, prefixes.length)));
  return candidate.plan.rootTries + estimateTries(candidate.problem, candidate.plan.enabled, prefixes, each, SEED);
}

function build(target: Target, set: PieceSet, used: SymmetryUsed, mirror: readonly number[] | undefined, axes: [number, number, number], second: boolean): Planned | undefined {
  const problem = compileProblem(target, set, axes);
  const group = targetGroup(problem, used, mirror);
  const method = chooseMethod(problem, group, false);
  const first = planSearch(problem, group, method);
  if (!second) return { problem, group, plan: first };
  const counts = placementCounts(problem);
  const candidates = secondCandidates(problem, first.kind);
  if (candidates.length === 0) return undefined;
  // The most constrained piece: the fewest placements.
  const kind = candidates.reduce((best, k) => (counts[k]! < counts[best]! ? k : best));
  return { problem, group, plan: planSearch(problem, group, method, { second: kind }) };
}

/**
 * The plan with the smallest estimated search, among axis orders and a second piece or none, when
 * the default's estimate reaches `worthPlanning` tries (0: always compare; Infinity: never).
 */
export function choosePlan(
  target: Target, set: PieceSet, used: SymmetryUsed, mirror: readonly number[] | undefined, worthPlanning = WORTH_PLANNING,
): Planned {
  const box = targetSize(target);
  const standard = build(target, set, used, mirror, searchAxes(box), false)!;
  if (worthPlanning === Infinity || !hasWasm() || !fitsBitboard(standard.problem) || standard.problem.prune === false) return standard;
  if (worthPlanning > 0 && estimate(standard, QUICK_PROBES) < worthPlanning) return standard;
  // A full box looks the same along two sides of equal length: one order per sequence of lengths.
  const fullBox = standard.problem.hole.every((h) => h === 0);
  const seen = new Set<string>();
  const standardKey = searchAxes(box).join('');
  let best = standard;
  let bestEstimate = estimate(standard, PROBES);
  let bestAxes = searchAxes(box);
  for (const axes of PERMUTATIONS) {
    const key = fullBox ? axes.map((a) => box[a]).join('x') : axes.join('');
    if (seen.has(key) || axes.join('') === standardKey) {
      seen.add(key);
      continue;
    }
    seen.add(key);
    const candidate = build(target, set, used, mirror, axes, false)!;
    const size = estimate(candidate, PROBES);
    if (size < bestEstimate) {
      best = candidate;
      bestEstimate = size;
      bestAxes = axes;
    }
  }
  // Then, in the best order, a constrained piece placed second.
  const second = build(target, set, used, mirror, bestAxes, true);
  if (second && estimate(second, PROBES) < bestEstimate) best = second;
  return best;
}
