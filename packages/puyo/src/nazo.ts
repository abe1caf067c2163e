// Chain puzzles ("nazo puyo"): a field, a list of pairs and a goal. Every reachable placement of
// every pair is tried in order (depth first, on the fast simulator). After each pair's chain the goal
// is checked: when it holds, the sequence so far is an answer and the puzzle ends there (as in the
// games and in pon2); otherwise the next pair falls, unless the game is over or no pair is left.
import { InputError } from '@kit/core';
import {
  type Board,
  type FastResult,
  boardAllClear,
  boardFromGrid,
  columnHeight,
  createBoard,
  createResult,
  detailedSimulator,
  gridFromBoard,
  planeCount,
  setCell,
  simulateBoard,
} from './bitboard.js';
import { COLOUR_LETTERS, ROWS, WIDTH, type PuyoField, fieldFromGrid, gridFromField } from './field.js';
import { type Goal, type GoalColour, describeGoal, parseGoal } from './goal.js';
import { type NodeTotals, bitCount, hopeless } from './nazo-prune.js';
import { gameOver, placementReachable, reachableColumns } from './reach.js';
import { detailCovers, stepGoalMet, stepGoalMetDetail } from './step-goal.js';

export { describeGoal, parseGoal };
export type { Goal };

/** A pair as it falls: `axis` is the puyo the pair turns around, `child` the other one. */
export interface Pair {
  /** The axis puyo's colour letter (R, G, B, Y, P). */
  axis: string;
  /** The other puyo's colour letter. */
  child: string;
}

/** Where a pair's child sits around its axis, in the order a pair turns clockwise. */
export const ROTATIONS = ['up', 'right', 'down', 'left'] as const;
/** One of {@link ROTATIONS}. */
export type Rotation = (typeof ROTATIONS)[number];

/** One pair placed: an answer is a list of these. */
export interface Move {
  /** The pair's colours, axis first: `RG`. */
  pair: string;
  /** Column of the axis puyo, 1..6. */
  column: number;
  /** Where the child puyo sits relative to the axis. */
  rotation: Rotation;
}

/** An answer to a chain puzzle, with what its moves scored. */
export interface NazoSolution {
  /** The pairs placed, in order. */
  moves: Move[];
  /** `RG 3up, BY 4right`: pair, axis column and rotation of each move. */
  notation: string;
  /** Longest chain any move set off. */
  chains: number;
  /** Points of all the moves' chains. */
  score: number;
  /** Colour puyos popped over all the moves' chains. */
  cleared: number;
  /** The field is empty after the last move's chain. */
  allClear: boolean;
  /** The field after the last move's chain, as `PuyoField.rows`. */
  rows: string[];
  /** Placement numbers in search order (index into the pair's placement list): orders answers. */
  path: number[];
}

/**
 * The most pairs a puzzle may have. The search tries up to 22 placements a pair, so n pairs are up
 * to 22^n sequences: 16 pairs are already 3e21, beyond any run's lifetime.
 */
export const MAX_PAIRS = 16;

export function checkPairCount(count: number, what = '--pairs'): void {
  if (count > MAX_PAIRS) {
    throw new InputError(
      `${what}: ${count} pairs; a chain puzzle has at most ${MAX_PAIRS}: the search tries up to 22 placements a pair, and 22^${MAX_PAIRS} sequences already cannot finish`,
    );
  }
}

/** Reads `--pairs`: pairs of colour letters separated by commas (`RG,BY,RR`), at most 16; an InputError names a bad one. */
export function parsePairs(text: string): Pair[] {
  // Count first: a huge list is refused before any work that grows with it.
  const count = text.split(',').length;
  checkPairCount(count);
  const pairs = text.split(',').map((part) => part.trim().toUpperCase());
  return pairs.map((pair) => {
    if (!/^[RGBYP]{2}$/.test(pair)) {
      throw new InputError(`--pairs: ${JSON.stringify(pair.slice(0, 20))} is not a pair: each pair is two colours from R G B Y P (e.g. RG,BY,RR)`);
    }
    return { axis: pair[0]!, child: pair[1]! };
  });
}

