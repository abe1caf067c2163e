// How hard a chain puzzle is, from what a person must look through: the pairs its answer places, and
// its near misses, the placement sequences the kit's own search finds that come within one step of
// the goal (one chain short, or all but 4 puyos cleared). Many near misses are many tempting wrong
// answers. Shared by the generator (which keeps a candidate of the level asked for) and the grader.
import { countPuyos, type PuyoField } from './field.js';
import type { Goal } from './goal.js';
import { type Pair, solveNazo } from './nazo.js';

/** The levels, easiest first. */
export const NAZO_LEVELS = ['easy', 'medium', 'hard'] as const;
export type NazoLevel = (typeof NAZO_LEVELS)[number];

/**
 * A 3-pair puzzle with more near misses than this is hard: about the median of the unique 3-pair
 * puzzles the generator draws, for chains and for all clear goals alike (bench/generate.mjs prints it).
 */
export const HARD_NEAR_MISSES = 32;

/** The goal one step short of `goal`: one chain fewer (exactly), or all but 4 of the puyos popped. */
export function nearGoal(field: PuyoField, pairs: readonly Pair[], goal: Goal): Goal | undefined {
  if (goal.main?.kind === 'chains' && goal.main.n >= 2) return { main: { kind: 'chains', colour: 'all', n: goal.main.n - 1, exact: true } };
  if (goal.main === undefined && goal.clear === 'all') {
    const puyos = countPuyos(field) + 2 * pairs.length;
    return puyos > 4 ? { main: { kind: 'total-puyos', colour: 'all', n: puyos - 4, exact: false } } : undefined;
  }
  return undefined;
}

/** The sequences that meet the near goal (each ends where it is met, as answers do); 0 without one. */
export function nearMisses(field: PuyoField, pairs: Pair[], goal: Goal): number {
  const near = nearGoal(field, pairs, goal);
  if (!near) return 0;
  let count = 0;
  solveNazo({ field, pairs, goal: near }, { wantMoves: false, shouldStop: () => false, onSolution: () => count++ });
  return count;
}

/** 1 or 2 pairs are easy; 3 are medium, or hard with many near misses; 4 or more are hard. */
export function nazoLevel(pairs: number, misses: number): NazoLevel {
  if (pairs <= 2) return 'easy';
  if (pairs >= 4) return 'hard';
  return misses > HARD_NEAR_MISSES ? 'hard' : 'medium';
}
