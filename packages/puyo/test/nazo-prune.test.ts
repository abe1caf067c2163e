// The search cuts branches that can no longer meet the goal (src/nazo-prune.ts): every goal kind's
// answers, with the cuts on, must be exactly what the independent enumerator (brute-nazo.ts, no
// cutting at all) finds, on many small random puzzles whose goals sit near what the pairs can pop.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gameOverField, parseField, parseGoal, parsePairs, solveNazo } from './prune-helpers.js';
import { bruteNazo } from './brute-nazo.js';

const hooks = { wantMoves: true, shouldStop: () => false };

function kitAnswers(text: string, pairs: string[], goal: string): { answers: string[]; tries: number } {
  const answers: string[] = [];
  const stats = solveNazo(
    { field: parseField(text), pairs: parsePairs(pairs.join(',')), goal: parseGoal(goal) },
    { ...hooks, onSolution: (s) => answers.push(s!.notation) },
  );
  return { answers, tries: stats.tries };
}

const colour = fc.constantFrom('R', 'G', 'B', 'Y', 'O', 'R', 'G');
/** Low fields (few puyos), so that the bounds bite; a column may be empty. */
const field = fc
  .array(fc.array(colour, { maxLength: 5 }), { minLength: 6, maxLength: 6 })
  .map((columns) => Array.from({ length: 13 }, (_, i) => columns.map((column) => column[12 - i] ?? '.').join('')).join('\n'));
const pairList = (most: number) =>
  fc.array(
    fc.tuple(fc.constantFrom('R', 'G', 'B', 'Y'), fc.constantFrom('R', 'G', 'B', 'Y')).map(([a, b]) => a + b),
    { minLength: 1, maxLength: most },
  );
const op = fc.constantFrom('=', '>=');
const goal = fc.oneof(
  fc.tuple(fc.constantFrom('chains', 'colours', 'total-colours'), op, fc.integer({ min: 1, max: 3 })).map(([k, o, n]) => `${k}${o}${n}`),
  fc
    .tuple(fc.constantFrom('puyos', 'total-puyos'), fc.constantFrom('', ':R', ':G', ':O', ':colours'), op, fc.integer({ min: 1, max: 12 }))
    .map(([k, c, o, n]) => `${k}${c}${o}${n}`),
  fc
    .tuple(fc.constantFrom('groups', 'connected'), fc.constantFrom('', ':R', ':G', ':colours'), op, fc.integer({ min: 1, max: 9 }))
    .map(([k, c, o, n]) => `${k}${c}${o}${k === 'groups' ? 1 + (n % 3) : n}`),
  fc.constantFrom('clear', 'clear:R', 'clear:O', 'clear:colours', 'chains=1+clear:G', 'chains>=1+clear:O'),
);

describe('pruning against the brute force', () => {
  it('gives the same answers, in the same order, on 600 small random puzzles of every goal kind', () => {
    let answered = 0;
    let cut = 0;
    fc.assert(
      fc.property(field, pairList(2), goal, (text, pairList, goalText) => {
        if (gameOverField(text)) return;
        const { answers } = kitAnswers(text, pairList, goalText);
        expect(answers).toEqual(bruteNazo(parseField(text), pairList, goalText));
        if (answers.length > 0) answered++;
        else cut++;
      }),
      { numRuns: 600 },
    );
    expect(answered).toBeGreaterThan(50);
    expect(cut).toBeGreaterThan(50);
  });

  it('gives the same answers on 20 random puzzles of three pairs (cuts below the first level)', () => {
    fc.assert(
      fc.property(
        field,
        pairList(3).filter((list) => list.length === 3),
        goal,
        (text, list, goalText) => {
          if (gameOverField(text)) return;
          expect(kitAnswers(text, list, goalText).answers).toEqual(bruteNazo(parseField(text), list, goalText));
        },
      ),
      { numRuns: 20 },
    );
  }, 300_000);

  it("cuts: a goal the pairs cannot reach tries only the first pair's placements", () => {
    // 3 R on the field and RG, BY, GB to come: 4 R at most, so no step pops 5 R (nor 2 colours,
    // nor 2 groups of R), and the first placements already show it.
    const text = 'R.....\nR.....\nR.....';
    for (const goalText of ['puyos:R>=5', 'colours>=3', 'groups:R=2', 'connected:R>=5', 'total-puyos:R>=5', 'total-colours>=3']) {
      const { answers, tries } = kitAnswers(text, ['RG', 'BY', 'GB'], goalText);
      expect(answers).toEqual([]);
      expect(bruteNazo(parseField(text), ['RG', 'BY', 'GB'], goalText)).toEqual([]);
      expect(tries).toBe(22);
    }
  });
});