/** Placements of one pair: axis column 0..5 x rotation 0..3 whose child column is on the field. */
export interface Placement {
  /** The axis puyo's column, 0 to 5. */
  x: number;
  /** The child's side, an index into {@link ROTATIONS}. */
  rotation: number;
  /** The child puyo's column, 0 to 5. */
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
 * Drops a pair onto a settled board: each puyo falls in its own column. A puyo that would land above
 * row 13 vanishes, as in Tsu (only "up" on a column of height 12 does that: the child). Returns false
 * when the axis has no room (the placement is not reachable anyway).
 */
export function dropPair(board: Board, pair: Pair, placement: Placement): boolean {
  const axis = colourCode(pair.axis);
  const child = colourCode(pair.child);
  const { x, childX, rotation } = placement;
  const top = ROWS - 1;
  if (x === childX) {
    const height = columnHeight(board, x);
    const [lower, upper] = rotation === 2 ? [child, axis] : [axis, child];
    if (height + 1 > top || (rotation === 2 && height + 2 > top)) return false;
    setCell(board, x, height + 1, lower);
    if (height + 2 <= top) setCell(board, x, height + 2, upper);
    return true;
  }
  const axisHeight = columnHeight(board, x);
  const childHeight = columnHeight(board, childX);
  if (axisHeight + 1 > top || childHeight + 1 > top) return false;
  setCell(board, x, axisHeight + 1, axis);
  setCell(board, childX, childHeight + 1, child);
  return true;
}

/**
 * `dropPair` for the search: colour codes and the column heights given. Returns the puyos placed: 0
 * when the axis has no room, 1 when the child vanished above row 13, else 2.
 */
function dropCodes(board: Board, axis: number, child: number, placement: Placement, heights: Int32Array): number {
  const { x, childX, rotation } = placement;
  const top = ROWS - 1;
  if (x === childX) {
    const height = heights[x]!;
    if (height + 1 > top || (rotation === 2 && height + 2 > top)) return 0;
    setCell(board, x, height + 1, rotation === 2 ? child : axis);
    if (height + 2 > top) return 1;
    setCell(board, x, height + 2, rotation === 2 ? axis : child);
    return 2;
  }
  const axisHeight = heights[x]!;
  const childHeight = heights[childX]!;
  if (axisHeight + 1 > top || childHeight + 1 > top) return 0;
  setCell(board, x, axisHeight + 1, axis);
  setCell(board, childX, childHeight + 1, child);
  return 2;
}

const meets = (goal: { n: number; exact: boolean }, value: number): boolean => (goal.exact ? value === goal.n : value >= goal.n);

export function placementsFor(pair: Pair): readonly Placement[] {
  return pair.axis === pair.child ? SAME_COLOUR_PLACEMENTS : ALL_PLACEMENTS;
}

/** A chain puzzle for {@link solveNazo}. */
export interface NazoSearch {
  /** The field the pairs fall on. */
  field: PuyoField;
  /** The pairs, in the order they fall. */
  pairs: Pair[];
  /** What an answer must reach. */
  goal: Goal;
}

/** What {@link solveNazo} reports as it searches, and how it is stopped. */
export interface NazoHooks {
  /** Called for each answer; the solution object is only built when `wantMoves` is true. */
  onSolution(solution: NazoSolution | undefined): void;
  /** Build each answer's moves (false: only count, which is faster). */
  wantMoves: boolean;
  /** Polled as the search goes; true ends it early (`stopped` in the stats). */
  shouldStop(): boolean;
  /** Called every 1024 placements with the field just simulated (for a progress display). */
  progress?(rows: () => string[], tries: number): void;
}

/** The end of a {@link solveNazo} search. */
export interface NazoStats {
  /** Answers found. */
  solutions: number;
  /** Placements dropped and simulated. */
  tries: number;
  /** True when `shouldStop` ended the search before it was complete. */
  stopped: boolean;
  /** The best answer by the stated order (fewest pairs, most points, first found); undefined with none. */
  best: NazoSolution | undefined;
}

/** The stated order of answers: fewest pairs, then most points, then first in search order. */
export function betterAnswer(a: NazoSolution, b: NazoSolution | undefined): boolean {
  if (!b) return true;
  if (a.moves.length !== b.moves.length) return a.moves.length < b.moves.length;
  if (a.score !== b.score) return a.score > b.score;
  for (let i = 0; i < a.path.length; i++) if (a.path[i] !== b.path[i]) return a.path[i]! < b.path[i]!;
  return false;
}

/** Board planes: colours R G B Y P are planes 0..4, garbage 5. */
const GARBAGE_PLANE = 5;

/** Puyos of a goal colour in rows 1..13. */
function colourCount(board: Board, colour: GoalColour): number {
  if (colour === 'O') return planeCount(board, GARBAGE_PLANE);
  if (colour === 'all' || colour === 'colours') {
    let count = colour === 'all' ? planeCount(board, GARBAGE_PLANE) : 0;
    for (let p = 0; p < 5; p++) count += planeCount(board, p);
    return count;
  }
  return planeCount(board, colourCode(colour) - 1);
}

/** Popped per plane in one chain: before minus after (colours only leave by popping, garbage by clearing). */
function poppedInChain(before: Int32Array, board: Board, out: Int32Array): void {
  for (let p = 0; p < 6; p++) out[p] = before[p]! - planeCount(board, p);
}

function countOf(popped: Int32Array, colour: GoalColour): number {
  if (colour === 'O') return popped[GARBAGE_PLANE]!;
  if (colour === 'all' || colour === 'colours') {
    let count = colour === 'all' ? popped[GARBAGE_PLANE]! : 0;
    for (let p = 0; p < 5; p++) count += popped[p]!;
    return count;
  }
  return popped[colourCode(colour) - 1]!;
}

/** The search's state per level: each level's board and what the moves down to it have done. */
type SearchLevels = ReturnType<typeof searchLevels>;

/** Allocates the per-level state once per search; level 0 is the field, settled (it may chain on its own). */
function searchLevels(search: NazoSearch, result: FastResult) {
  const { pairs } = search;
  const depth = pairs.length;
  const boards = Array.from({ length: depth + 1 }, () => createBoard());
  boardFromGrid(gridFromField(search.field), boards[0]);
  // A floating input settles before the first pair falls, and may chain on its own.
  const opening = simulateBoard(boards[0]!, result);
  const chainsAt = new Int32Array(depth + 1);
  const scoreAt = new Float64Array(depth + 1);
  const clearedAt = new Float64Array(depth + 1);
  const coloursAt = new Int32Array(depth + 1); // total-colours: bit p for each colour popped so far
  const puyosAt = new Float64Array(depth + 1); // total-puyos: puyos of the goal colour popped so far
  chainsAt[0] = opening;
  scoreAt[0] = result.score;
  clearedAt[0] = result.cleared;
  // Colours still to come after each level, for pruning.
  const remainingAt = Array.from({ length: depth + 1 }, () => new Int32Array(5));
  for (let level = depth - 1; level >= 0; level--) {
    remainingAt[level]!.set(remainingAt[level + 1]!);
    remainingAt[level]![colourCode(pairs[level]!.axis) - 1]!++;
    remainingAt[level]![colourCode(pairs[level]!.child) - 1]!++;
  }
  const heightsAt = Array.from({ length: depth + 1 }, () => new Int32Array(WIDTH));
  // Puyos of each plane (R G B Y P garbage) in rows 1..13 of each level's board.
  const censusAt = Array.from({ length: depth + 1 }, () => new Int32Array(6));
  const axisAt = pairs.map((pair) => colourCode(pair.axis));
  const childAt = pairs.map((pair) => colourCode(pair.child));
  for (let x = 0; x < WIDTH; x++) heightsAt[0]![x] = columnHeight(boards[0]!, x);
  for (let p = 0; p < 6; p++) censusAt[0]![p] = planeCount(boards[0]!, p);
  return { boards, chainsAt, scoreAt, clearedAt, coloursAt, puyosAt, remainingAt, heightsAt, censusAt, axisAt, childAt };
}

/** The answer the moves `path[0 .. length)` make, ending on `board`. */
function describeSolution(
  pairs: NazoSearch['pairs'],
  levels: SearchLevels,
  placed: readonly Placement[],
  path: readonly number[],
  length: number,
  board: Board,
): NazoSolution {
  const { chainsAt, scoreAt, clearedAt } = levels;
  const moves: Move[] = [];
  for (let i = 0; i < length; i++) {
    const p = placed[i]!;
    moves.push({ pair: pairs[i]!.axis + pairs[i]!.child, column: p.x + 1, rotation: ROTATIONS[p.rotation]! });
  }
  return {
    moves,
    notation: notationOf(moves),
    chains: chainsAt[length]!,
    score: scoreAt[length]!,
    cleared: clearedAt[length]!,
    allClear: boardAllClear(board),
    rows: fieldFromGrid(gridFromBoard(board)).rows,
    path: path.slice(0, length),
  };
}

/**
 * Whether the position after `level` placements meets the goal: `board` as the last chain left it,
 * `result` that chain, `levels` the totals so far; `detailed` the step breakdown of per-step goals
 * where the WebAssembly kernel gives it, else the chain is replayed from `scratch` (the board before it).
 */
function goalMet(
  goal: Goal,
  levels: SearchLevels,
  result: FastResult,
  detailed: ReturnType<typeof detailedSimulator> | null,
  scratch: Board,
  level: number,
  board: Board,
): boolean {
  if (goal.clear !== undefined && (goal.clear === 'all' ? !boardAllClear(board) : colourCount(board, goal.clear) > 0)) return false;
  const main = goal.main;
  if (!main) return true;
  switch (main.kind) {
    case 'chains':
      return meets(main, result.chains);
    case 'total-colours':
      return meets(main, bitCount(levels.coloursAt[level]!));
    case 'total-puyos':
      return meets(main, levels.puyosAt[level]!);
    default:
      if (result.chains === 0) return false;
      return detailed ? stepGoalMetDetail(main, detailed.detail, result.chains) : stepGoalMet(main, gridFromBoard(scratch));
  }
}

/** Depth-first search over every reachable placement sequence; see the file comment for what counts. */
export function solveNazo(
  search: NazoSearch,
  hooks: NazoHooks,
  prefix: readonly number[] = [],
  split?: { frontier: number; onPrefix(path: number[]): void },
): NazoStats {
  const { pairs, goal } = search;
  const depth = pairs.length;
  const scratch = createBoard();
  const result: FastResult = createResult();
  const levels = searchLevels(search, result);
  const { boards, chainsAt, scoreAt, clearedAt, coloursAt, puyosAt, remainingAt, heightsAt, censusAt, axisAt, childAt } = levels;
  const path: number[] = [];
  const placed: Placement[] = [];
  const main = goal.main;
  const needsStep = main !== undefined && (main.kind === 'colours' || main.kind === 'puyos' || main.kind === 'groups' || main.kind === 'connected');
  const needsTotals = main !== undefined && (main.kind === 'total-colours' || main.kind === 'total-puyos');
  // Per-step goals read the WebAssembly kernel's step breakdown; without it, the plain simulator's.
  const detailed = needsStep && detailCovers(main!) ? detailedSimulator(main!.kind === 'groups' || main!.kind === 'connected') : null;
  const totals: NodeTotals = { remaining: remainingAt[0]!, coloursPopped: 0, puyosPopped: 0 };
  const before = new Int32Array(6);
  const popped = new Int32Array(6);
  const stats: NazoStats = { solutions: 0, tries: 0, stopped: false, best: undefined };

  const visit = (level: number): void => {
    const pair = pairs[level]!;
    const from = boards[level]!;
    // The parent computed this board's heights and census (or the start did, for level 0).
    const heights = heightsAt[level]!;
    const census = censusAt[level]!;
    const axis = axisAt[level]!;
    const child = childAt[level]!;
    const open = reachableColumns(heights);
    const placements = placementsFor(pair);
    const fixed = level < prefix.length ? prefix[level]! : -1;
    for (let index = Math.max(fixed, 0); index < (fixed < 0 ? placements.length : fixed + 1); index++) {
      const placement = placements[index]!;
      if (hooks.shouldStop()) {
        stats.stopped = true;
        return;
      }
      if (!placementReachable(open, heights, placement.x, placement.childX, placement.rotation)) continue;
      const board = boards[level + 1]!;
      board.set(from);
      const dropped = dropCodes(board, axis, child, placement, heights);
      if (dropped === 0) continue;
      // Levels above the prefix's last were simulated when the search was split: not counted again.
      const counted = level >= prefix.length - 1;
      if (counted) stats.tries++;
      if (needsStep && !detailed) scratch.set(board);
      if (needsTotals) {
        for (let p = 0; p < 6; p++) before[p] = census[p]!;
        before[axis - 1]!++;
        if (dropped === 2) before[child - 1]!++;
      }
      if (detailed) detailed.simulate(board, result);
      else simulateBoard(board, result);
      if (counted && (stats.tries & 1023) === 0 && hooks.progress) hooks.progress(() => fieldFromGrid(gridFromBoard(board)).rows, stats.tries);
      path[level] = index;
      placed[level] = placement;
      chainsAt[level + 1] = Math.max(chainsAt[level]!, result.chains);
      scoreAt[level + 1] = scoreAt[level]! + result.score;
      clearedAt[level + 1] = clearedAt[level]! + result.cleared;
      if (needsTotals) {
        poppedInChain(before, board, popped);
        let bits = coloursAt[level]!;
        for (let p = 0; p < 5; p++) if (popped[p]! > 0) bits |= 1 << p;
        coloursAt[level + 1] = bits;
        puyosAt[level + 1] = puyosAt[level]! + countOf(popped, main!.colour);
      }
      if (goalMet(goal, levels, result, detailed, scratch, level + 1, board)) {
        // Inside a split prefix an earlier answer belongs to its own task.
        if (level < prefix.length - 1) return;
        if (split) {
          split.onPrefix(path.slice(0, level + 1));
          continue;
        }
        stats.solutions++;
        const score = scoreAt[level + 1]!;
        const needed =
          hooks.wantMoves || !stats.best || level + 1 < stats.best.moves.length || (level + 1 === stats.best.moves.length && score > stats.best.score);
        const solution = needed ? describeSolution(pairs, levels, placed, path, level + 1, board) : undefined;
        if (solution && betterAnswer(solution, stats.best)) stats.best = solution;
        hooks.onSolution(hooks.wantMoves ? solution : undefined);
        continue;
      }
      if (level + 1 >= depth) continue;
      const after = heightsAt[level + 1]!;
      const afterCensus = censusAt[level + 1]!;
      if (result.chains === 0) {
        // Nothing popped: the pair's puyos lie where they fell.
        after.set(heights);
        afterCensus.set(census);
        after[placement.x]! += placement.x === placement.childX ? dropped : 1;
        if (placement.x !== placement.childX) after[placement.childX]!++;
        afterCensus[axis - 1]!++;
        if (dropped === 2) afterCensus[child - 1]!++;
      } else {
        for (let x = 0; x < WIDTH; x++) after[x] = columnHeight(board, x);
        for (let p = 0; p < 6; p++) afterCensus[p] = planeCount(board, p);
      }
      if (gameOver(after)) continue;
      totals.remaining = remainingAt[level + 1]!;
      totals.coloursPopped = coloursAt[level + 1]!;
      totals.puyosPopped = puyosAt[level + 1]!;
      if (hopeless(goal, afterCensus, totals)) continue;
      if (split && level + 1 === split.frontier) {
        split.onPrefix(path.slice(0, level + 1));
        continue;
      }
      visit(level + 1);
      if (stats.stopped) return;
    }
  };

  if (depth > 0 && !gameOver(heightsAt[0]!)) visit(0);
  return stats;
}

export const notationOf = (moves: readonly Move[]): string => moves.map((m) => `${m.pair} ${m.column}${m.rotation}`).join(', ');

/**
 * Splits a search into prefixes of placement numbers, in search order, for workers: each prefix ends
 * in an answer or in a node to search below (`solveNazo(search, hooks, prefix)`). The prefixes lie at
 * the first level with at least `target` of them (or the last level but one). `tries` counts the
 * placements simulated here that no task simulates again.
 */
export function splitNazo(search: NazoSearch, target: number): { prefixes: number[][]; tries: number } {
  let found: number[][] = [];
  let tries = 0;
  for (let frontier = 1; frontier < Math.max(2, search.pairs.length); frontier++) {
    found = [];
    const stats = solveNazo(search, { wantMoves: false, shouldStop: () => false, onSolution: () => {} }, [], {
      frontier,
      onPrefix: (path) => found.push(path),
    });
    // Every prefix's last placement is simulated again by its task.
    tries = stats.tries - found.length;
    if (found.length >= target) break;
  }
  return { prefixes: found, tries };
}

/** The placement a move names, for replaying a solution. */
export function placementOf(move: Move): Placement {
  const x = move.column - 1;
  const rotation = ROTATIONS.indexOf(move.rotation);
  const childX = rotation === 1 ? x + 1 : rotation === 3 ? x - 1 : x;
  return { x, rotation, childX };
}
