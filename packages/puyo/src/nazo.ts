// Chain puzzles ("nazo puyo"): a field, a list of pairs and a goal. Every placement of every pair
// is tried in order (depth first, on the fast simulator); a sequence is a solution the moment the
// goal holds after its last pair's chain.
import { InputError } from '@kit/core';
import {
  type Board, type FastResult, boardAllClear, boardFromGrid, columnHeight, createBoard, createResult, gridFromBoard,
  planeCount, setCell, simulateBoard,
} from './bitboard.js';
import { COLOUR_LETTERS, ROWS, WIDTH, type PuyoField, fieldFromGrid, gridFromField } from './field.js';

export type Goal =
  | { kind: 'chains'; min: number }
  | { kind: 'all-clear' }
  | { kind: 'clear-colour'; colour: string };

/** A pair as it falls: `axis` is the puyo the pair turns around, `child` the other one. */
export interface Pair {
  axis: string;
  child: string;
}

export const ROTATIONS = ['up', 'right', 'down', 'left'] as const;
export type Rotation = (typeof ROTATIONS)[number];

export interface Move {
  pair: string;
  /** Column of the axis puyo, 1..6. */
  column: number;
  /** Where the child puyo sits relative to the axis. */
  rotation: Rotation;
}

export interface NazoSolution {
  moves: Move[];
  /** `RG 3up, BY 4right`: pair, axis column and rotation of each move. */
  notation: string;
  /** Longest chain any move set off. */
  chains: number;
  /** Points of all the moves' chains. */
  score: number;
  cleared: number;
  allClear: boolean;
  /** The field after the last move's chain, as `PuyoField.rows`. */
  rows: string[];
}

export function parsePairs(text: string): Pair[] {
  const pairs = text.split(',').map((part) => part.trim().toUpperCase());
  return pairs.map((pair) => {
    if (!/^[RGBYP]{2}$/.test(pair)) {
      throw new InputError(`--pairs: ${JSON.stringify(pair)} is not a pair: each pair is two colours from R G B Y P (e.g. RG,BY,RR)`);
    }
    return { axis: pair[0]!, child: pair[1]! };
  });
}

export function parseGoal(text: string): Goal {
  const goal = text.trim().toLowerCase();
  const chains = goal.match(/^chains?\s*>=\s*(\d+)$/);
  if (chains) {
    const min = Number(chains[1]);
    if (min < 1 || min > 19) throw new InputError(`--goal: a chain goal is from chains>=1 to chains>=19 (got ${text})`);
    return { kind: 'chains', min };
  }
  if (goal === 'all-clear') return { kind: 'all-clear' };
  const colour = goal.match(/^clear-colou?r=([rgbyp])$/);
  if (colour) return { kind: 'clear-colour', colour: colour[1]!.toUpperCase() };
  throw new InputError(`--goal must be chains>=N, all-clear or clear-colour=R (got ${JSON.stringify(text)})`);
}

export function describeGoal(goal: Goal): string {
  if (goal.kind === 'chains') return `chains>=${goal.min}`;
  if (goal.kind === 'all-clear') return 'all-clear';
  return `clear-colour=${goal.colour}`;
}

/** Placements of one pair: axis column 0..5 x rotation 0..3 whose child column is on the field. */
interface Placement {
  x: number;
  rotation: number;
  childX: number;
}

const ALL_PLACEMENTS: Placement[] = [];
for (let rotation = 0; rotation < 4; rotation++) {
  for (let x = 0; x < WIDTH; x++) {
    const childX = rotation === 1 ? x + 1 : rotation === 3 ? x - 1 : x;
    if (childX >= 0 && childX < WIDTH) ALL_PLACEMENTS.push({ x, rotation, childX });
  }
}
/** A pair of one colour looks the same turned half way: keep up and right only. */
const SAME_COLOUR_PLACEMENTS = ALL_PLACEMENTS.filter((p) => p.rotation === 0 || p.rotation === 1);

export const colourCode = (letter: string): number => COLOUR_LETTERS.indexOf(letter as never) + 1;

/**
 * Drops a pair onto a settled board. Returns false when a puyo would land above row 13. A pair
 * whose columns differ splits: each puyo falls in its own column.
 */
export function dropPair(board: Board, pair: Pair, placement: Placement): boolean {
  const axis = colourCode(pair.axis);
  const child = colourCode(pair.child);
  const { x, childX, rotation } = placement;
  if (x === childX) {
    const height = columnHeight(board, x);
    if (height + 2 > ROWS - 1) return false;
    setCell(board, x, height + 1, rotation === 2 ? child : axis);
    setCell(board, x, height + 2, rotation === 2 ? axis : child);
    return true;
  }
  const axisHeight = columnHeight(board, x);
  const childHeight = columnHeight(board, childX);
  if (axisHeight + 1 > ROWS - 1 || childHeight + 1 > ROWS - 1) return false;
  setCell(board, x, axisHeight + 1, axis);
  setCell(board, childX, childHeight + 1, child);
  return true;
}

