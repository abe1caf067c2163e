// The heavy half of the plugin: replays a chain step by step, or solves a chain puzzle and replays
// its best answer. Loaded lazily, inside the worker.
import type { JsonValue, SolveContext, Solver, Summary } from '@kit/core';
import { boardFromGrid, createBoard, gridFromBoard } from './bitboard.js';
import { type ChainStep, type StepKind, runChain, settle } from './chain.js';
import { type CellGrid, type PuyoField, fieldFromGrid, gridFromField } from './field.js';
import { type Move, type NazoSolution, describeGoal, dropPair, placementOf, solveNazo } from './nazo.js';
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
  const allClear = fieldFromGrid(grid).rows.slice(1).every((row) => row === '......');
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

function nazo(instance: PuyoInstance, ctx: Ctx): Summary {
  const { field, goal, pairs } = instance;
  const stats = solveNazo(
    { field, goal: goal!, pairs: pairs! },
    {
      wantMoves: ctx.wantSolutions,
      shouldStop: () => ctx.shouldStop(),
      progress: (rows, tries) => {
        if (ctx.wantProgress && ctx.progressDue()) ctx.progress({ rows: rows(), title: `${tries} placements tried` }, { tries });
      },
      onSolution: (solution: NazoSolution | undefined) => ctx.solution(solution ?? null),
    },
  );
  const summary: Summary = {
    solutions: stats.solutions,
    tries: stats.tries,
    goal: describeGoal(goal!),
    best: stats.best?.notation ?? null,
    chains: 0,
    score: 0,
    cleared: 0,
    allClear: false,
  };
  if (!stats.best) return summary;
  // Animate the best answer with the reference simulator, move by move.
  ctx.step({ rows: field.rows, title: 'start' }, { kind: 'start' });
  let grid = gridFromField(field);
  const running = { total: 0 };
  const breakdown: ChainStep[] = [];
  const moveOf: number[] = [];
  const opening = replayChain(grid, ctx, running);
  breakdown.push(...opening);
  moveOf.push(...opening.map(() => 0));
  stats.best.moves.forEach((move, i) => {
    grid = dropMove(grid, move);
    settle(grid);
    ctx.step(
      { rows: fieldFromGrid(grid).rows, title: `move ${i + 1}: ${move.pair} in column ${move.column}, ${move.rotation}` },
      { kind: 'place', move: i + 1, pair: move.pair, column: move.column, rotation: move.rotation },
    );
    const steps = replayChain(grid, ctx, running, i + 1);
    breakdown.push(...steps);
    moveOf.push(...steps.map(() => i + 1));
  });
  return { ...summary, ...summarise(breakdown, grid, moveOf) };
}

export const solver: Solver<PuyoInstance, unknown, PuyoState> = {
  solve(instance, ctx) {
    return instance.mode === 'nazo' ? nazo(instance, ctx) : replay(instance.field, ctx);
  },
};
