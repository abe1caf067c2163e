import type { SolveContext, Solver, Summary } from '@kit/core';
import { type Prepared, type RunHooks, prepare, runAll, runRoots } from './engine.js';
import type { PackingInstance } from './instance.js';
import { splitRoots } from './split.js';
import type { PackingState } from './view.js';

type Context = SolveContext<PackingState, PackingState>;

function prepareInstance(instance: PackingInstance): Prepared {
  return prepare(instance.target, instance.pieces, { symmetry: instance.symmetry });
}

function hooksFor(ctx: Context): RunHooks {
  return {
    ...(ctx.wantSolutions ? { solution: (layers: string[][]) => ctx.solution({ layers }) } : {}),
    ...(ctx.limit !== undefined ? { limit: ctx.limit } : {}),
    tick: (layers, tries) => {
      if (ctx.wantProgress && ctx.progressDue()) ctx.progress({ layers: layers(), tries }, { tries });
      return ctx.shouldStop();
    },
  };
}

function summary(instance: PackingInstance, prepared: Prepared, solutions: number, tries: number): Summary {
  return { solutions, tries, target: instance.name, symmetry: prepared.symmetry };
}

/** Subtrees per thread: enough that uneven subtrees even out, few enough that hand-offs stay cheap. */
const TASKS_PER_THREAD = 8;

export const solver: Solver<PackingInstance, PackingState> = {
  solve(instance, ctx): Summary {
    const prepared = prepareInstance(instance);
    const result = runAll(prepared, hooksFor(ctx));
    return summary(instance, prepared, result.solutions, result.tries);
  },
  split(instance, threads) {
    if (threads <= 1) return undefined;
    const prepared = prepareInstance(instance);
    const { roots, tries } = splitRoots(prepared, threads * TASKS_PER_THREAD);
    if (roots.length === 0) return undefined;
    const setupTries = prepared.feasible ? prepared.plan.rootTries + tries : 0;
    return {
      tasks: roots.length,
      solveTask(task, ctx): Summary {
        const result = runRoots(prepared, [roots[task]!], hooksFor(ctx));
        return summary(instance, prepared, result.solutions, result.tries + (task === 0 ? setupTries : 0));
      },
    };
  },
};