export function placementsFor(pair: Pair): readonly Placement[] {
  return pair.axis === pair.child ? SAME_COLOUR_PLACEMENTS : ALL_PLACEMENTS;
}

function goalMet(goal: Goal, board: Board, result: FastResult): boolean {
  if (goal.kind === 'chains') return result.chains >= goal.min;
  if (goal.kind === 'all-clear') return boardAllClear(board);
  return planeCount(board, colourCode(goal.colour) - 1) === 0;
}

export interface NazoSearch {
  field: PuyoField;
  pairs: Pair[];
  goal: Goal;
}

export interface NazoHooks {
  /** Called for each solution; the move list is only built when `wantMoves` is true. */
  onSolution(solution: NazoSolution | undefined): void;
  wantMoves: boolean;
  shouldStop(): boolean;
  /** Called every 1024 placements with the field just simulated (for a progress display). */
  progress?(rows: () => string[], tries: number): void;
}

export interface NazoStats {
  solutions: number;
  /** Placements dropped and simulated. */
  tries: number;
  stopped: boolean;
  best: NazoSolution | undefined;
}

const better = (a: NazoSolution, b: NazoSolution | undefined): boolean =>
  !b || a.score > b.score || (a.score === b.score && a.moves.length < b.moves.length);

/** Depth-first search over every placement sequence; see the file comment for what counts. */
export function solveNazo(search: NazoSearch, hooks: NazoHooks): NazoStats {
  const { pairs, goal } = search;
  const depth = pairs.length;
  const boards = Array.from({ length: depth + 1 }, () => createBoard());
  const result: FastResult = createResult();
  boardFromGrid(gridFromField(search.field), boards[0]);
  // A floating input settles before the first pair falls, and may chain on its own.
  const opening = simulateBoard(boards[0]!, result);
  const openingScore = result.score;
  const openingCleared = result.cleared;
  const path: Placement[] = [];
  const chainsAt = new Int32Array(depth + 1);
  const scoreAt = new Float64Array(depth + 1);
  const clearedAt = new Float64Array(depth + 1);
  chainsAt[0] = opening;
  scoreAt[0] = openingScore;
  clearedAt[0] = openingCleared;
  const stats: NazoStats = { solutions: 0, tries: 0, stopped: false, best: undefined };

  const visit = (level: number): void => {
    const pair = pairs[level]!;
    for (const placement of placementsFor(pair)) {
      if (hooks.shouldStop()) {
        stats.stopped = true;
        return;
      }
      const board = boards[level + 1]!;
      board.set(boards[level]!);
      if (!dropPair(board, pair, placement)) continue;
      stats.tries++;
      simulateBoard(board, result);
      if ((stats.tries & 1023) === 0 && hooks.progress) hooks.progress(() => fieldFromGrid(gridFromBoard(board)).rows, stats.tries);
      path[level] = placement;
      chainsAt[level + 1] = Math.max(chainsAt[level]!, result.chains);
      scoreAt[level + 1] = scoreAt[level]! + result.score;
      clearedAt[level + 1] = clearedAt[level]! + result.cleared;
      if (goalMet(goal, board, result)) {
        stats.solutions++;
        const score = scoreAt[level + 1]!;
        const needed = hooks.wantMoves || !stats.best || score > stats.best.score;
        const solution = needed ? describe(level + 1, board) : undefined;
        if (solution && better(solution, stats.best)) stats.best = solution;
        hooks.onSolution(hooks.wantMoves ? solution : undefined);
      } else if (level + 1 < depth) {
        visit(level + 1);
        if (stats.stopped) return;
      }
    }
  };

  const describe = (length: number, board: Board): NazoSolution => {
    const moves: Move[] = [];
    for (let i = 0; i < length; i++) {
      const p = path[i]!;
      moves.push({ pair: pairs[i]!.axis + pairs[i]!.child, column: p.x + 1, rotation: ROTATIONS[p.rotation]! });
    }
    return {
      moves,
      notation: moves.map((m) => `${m.pair} ${m.column}${m.rotation}`).join(', '),
      chains: chainsAt[length]!,
      score: scoreAt[length]!,
      cleared: clearedAt[length]!,
      allClear: boardAllClear(board),
      rows: fieldFromGrid(gridFromBoard(board)).rows,
    };
  };

  if (depth > 0) visit(0);
  return stats;
}

/** The placement a move names, for replaying a solution. */
export function placementOf(move: Move): Placement {
  const x = move.column - 1;
  const rotation = ROTATIONS.indexOf(move.rotation);
  const childX = rotation === 1 ? x + 1 : rotation === 3 ? x - 1 : x;
  return { x, rotation, childX };
}
