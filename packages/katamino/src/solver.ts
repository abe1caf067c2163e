import type { JsonValue, SolveContext, SplitSearch, Solver, Summary } from '@kit/core';
import type { Penta } from './challenges.js';
import { gradeKatamino } from './grade.js';
import { type KataminoInstance, parseInstance } from './instance.js';
import { solveLaid } from './laid-solve.js';
import { makeKatamino } from './make.js';
import { ALL_PIECES, ROWS, lettersOf, parseLetters } from './pieces.js';
import { type Part, planRange, planWidth, sweepGroups } from './plan.js';
import { partRoots, rowsOfLabels, runPart } from './run.js';
import { SubsetTally, type TallyHooks } from './tally.js';
import type { KataminoSolution, KataminoState } from './view.js';

// The sweep's groups are a plan (plan.ts); this entry has always offered them.
export { sweepGroups } from './plan.js';

type Context = SolveContext<KataminoSolution, KataminoState>;
type PiecesInstance = Extract<KataminoInstance, { mode: 'pieces' }>;
type SweepInstance = Extract<KataminoInstance, { mode: 'sweep' }>;
type ChallengeInstance = Extract<KataminoInstance, { mode: 'challenge' }>;

function tickFor(ctx: Context, triesBefore = 0): TallyHooks['tick'] {
  return (rows, tries) => {
    if (ctx.wantProgress && ctx.progressDue()) ctx.progress({ rows: rows(), tries: triesBefore + tries }, { tries: triesBefore + tries });
    return ctx.signal.aborted;
  };
}

// ---- --pieces: one set, every distinct tiling listed ----------------------------------------------

function piecesParts(instance: PiecesInstance): Part[] {
  return planWidth(instance.width, instance.pieces, instance.horizontalI, instance.all);
}

function solvePieces(instance: PiecesInstance, ctx: Context, parts: readonly Part[], roots?: readonly (readonly number[] | undefined)[]): Summary {
  let solutions = 0;
  let tries = 0;
  for (let i = 0; i < parts.length; i++) {
    const before = tries;
    const result = runPart(
      parts[i]!,
      {
        tiling(width, _used, labels) {
          solutions++;
          if (ctx.wantSolutions) ctx.solution({ rows: rowsOfLabels(labels, width) });
          return ctx.limit !== undefined && solutions >= ctx.limit;
        },
        tick: (rows, partTries) => tickFor(ctx, before)!(rows, partTries),
      },
      roots?.[i],
    );
    tries += result.tries;
    if (result.stopped) break;
  }
  return { solutions, tries, board: `${ROWS}x${instance.width}`, pieces: lettersOf(instance.pieces) };
}

/** Subtrees per thread, so uneven subtrees even out between workers. */
const TASKS_PER_THREAD = 16;

function splitPieces(instance: PiecesInstance, threads: number): SplitSearch<KataminoSolution, KataminoState> | undefined {
  const parts = piecesParts(instance);
  // Cut every part at the same depth, deep enough for enough subtrees (never at a whole tiling).
  let tasks: { part: number; root: number[] }[] = parts.map((_, part) => ({ part, root: [] }));
  let setupTries = 0;
  for (let depth = 1; depth < instance.width && tasks.length < threads * TASKS_PER_THREAD; depth++) {
    tasks = [];
    setupTries = 0;
    parts.forEach((part, index) => {
      const { roots, tries } = partRoots(part, depth);
      setupTries += tries;
      for (const root of roots) tasks.push({ part: index, root });
    });
  }
  if (tasks.length <= 1) return undefined;
  return {
    tasks: tasks.length,
    solveTask(task, ctx) {
      const { part, root } = tasks[task]!;
      const summary = solvePieces(instance, ctx, [parts[part]!], [root]);
      return task === 0 ? { ...summary, tries: (summary.tries as number) + setupTries } : summary;
    },
  };
}

// ---- --n: every set of N pieces, one search shared by all of them ----------------------------------

function groupParts(instance: SweepInstance, [lo, hi]: [number, number]): Part[] {
  return lo === hi ? planWidth(lo, ALL_PIECES, instance.horizontalI, instance.all) : [planRange(lo, hi, ALL_PIECES, instance.horizontalI, instance.all)];
}

function binomial(n: number, k: number): number {
  let out = 1;
  for (let i = 1; i <= k; i++) out = (out * (n - k + i)) / i;
  return Math.round(out);
}

interface WidthRow {
  n: number;
  tried: number;
  tiling: number;
  solutions: number;
}

