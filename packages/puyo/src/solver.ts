// The heavy half of the plugin: replays a chain step by step, or solves a chain puzzle and replays
// its best answer. Loaded lazily, inside the worker.
import type { JsonValue, SolveContext, Solver, Summary } from '@kit/core';
import { boardFromGrid, createBoard, gridFromBoard } from './bitboard.js';
import { type ChainStep, type StepKind, runChain, settle } from './chain.js';
import { type CellGrid, type PuyoField, fieldFromGrid, gridFromField } from './field.js';
import { type Move, type NazoSolution, betterAnswer, describeGoal, dropPair, placementOf, solveNazo, splitNazo } from './nazo.js';
import { nazoLinkUrl } from './nazo-link.js';
import { generateNazo } from './nazo-generate.js';
import { gradeNazo } from './nazo-grade.js';
import type { PuyoInstance, PuyoState, ReplayResult } from './types.js';
import { garbageSent } from './rules.js';
import { nexusUrl, puyopUrl } from './share.js';
import { totalsLine } from './summary.js';

type Ctx = SolveContext<unknown, PuyoState>;
const json = (value: unknown) => value as JsonValue;

/** Replays a chain on `grid` in place, one `ctx.step` per gravity and per pop. */
function replayChain(grid: CellGrid, ctx: Ctx, running: { total: number }, move?: number): ChainStep[] {
  const onStep = (kind: StepKind, at: CellGrid, step: ChainStep | undefined, moved: number) => {
    const rows = fieldFromGrid(at).rows;
    const prefix = move !== undefined ? `move ${move}: ` : '';
    if (kind === 'gravity') {
      ctx.step({ rows, title: `${prefix}${moved} puyo${moved === 1 ? '' : 's'} fall` }, { kind, ...(move !== undefined ? { move } : {}), moved });
      return;
    }
    running.total += step!.score;
    const colours = step!.groups.map((g) => `${g.size}${g.colour}`).join(' ');
    ctx.step(
      { rows, title: `${prefix}chain ${step!.chain}: ${colours} pop, +${step!.score} (${running.total})` },
      { kind, ...(move !== undefined ? { move } : {}), ...(json(step) as Record<string, JsonValue>), total: running.total },
    );
  };
  return runChain(grid, onStep).breakdown;
}

function replay(field: PuyoField, ctx: Ctx): Summary {
  ctx.step({ rows: field.rows, title: 'start' }, { kind: 'start' });
  const grid = gridFromField(field);
  const running = { total: 0 };
  const breakdown = replayChain(grid, ctx, running);
  const result = summarise(breakdown, grid);
  if (ctx.wantSolutions) ctx.solution({ rows: fieldFromGrid(grid).rows, title: totalsLine(result), ...result });
  // The input field as both sites' share links (puyop.com has no row 14).
  const puyop = field.rows[0] === '......' ? puyopUrl(field) : null;
  return { solutions: 1, ...result, puyop, puyonexus: nexusUrl(field) };
}

function summarise(breakdown: ChainStep[], grid: CellGrid, moves?: number[]): ReplayResult {
  let score = 0;
  let cleared = 0;
  for (const step of breakdown) {
    score += step.score;
    cleared += step.popped;
  }
  const chains = moves ? breakdown.reduce((most, s) => Math.max(most, s.chain), 0) : breakdown.length;
  // An all clear is a chain that empties the field: an empty field that popped nothing is not one.
  const allClear =
    breakdown.length > 0 &&
    fieldFromGrid(grid)
      .rows.slice(1)
      .every((row) => row === '......');
  return {
    chains,
    score,
    cleared,
    allClear,
    garbage: garbageSent(score),
    breakdown: json(breakdown.map((step, i) => (moves ? { move: moves[i]!, ...step } : step))) as JsonValue[],
  };
}

function dropMove(grid: CellGrid, move: Move): CellGrid {
  const board = boardFromGrid(grid, createBoard());
  dropPair(board, { axis: move.pair[0]!, child: move.pair[1]! }, placementOf(move));
  return gridFromBoard(board);
}

type NazoInstance = PuyoInstance & { mode: 'nazo'; pairs: NonNullable<PuyoInstance['pairs']>; goal: NonNullable<PuyoInstance['goal']> };

/** Subtrees per thread: enough that uneven subtrees even out, few enough that hand-offs stay cheap. */
const TASKS_PER_THREAD = 8;

/**
 * A search that ends within this many placements runs in one thread. Splitting costs the second
 * worker's start (loading the solver) and the split itself, measured at about 0.3 s of CPU on this
 * project's 2-core machines under load (`kit run` with --threads 2 against 1 on puzzles of 9k to
 * 255k placements), while 2^18 placements take about 0.1 s: below that, half the search cannot win
 * the overhead back.
 */
const ONE_THREAD_PLACEMENTS = 1 << 18;

/** Whether the search ends within ONE_THREAD_PLACEMENTS (found by trying: the same in every worker). */
function smallSearch(puzzle: NazoInstance): boolean {
  let placements = 0;
  const stats = solveNazo(
    { field: puzzle.field, pairs: puzzle.pairs, goal: puzzle.goal },
    { wantMoves: false, shouldStop: () => ++placements > ONE_THREAD_PLACEMENTS, onSolution: () => {} },
  );
  return !stats.stopped;
}

