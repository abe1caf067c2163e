import type { SolveContext, Solver, Summary } from '@kit/core';
import { splitRoots } from '@kit/cover';
import { type Prepared, type RunHooks, estimate, prepare, runAll, runRoots } from './engine.js';
import type { PackingInstance } from './instance.js';
import { generateChallenge } from './challenge.js';
import { gradeChallenge } from './grade.js';
import { drawLaid } from './laid.js';
import type { PackingState } from './view.js';

type Context = SolveContext<PackingState, PackingState>;

// A host that asks for the estimate first (is the search too small to split?) then solves the same
// instance: the search prepared for the estimate is kept for it.
const preparedFor = new WeakMap<PackingInstance, Prepared>();

function prepareInstance(instance: PackingInstance): Prepared {
  return preparedFor.get(instance) ?? prepare(instance.target, instance.pieces, { symmetry: instance.symmetry });
}

function hooksFor(ctx: Context, instance: PackingInstance): RunHooks {
  const laid = instance.laid ?? [];
  return {
    ...(ctx.wantSolutions ? { solution: (layers: string[][]) => ctx.solution({ layers: drawLaid(layers, laid) }) } : {}),
    ...(ctx.limit !== undefined ? { limit: ctx.limit } : {}),
    tick: (layers, tries) => {
      if (ctx.wantProgress && ctx.progressDue()) ctx.progress({ layers: drawLaid(layers(), laid), tries }, { tries });
      return ctx.shouldStop();
    },
  };
}

function summary(instance: PackingInstance, prepared: Prepared, solutions: number, tries: number): Summary {
  return { solutions, tries, target: instance.name, symmetry: prepared.symmetry };
}

/** Subtrees per thread: enough that uneven subtrees even out, few enough that hand-offs stay cheap. */
const TASKS_PER_THREAD = 8;

/** The plugin's solver: the packing search (split into tasks for threads and machines), `kit generate` and `kit grade`. */
export const solver: Solver<PackingInstance, PackingState> = {
  solve(instance, ctx): Summary {
    const prepared = prepareInstance(instance);
    const result = runAll(prepared, hooksFor(ctx, instance));
    return summary(instance, prepared, result.solutions, result.tries);
  },
  estimate(instance) {
    const estimated = estimate(instance.target, instance.pieces, { symmetry: instance.symmetry });
    if (estimated?.prepared) preparedFor.set(instance, estimated.prepared);
    return estimated?.tries;
  },
  generate: (request, ctx) => generateChallenge(request, ctx),
  grade: (instance, ctx) => gradeChallenge(instance, ctx),
  split(instance, threads) {
    if (threads <= 1) return undefined;
    const prepared = prepareInstance(instance);
    const { roots, tries } = splitRoots(prepared, threads * TASKS_PER_THREAD);
    if (roots.length === 0) return undefined;
    const setupTries = prepared.feasible ? prepared.plan.rootTries + tries : 0;
    return {
      tasks: roots.length,
      solveTask(task, ctx): Summary {
        const result = runRoots(prepared, [roots[task]!], hooksFor(ctx, instance));
        return summary(instance, prepared, result.solutions, result.tries + (task === 0 ? setupTries : 0));
      },
    };
  },
};
