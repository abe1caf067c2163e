import type { SolveContext, Solver, Summary } from '@kit/core';
import { estimatePrepared, splitRoots } from '@kit/cover';
import { generateChallenge } from './challenge.js';
import { gradeChallenge } from './grade.js';
import { packingSetup } from './play.js';
import { boardFromRows } from './boards.js';
import { type Prepared, type RunHooks, prepare, runAll, runRoots } from './engine.js';
import { type PackingInstance, parseInstance } from './instance.js';
import { withLaid } from './laid.js';
import type { PackingState } from './view.js';

type Context = SolveContext<PackingState, PackingState>;

// A host that asks for the estimate first (is the search too small to split?) then solves the same
// instance: the search prepared for the estimate is kept for it.
const preparedFor = new WeakMap<PackingInstance, Prepared>();

function prepareInstance(instance: PackingInstance): Prepared {
  const kept = preparedFor.get(instance);
  if (kept) return kept;
  return prepare(boardFromRows(instance.board, instance.file), instance.pieces, {
    all: instance.all,
    ...(instance.file !== undefined ? { file: instance.file } : {}),
  });
}

function hooksFor(instance: PackingInstance, ctx: Context, triesBefore = 0): RunHooks {
  // A challenge's laid pieces are holes to the search: draw them back on what it reports.
  const { laid } = instance;
  const whole = laid ? (rows: string[]) => withLaid(instance.board, laid, rows) : (rows: string[]) => rows;
  return {
    ...(ctx.wantSolutions ? { solution: (rows: string[]) => ctx.solution({ rows: whole(rows) }) } : {}),
    ...(ctx.limit !== undefined ? { limit: ctx.limit } : {}),
    tick: (rows, tries) => {
      if (ctx.wantProgress && ctx.progressDue()) ctx.progress({ rows: whole(rows()), tries: triesBefore + tries }, { tries: triesBefore + tries });
      return ctx.shouldStop();
    },
  };
}

/** Subtrees per thread: enough that uneven subtrees even out, few enough that hand-offs stay cheap. */
const TASKS_PER_THREAD = 8;

/** A board with pieces laid, as the grader takes it. */
const challengeOf = (instance: PackingInstance) => ({
  board: instance.board,
  pieces: instance.pieces,
  size: instance.name,
  setup: packingSetup(instance.board, instance.pieces.kinds),
});

/** The plugin's solver: the packing search (split into tasks for threads and machines), `kit generate` and `kit grade`. */
export const solver: Solver<PackingInstance, PackingState> = {
  generate: (request, ctx) =>
    generateChallenge(request, ctx, (input) => gradeChallenge(challengeOf(parseInstance({}, { name: 'challenge', text: input }))).level),
  grade: (instance) => gradeChallenge(challengeOf(instance)),
  estimate(instance) {
    const prepared = prepareInstance(instance);
    preparedFor.set(instance, prepared);
    return estimatePrepared(prepared);
  },
  solve(instance, ctx): Summary {
    const result = runAll(prepareInstance(instance), hooksFor(instance, ctx));
    return { solutions: result.solutions, tries: result.tries, board: instance.name };
  },
  split(instance, threads) {
    if (threads <= 1) return undefined;
    const prepared = prepareInstance(instance);
    const { roots, tries, parts, estimate } = splitRoots(prepared, threads * TASKS_PER_THREAD);
    const setupTries = prepared.feasible ? prepared.plan.rootTries + tries : 0;
    const rootAt = (path: readonly number[]) => {
      let root = roots[path[0]!];
      for (let i = 1; i < path.length && root; i++) root = parts(root)[path[i]!];
      if (!root) throw new Error(`no task ${path.join('.')}`);
      return root;
    };
    /**
     * The tries a task or part carries besides its subtree's: the first part of a cut carries the
     * placements that made its siblings, task 0 (or its first part) the split's own.
     */
    const carried = (path: readonly number[]) => {
      let extra = 0;
      let depth = path.length - 1;
      for (; depth > 0 && path[depth] === 0; depth--) extra += parts(rootAt(path.slice(0, depth))).length;
      return extra + (depth === 0 && path[0] === 0 ? setupTries : 0);
    };
    const solvePath = (path: readonly number[], ctx: Context): Summary => {
      const result = runRoots(prepared, [rootAt(path)], hooksFor(instance, ctx));
      return { solutions: result.solutions, tries: result.tries + carried(path), board: instance.name };
    };
    return {
      tasks: roots.length,
      solveTask: (task, ctx) => solvePath([task], ctx),
      parts: (path) => parts(rootAt(path)).length,
      solvePart: solvePath,
      estimate: (path) => estimate(rootAt(path)),
    };
  },
};