/**
 * Searches the puzzle (or the part below one prefix). With `--all` every answer is reported as it is
 * found; otherwise only counted, and the best is reported once the whole search is done.
 */
function searchNazo(instance: NazoInstance, ctx: Ctx, prefix: readonly number[] = []): Summary {
  const { field, goal, pairs } = instance;
  const all = instance.all === true && ctx.wantSolutions;
  // Without --all the host's limit cannot see the answers: count them here.
  let found = 0;
  const stats = solveNazo(
    { field, goal, pairs },
    {
      wantMoves: all,
      shouldStop: () => ctx.shouldStop() || (!all && ctx.limit !== undefined && found >= ctx.limit),
      progress: (rows, tries) => {
        if (ctx.wantProgress && ctx.progressDue()) ctx.progress({ rows: rows(), title: `${tries} placements tried` }, { tries });
      },
      onSolution: (solution: NazoSolution | undefined) => {
        found++;
        if (all) ctx.solution(withLink(instance, solution!));
      },
    },
    prefix,
  );
  return { solutions: stats.solutions, tries: stats.tries, best: stats.best ? json(stats.best) : null };
}

/** Combines the searches' summaries: the best answer by the stated order, animated move by move. */
function finishNazo(instance: NazoInstance, summaries: Summary[], ctx: Ctx, extraTries = 0): Summary {
  const { field, goal, pairs } = instance;
  let best: NazoSolution | undefined;
  let solutions = 0;
  let tries = extraTries;
  for (const summary of summaries) {
    solutions += summary.solutions;
    tries += Number(summary.tries ?? 0);
    const candidate = summary.best as unknown as NazoSolution | null;
    if (candidate && betterAnswer(candidate, best)) best = candidate;
  }
  if (ctx.limit !== undefined) solutions = Math.min(solutions, ctx.limit);
  const summary: Summary = {
    solutions,
    tries,
    goal: describeGoal(goal),
    pairs: pairs.map((p) => p.axis + p.child).join(','),
    best: best?.notation ?? null,
    link: puzzleLink(field, pairs, goal),
    chains: 0,
    score: 0,
    cleared: 0,
    allClear: false,
  };
  if (!best) return summary;
  const answerLink = puzzleLink(field, pairs, goal, best.moves);
  if (instance.all !== true && ctx.wantSolutions) ctx.solution(withLink(instance, best));
  // Animate the best answer with the reference simulator, move by move.
  ctx.step({ rows: field.rows, title: 'start' }, { kind: 'start' });
  let grid = gridFromField(field);
  const running = { total: 0 };
  const breakdown: ChainStep[] = [];
  const moveOf: number[] = [];
  const opening = replayChain(grid, ctx, running);
  breakdown.push(...opening);
  moveOf.push(...opening.map(() => 0));
  best.moves.forEach((move, i) => {
    grid = dropMove(grid, move);
    settle(grid);
    ctx.step(
      { rows: fieldFromGrid(grid).rows, title: `move ${i + 1}: ${move.pair} in column ${move.column}, ${move.rotation}` },
      // chain 0: a new move starts its own chain.
      { kind: 'place', move: i + 1, pair: move.pair, column: move.column, rotation: move.rotation, chain: 0 },
    );
    const steps = replayChain(grid, ctx, running, i + 1);
    breakdown.push(...steps);
    moveOf.push(...steps.map(() => i + 1));
  });
  return { ...summary, answerLink, ...summarise(breakdown, grid, moveOf) };
}

/** A solution with its puyop.com link (the puzzle with the answer's placements filled in). */
function withLink(instance: NazoInstance, solution: NazoSolution): NazoSolution & { link?: string } {
  const link = puzzleLink(instance.field, instance.pairs, instance.goal, solution.moves);
  return link ? { ...solution, link } : solution;
}

/** The puzzle's puyop.com link (with an answer's placements when given); null when row 14 is used. */
function puzzleLink(field: PuyoField, pairs: NazoInstance['pairs'], goal: NazoInstance['goal'], moves?: Move[]): string | null {
  return field.rows[0] === '......' ? nazoLinkUrl(field, pairs, goal, moves) : null;
}

/** The plugin's solver: chain replays, the nazo search (split over threads), `kit generate` and `kit grade`. */
export const solver: Solver<PuyoInstance, unknown, PuyoState> = {
  solve(instance, ctx) {
    if (instance.mode !== 'nazo') return replay(instance.field, ctx);
    const puzzle = instance as NazoInstance;
    return finishNazo(puzzle, [searchNazo(puzzle, ctx)], ctx);
  },
  generate: (request, ctx) => generateNazo(request, ctx),
  grade: (instance, ctx) => gradeNazo(instance, ctx),
  split(instance, threads) {
    if (instance.mode !== 'nazo' || threads <= 1) return undefined;
    const puzzle = instance as NazoInstance;
    if (smallSearch(puzzle)) return undefined;
    const { prefixes, tries } = splitNazo({ field: puzzle.field, pairs: puzzle.pairs, goal: puzzle.goal }, threads * TASKS_PER_THREAD);
    return {
      tasks: prefixes.length,
      solveTask: (task, ctx) => searchNazo(puzzle, ctx, prefixes[task]),
      finish: (summaries, ctx) => finishNazo(puzzle, summaries, ctx, tries),
    };
  },
};
