// Chooses how to search before searching. The first-empty-cell search's tree depends a lot on the
// order the box's cells are numbered in (the solid pentominoes in 2x5x6: 4.3 million tries filling
// along the shortest side first, 1.4 million filling the 5x6 faces first; other boxes the other
// way), on which piece breaks the symmetry first (the Tetris Cube: 879 million tries with the piece
// of fewest placements, 204 million with a hexacube) and on whether a tightly constrained piece is
// placed right after it (3x4x5: 255 million tries, 148 million with X second, 29 million once those
// pieces also break the symmetry their first placement leaves). Which is best differs from puzzle
// to puzzle, so the planner measures: Knuth's estimate of each candidate's tree size, from random
// walks in the WebAssembly kernel (a few milliseconds each), and the smallest wins (those too close
// for a thousand walks to order go to a run-off with more: see RUNOFF_SPREAD). Small searches
// are not worth comparing plans for: they keep the default (axes by length, the piece of fewest
// placements first, nothing placed second), its symmetry broken further while the quick estimate
// shrinks.
import {
  type SearchPlan,
  type SymmetryMethod,
  breakSymmetry,
  chooseMethod,
  estimateSearch,
  firstCandidates,
  fitsBitboard,
  hasWasm,
  planSearch,
  secondCandidates,
} from '@kit/cover';
import { type Problem, compileProblem, searchAxes } from './compile.js';
import { PERMUTATIONS } from './geometry.js';
import type { PieceSet } from './pieces.js';
import { type SymmetryGroup, type SymmetryUsed, targetGroup } from './symmetry.js';
import { type Target, targetSize } from './target.js';

export interface Planned {
  problem: Problem;
  group: SymmetryGroup;
  plan: SearchPlan;
}

/** Below this many estimated tries (about a second of search) the default plan is kept (its symmetry broken further, on the quick estimate): comparing plans costs a few hundred milliseconds. */
export const WORTH_PLANNING = 20_000_000;
/** Random walks for the first look (is the search big?) and for each candidate (enough to tell plans 1.5x apart). */
const QUICK_PROBES = 100;
const PROBES = 1000;
/** Walks for a first look at each choice of the pieces placed first (the most promising one is estimated with PROBES). */
const SCREEN_PROBES = 250;
/**
 * Plans whose estimates lie within this factor of the smallest go to a run-off: a thousand walks
 * cannot tell them apart (Bedlam: X alone first 86.6 million tries, X then E 95.2 million; their
 * thousand-walk estimates ranked them the other way, and differed by 1.3x from one seed to the next).
 */
const RUNOFF_SPREAD = 1.5;
/** The run-off's walks: one per this many estimated tries (about 1% of the search's time), at most RUNOFF_MAX_PROBES. */
const RUNOFF_TRIES_PER_WALK = 5000;
const RUNOFF_MAX_PROBES = 30_000;
/** A fixed seed: every worker of a split search must choose the same plan. */
const SEED = 0x2023;

/** Pieces placed at most to break the symmetry the roots leave (each level is estimated first). */
const BREAK_LEVELS = 2;

function estimate(candidate: Planned, probes: number): number {
  return estimateSearch(candidate.problem, candidate.plan, probes, SEED);
}

/**
 * The quick look at a plan's search (is it big?): below {@link WORTH_PLANNING} tries choosePlan keeps
 * the default plan (see {@link brokenQuickly}), and a host may find it too small to split (the
 * solver's `estimate`).
 */
export function quickEstimate(candidate: Planned): number {
  return estimate(candidate, QUICK_PROBES);
}

/**
 * {@link brokenWhilePays} on the quick estimate, for a search too small to plan: the one rule that
 * choosePlan and the solver's estimate (engine.ts) both apply, so a host's guess and its run agree.
 * A problem searched without pruning keeps its plan, as choosePlan keeps it.
 */
export function brokenQuickly<T extends Planned>(candidate: T, estimated: number): { planned: T; tries: number } {
  if (candidate.problem.prune === false) return { planned: candidate, tries: estimated };
  return brokenWhilePays(candidate, estimated, QUICK_PROBES);
}

function build(
  target: Target,
  set: PieceSet,
  used: SymmetryUsed,
  mirror: readonly number[] | undefined,
  axes: [number, number, number],
): Planned & { method: SymmetryMethod } {
  const problem = compileProblem(target, set, axes);
  const group = targetGroup(problem, used, mirror);
  const method = chooseMethod(problem, group, false);
  return { problem, group, method, plan: planSearch(problem, group, method) };
}

/**
 * The plan with the smallest estimated search, among axis orders, the piece placed first, a second
 * piece or none and more pieces breaking the symmetry left, when the default's estimate reaches
 * `worthPlanning` tries (0: always compare; Infinity: never).
 */
