import { describe, expect, expectTypeOf, it } from 'vitest';
import { definePlugin } from '@kit/core';
import { type SolveEvent, solveInProcess } from '@kit/core/host';

// Solutions are numbers, steps carry `{ at: string }`: the events a caller sees are typed so.
const plugin = definePlugin<{ n: number }, number, { at: string }>({
  id: 'typed',
  title: 'Typed',
  description: 'Counts to n, with one step.',
  version: '1.0.0',
  options: [],
  parse: () => ({ n: 2 }),
  solver: async () => ({
    solve(instance, ctx) {
      ctx.step({ at: 'start' });
      for (let i = 1; i <= instance.n; i++) ctx.solution(i);
      return { solutions: instance.n };
    },
  }),
  view: () => ({ width: 1, height: 1, cells: [{}] }),
});

describe('solveInProcess', () => {
  it("types onEvent's events from the plugin (checked by tsc in pnpm lint)", async () => {
    const seen: string[] = [];
    await solveInProcess(
      plugin,
      { n: 2 },
      {
        onEvent: (event) => {
          expectTypeOf(event).toEqualTypeOf<SolveEvent<number, { at: string }>>();
          if (event.type === 'solution') {
            expectTypeOf(event.solution).toEqualTypeOf<number>();
            seen.push(`solution ${event.solution.toFixed(0)}`);
          }
          if (event.type === 'step') seen.push(`step ${event.state.at.toUpperCase()}`);
        },
      },
    );
    expect(seen).toEqual(['step START', 'solution 1', 'solution 2']);
  });
});
