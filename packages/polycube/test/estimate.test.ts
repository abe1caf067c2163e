// The solver's estimate tells a host whether a search is too small to split (core's placeRun): the
// planner's own first look, so a small search keeps the plan it was estimated with, and solving
// after the estimate finds what solving alone finds.
import { SMALL_SEARCH_TRIES, parseOptions, solveAll } from '@kit/core/host';
import reference from '@kit/tooling/reference-counts.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { estimate, prepare } from '../src/engine.js';
import plugin from '../src/plugin.js';
import { solver } from '../src/solver.js';
import { namedSet } from '../src/sets.js';
import { boxTarget } from '../src/target.js';

const instanceOf = (set: string) => plugin.parse(parseOptions(plugin.options, { set }));

describe('estimate', () => {
  it('finds the Soma cube too small to split and Bedlam big enough, the same guess every time', () => {
    const soma = solver.estimate!(instanceOf('soma'))!;
    expect(soma).toBeLessThan(SMALL_SEARCH_TRIES);
    expect(solver.estimate!(instanceOf('soma'))).toBe(soma);
    expect(solver.estimate!(instanceOf('bedlam'))).toBeGreaterThan(SMALL_SEARCH_TRIES);
  });

  it('keeps, for a small search, the plan prepare() chooses, and the solve after it counts the same', async () => {
    const set = namedSet('soma');
    const kept = estimate(boxTarget('3x3x3'), set.pieces, { symmetry: 'auto' })!.prepared!;
    const planned = prepare(boxTarget('3x3x3'), set.pieces, { symmetry: 'auto' });
    expect(kept.plan.roots).toEqual(planned.plan.roots);
    expect(kept.problem.placements).toEqual(planned.problem.placements);
    const instance = instanceOf('soma');
    solver.estimate!(instance);
    const { solutions, done } = await solveAll(plugin, instance);
    const { distinct, tries } = reference.polycube.soma;
    expect([done.summary.solutions, done.summary['tries'], solutions.length]).toEqual([distinct, tries, distinct]);
  });

  it('gives no prepared search for a big one: it is planned where it runs', () => {
    const big = estimate(boxTarget('4x4x4'), namedSet('bedlam').pieces)!;
    expect(big.prepared).toBeUndefined();
  });
});
