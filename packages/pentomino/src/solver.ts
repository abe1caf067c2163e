import type { SolveContext, Solver, Summary } from '@kit/core';
import { boardFromRows } from './boards.js';
import { type Prepared, type RunHooks, prepare, runAll, runRoots } from './engine.js';
import type { PackingInstance } from './instance.js';
import { splitRoots } from './split.js';
import type { PackingState } from './view.js';

type Context = SolveContext<PackingState, PackingState>;

function prepareInstance(instance: PackingInstance): Prepared {
  return prepare(boardFromRows(instance.board, instance.file), instance.pieces, {
    all: instance.all,
    ...(instance.file !== undefined ? { file: instance.file } : {}),
  });
}

function hooksFor(ctx: Context, triesBefore = 0): RunHooks {
  return {
    ...(ctx.wantSolutions ? { solution: (rows: string[]) => ctx.solution({ rows }) } : {}),
    ...(ctx.limit !== undefined ? { limit: ctx.limit } : {}),
    tick: (rows, tries) => {
      if (ctx.wantProgress && ctx.progressDue()) ctx.progress({ rows: rows(), tries: triesBefore + tries }, { tries: triesBefore + tries });
      return ctx.shouldStop();
    },
  };
}

/** Subtrees per thread: enough that uneven subtrees even out, few enough that hand-offs stay cheap. */
const TASKS_PER_THREAD = 8;

export const solver: Solver<PackingInstance, PackingState> = {
  solve(instance, ctx): Summary {
    const result = runAll(prepareInstance(instance), hooksFor(ctx));
    return { solutions: result.solutions, tries: result.tries, board: instance.name };
  },
  split(instance, threads) {
    if (threads <= 1) return undefined;
    const prepared = prepareInstance(instance);
    const { roots, tries } = splitRoots(prepared, threads * TASKS_PER_THREAD);
    const setupTries = prepared.feasible ? prepared.plan.rootTries + tries : 0;
    return {
      tasks: roots.length,
      solveTask(task, ctx): Summary {
        const result = runRoots(prepared, [roots[task]!], hooksFor(ctx));
        return { solutions: result.solutions, tries: result.tries + (task === 0 ? setupTries : 0), board: instance.name };
      },
    };
  },
};