export function choosePlan(target: Target, set: PieceSet, used: SymmetryUsed, mirror: readonly number[] | undefined, worthPlanning = WORTH_PLANNING): Planned {
  const box = targetSize(target);
  const standard = build(target, set, used, mirror, searchAxes(box));
  if (worthPlanning === Infinity || !hasWasm() || !fitsBitboard(standard.problem) || standard.problem.prune === false) return standard;
  if (worthPlanning > 0) {
    const quick = quickEstimate(standard);
    if (quick < worthPlanning) return brokenQuickly(standard, quick).planned;
  }
  // A full box looks the same along two sides of equal length: one order per sequence of lengths.
  const fullBox = standard.problem.hole.every((h) => h === 0);
  const seen = new Set<string>();
  const standardKey = searchAxes(box).join('');
  let best = standard;
  let bestEstimate = estimate(standard, PROBES);
  const estimated: Array<{ candidate: typeof standard; size: number }> = [{ candidate: standard, size: bestEstimate }];
  const consider = (candidate: typeof standard): void => {
    const size = estimate(candidate, PROBES);
    estimated.push({ candidate, size });
    if (size < bestEstimate) {
      best = candidate;
      bestEstimate = size;
    }
  };
  for (const [fast, middle, slow] of PERMUTATIONS) {
    const axes: [number, number, number] = [fast, middle, slow];
    const key = fullBox ? axes.map((a) => box[a]).join('x') : axes.join('');
    if (seen.has(key) || axes.join('') === standardKey) {
      seen.add(key);
      continue;
    }
    seen.add(key);
    consider(build(target, set, used, mirror, axes));
  }
  // Then, in the best order, the piece placed first (where the symmetry-breaking piece goes shapes
  // the whole tree: the Tetris Cube's search is four times smaller with one hexacube first than
  // with the piece of fewest placements), and a piece placed second. Each is screened with fewer
  // walks and the most promising estimated in full.
  const { problem, group, method } = best;
  const screen = (plans: SearchPlan[]): void => {
    let promising: typeof standard | undefined;
    let smallest = estimate(best, SCREEN_PROBES);
    for (const plan of plans) {
      const candidate = { problem, group, method, plan };
      const size = estimate(candidate, SCREEN_PROBES);
      if (size < smallest) {
        promising = candidate;
        smallest = size;
      }
    }
    if (promising) consider(promising);
  };
  if (method === 'first') {
    screen(
      firstCandidates(problem, group)
        .filter((kind) => kind !== best.plan.kind)
        .map((kind) => planSearch(problem, group, method, { kind })),
    );
  }
  const kind = best.plan.kind;
  screen(secondCandidates(problem, kind).map((second) => planSearch(problem, group, method, { kind, second })));
  const close = estimated.filter(({ size }) => size <= bestEstimate * RUNOFF_SPREAD).map(({ candidate }) => candidate);
  const probes = Math.min(RUNOFF_MAX_PROBES, Math.round(bestEstimate / RUNOFF_TRIES_PER_WALK));
  if (close.length < 2 || probes <= PROBES) return brokenWhilePays(best, bestEstimate, PROBES).planned;
  const winner = runOff(close, probes);
  return brokenWhilePays(winner.candidate, winner.size, probes).planned;
}

/** The candidate with the smallest estimate on `probes` walks each (the first of equals). */
function runOff<T extends Planned>(candidates: readonly T[], probes: number): { candidate: T; size: number } {
  let winner = { candidate: candidates[0]!, size: estimate(candidates[0]!, probes) };
  for (const candidate of candidates.slice(1)) {
    const size = estimate(candidate, probes);
    if (size < winner.size) winner = { candidate, size };
  }
  return winner;
}

/**
 * The candidate with the symmetry its roots leave broken by more pieces placed first, level by level
 * while the estimate (`probes` walks) shrinks; `estimated` is the candidate's own. A search too small
 * to plan gets this too, on the quick estimate: the Soma cube's four roots filtered 1,292 packings
 * at the leaves down to 240 (32,375 tries); with a second piece placed first, its 42 roots find the
 * 240 alone (8,400 tries), and the leaves need no symmetry check.
 */
function brokenWhilePays<T extends Planned>(candidate: T, estimated: number, probes: number): { planned: T; tries: number } {
  let best = candidate;
  let bestEstimate = estimated;
  for (let level = 0; level < BREAK_LEVELS; level++) {
    const deeper = { ...best, plan: breakSymmetry(best.problem, best.group, best.plan) };
    if (deeper.plan.rootTries === best.plan.rootTries) break;
    const size = estimate(deeper, probes);
    if (size >= bestEstimate) break;
    best = deeper;
    bestEstimate = size;
  }
  return { planned: best, tries: bestEstimate };
}
