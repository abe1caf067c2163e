// Grading a chain puzzle: its level (nazo-levels.ts) and its solving path, one step a move of the
// best answer. Each move's level is that of the puzzle still to solve when it is made: the last
// move alone is a 1-pair puzzle, the first is the whole puzzle.
import { InputError } from '@kit/core';
import type { GenerateContext, Grade, GradeStep } from '@kit/core/make';
import { boardFromGrid, createBoard, gridFromBoard } from './bitboard.js';
import { runChain } from './chain.js';
import { ROWS, WIDTH, type CellGrid, type PuyoField, cellIndex, fieldFromGrid, gridFromField } from './field.js';
import { describeGoal, type Goal } from './goal.js';
import { type Move, type NazoSolution, type Pair, betterAnswer, dropPair, placementOf, solveNazo } from './nazo.js';
import { nazoLevel, nearMisses } from './nazo-levels.js';
import type { PuyoInstance } from './types.js';

/** Where a field cell is on the play board: rows 14 and 13, a divider row, then rows 12 to 1 (view.ts). */
const boardCell = (x: number, row: number): number => (ROWS - row + (row <= 12 ? 1 : 0)) * WIDTH + x;

const ROTATION_WORDS: Record<Move['rotation'], string> = {
  up: 'on top of it',
  right: 'to its right',
  down: 'below it',
  left: 'to its left',
};

/** Every answer counted and the best kept; throws when the host gives up. */
function bestAnswer(field: PuyoField, pairs: Pair[], goal: Goal, ctx: GenerateContext): { best: NazoSolution | undefined; answers: number } {
  let best: NazoSolution | undefined;
  const stats = solveNazo(
    { field, pairs, goal },
    {
      wantMoves: true,
      shouldStop: () => ctx.signal?.aborted === true,
      onSolution: (solution) => {
        if (betterAnswer(solution!, best)) best = solution;
      },
    },
  );
  if (stats.stopped) throw new InputError('grading was stopped');
  return { best, answers: stats.solutions };
}

/** Drops a move's pair on a settled grid and settles it; returns the cells its puyos landed in. */
function dropOn(grid: CellGrid, move: Move): number[] {
  const board = boardFromGrid(grid, createBoard());
  dropPair(board, { axis: move.pair[0]!, child: move.pair[1]! }, placementOf(move));
  const after = gridFromBoard(board);
  const cells: number[] = [];
  for (let x = 0; x < WIDTH; x++) {
    for (let row = 1; row <= ROWS; row++) if (grid[cellIndex(x, row)] === 0 && after[cellIndex(x, row)] !== 0) cells.push(boardCell(x, row));
  }
  grid.set(after);
  return cells.sort((a, b) => a - b);
}

function sentence(move: Move, chains: number, last: boolean, goal: Goal): string {
  const [axis, child] = [move.pair[0]!, move.pair[1]!];
  const where = `Place ${move.pair} with ${axis} in column ${move.column} and ${child} ${ROTATION_WORDS[move.rotation]}`;
  const sets = `it sets off ${chains} chain${chains === 1 ? '' : 's'}`;
  if (last) return `${where}: ${chains === 0 ? 'nothing pops' : sets}, and the goal (${describeGoal(goal)}) is met.`;
  return chains === 0 ? `${where}: nothing pops yet.` : `${where}: ${sets}, not yet the goal.`;
}

/** `Solver.grade` for a chain puzzle: the level, and one step a move of its best answer. */
export function gradeNazo(instance: PuyoInstance, ctx: GenerateContext = {}): Grade {
  if (instance.mode !== 'nazo' || !instance.pairs || !instance.goal) {
    throw new InputError('grading takes a chain puzzle: a field file with pairs: and goal: lines, --nazo with --pairs and --goal, or a nazo link');
  }
  const { field, pairs, goal } = instance;
  const { best } = bestAnswer(field, pairs, goal, ctx);
  if (!best) throw new InputError(`the puzzle has no answer (goal ${describeGoal(goal)}), so it cannot be graded`);
  const grid = gridFromField(field);
  runChain(grid);
  const steps: GradeStep[] = best.moves.map((move, i) => {
    // The puzzle still to solve: this field and the answer's pairs from this one on.
    const rest = pairs.slice(i, best.moves.length);
    const level = nazoLevel(rest.length, rest.length === 3 ? nearMisses(fieldFromGrid(grid), rest, goal) : 0);
    const cells = dropOn(grid, move);
    const chains = runChain(grid).breakdown.length;
    const { x, rotation } = placementOf(move);
    return {
      rule: chains === 0 ? 'set-up' : i === best.moves.length - 1 ? 'trigger' : 'early chain',
      level,
      text: sentence(move, chains, i === best.moves.length - 1, goal),
      cells,
      moves: [{ type: 'drop', column: x, rotation }],
    };
  });
  return { size: '6x12', level: steps[0]!.level, steps };
}