function solveSweepGroups(instance: SweepInstance, ctx: Context, groups: readonly [number, number][]): Summary {
  const tally = new SubsetTally(instance.horizontalI);
  for (const group of groups) {
    tally.run(groupParts(instance, group), { tick: tickFor(ctx, tally.tries) });
    if (tally.stopped) break;
  }
  for (const result of tally.results()) {
    if (ctx.shouldStop()) break;
    if (ctx.wantSolutions) ctx.solution(result);
  }
  const byWidth = tally.byWidth();
  const table: WidthRow[] = [];
  for (const [lo, hi] of groups) {
    for (let n = lo; n <= hi; n++) {
      const row = byWidth.get(n);
      table.push({ n, tried: binomial(12, n), tiling: row?.tiling ?? 0, solutions: row?.solutions ?? 0 });
    }
  }
  return sweepSummary(instance, table, tally.tries);
}

function sweepSummary(instance: SweepInstance, table: readonly WidthRow[], tries: number): Summary {
  const sum = (key: keyof WidthRow) => table.reduce((n, row) => n + row[key], 0);
  return {
    solutions: sum('solutions'),
    subsets: sum('tiling'),
    tried: sum('tried'),
    tries,
    widths: instance.lo === instance.hi ? `${instance.lo}` : `${instance.lo}-${instance.hi}`,
    table: table.map((row) => ({ ...row })) as JsonValue,
  };
}

/**
 * Workers take whole groups: cutting the shared search into subtrees would spread a set's tilings
 * over several tasks, and a task must report each of its sets complete. Only a sweep up to 12 has two
 * groups; other sweeps run on one worker.
 */
function splitSweep(instance: SweepInstance): SplitSearch<KataminoSolution, KataminoState> | undefined {
  const groups = sweepGroups(instance.lo, instance.hi);
  if (groups.length <= 1) return undefined;
  return {
    tasks: groups.length,
    solveTask: (task, ctx) => solveSweepGroups(instance, ctx, [groups[task]!]),
    merge(summaries) {
      const table = summaries.flatMap((summary) => summary.table as unknown as WidthRow[]).sort((a, b) => a.n - b.n);
      return sweepSummary(
        instance,
        table,
        summaries.reduce((n, summary) => n + (summary.tries as number), 0),
      );
    },
  };
}

// ---- --challenge: the booklet's rows, one board after another --------------------------------------

function solvePentas(instance: ChallengeInstance, ctx: Context, pentas: readonly Penta[]): Summary {
  let solutions = 0;
  let solvable = 0;
  let tries = 0;
  for (const penta of pentas) {
    const mask = parseLetters(penta.pieces);
    const tally = new SubsetTally(instance.horizontalI).run(planWidth(penta.width, mask, instance.horizontalI, instance.all), {
      tick: tickFor(ctx, tries),
    });
    tries += tally.tries;
    if (tally.stopped || ctx.shouldStop()) break;
    const result = tally.results()[0];
    const count = result?.count ?? 0;
    solutions += count;
    if (count > 0) solvable++;
    if (ctx.wantSolutions) {
      ctx.solution({
        challenge: penta.challenge,
        row: penta.row,
        pieces: penta.pieces,
        count,
        rows: result?.rows ?? Array.from({ length: ROWS }, () => ' '.repeat(penta.width)),
      });
    }
  }
  return { solutions, pentas: pentas.length, solvable, tries, challenge: instance.challenge };
}

function splitChallenge(instance: ChallengeInstance): SplitSearch<KataminoSolution, KataminoState> | undefined {
  if (instance.pentas.length <= 1) return undefined;
  return {
    tasks: instance.pentas.length,
    solveTask: (task, ctx) => solvePentas(instance, ctx, [instance.pentas[task]!]),
  };
}

/** The plugin's solver: tilings, sweeps and challenges for `kit run` (split over threads), and `kit generate`/`kit grade`. */
export const solver: Solver<KataminoInstance, KataminoSolution, KataminoState> = {
  generate: (request, ctx) => makeKatamino(request, ctx, (input) => gradeKatamino(parseInstance({}, { name: 'challenge', text: input })).level),
  grade: (instance) => gradeKatamino(instance),
  solve(instance, ctx): Summary {
    switch (instance.mode) {
      case 'pieces':
        return solvePieces(instance, ctx, piecesParts(instance));
      case 'sweep':
        return solveSweepGroups(instance, ctx, sweepGroups(instance.lo, instance.hi));
      case 'challenge':
        return solvePentas(instance, ctx, instance.pentas);
      case 'laid':
        return solveLaid(instance, ctx);
    }
  },
  split(instance, threads) {
    if (threads <= 1) return undefined;
    switch (instance.mode) {
      case 'pieces':
        return splitPieces(instance, threads);
      case 'sweep':
        return splitSweep(instance);
      case 'challenge':
        return splitChallenge(instance);
      case 'laid':
        return undefined;
    }
  },
};
