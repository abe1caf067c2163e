import type { TemplateVars } from './vars.js';

/** src/solver.ts: the search, loaded only where it runs. */
export function solverSource(_vars: TemplateVars): string {
  return `// The search. Hosts load this module only inside a worker (or in-process for tests and libraries).
import type { SolveContext, Solver, Summary } from '@kit/core';
import type { Instance, Placement } from './plugin.js';

/**
 * Backtracking over rows with bit masks for the attacked columns and diagonals. Reports by calling the
 * context synchronously from any depth; returns a Summary whose extra fields end up in the done line.
 */
function search(instance: Instance, firstColumn: number | undefined, ctx: SolveContext<Placement, Placement>): Summary {
  const { size } = instance;
  const full = (1 << size) - 1;
  // The columns each row may use: all, or the given queen's (two given in one row: none).
  const allowed = new Array<number>(size).fill(full);
  for (const [row, column] of instance.given) allowed[row] = allowed[row]! & (1 << column);
  const queens: number[] = new Array<number>(size).fill(-1);
  let solutions = 0;
  let tries = 0;
  // ctx.shouldStop() covers cancellation and --limit; with --count nothing reaches the context, so the
  // limit is checked against our own counter as well.
  const stopped = () => ctx.shouldStop() || (ctx.limit !== undefined && solutions >= ctx.limit);

  const place = (row: number, columns: number, left: number, right: number): void => {
    if (row === size) {
      solutions++;
      if (ctx.wantSolutions) ctx.solution({ size, queens: [...queens] });
      return;
    }
    let free = allowed[row]! & ~(columns | left | right);
    if (row === 0 && firstColumn !== undefined) free &= 1 << firstColumn;
    while (free !== 0 && !stopped()) {
      const bit = free & -free;
      free ^= bit;
      tries++;
      queens[row] = 31 - Math.clz32(bit);
      if (ctx.wantProgress && ctx.progressDue()) ctx.progress({ size, queens: [...queens] }, { tries });
      place(row + 1, columns | bit, ((left | bit) << 1) & full, (right | bit) >> 1);
      queens[row] = -1;
    }
  };

  place(0, 0, 0, 0);
  return { solutions, tries };
}

export const solver: Solver<Instance, Placement> = {
  solve: (instance, ctx) => search(instance, undefined, ctx),

  // Several workers: one task per column of the first queen. Deterministic, as every worker calls it.
  split: (instance) => ({
    tasks: instance.size,
    solveTask: (task, ctx) => search(instance, task, ctx),
  }),
};
`;
}
