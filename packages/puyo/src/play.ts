// Puyo in play, a chain builder: from the field, pairs come from a queue (a seeded random one, or a
// chain puzzle's own pairs), move and turn over the field and drop; each drop plays its chain with
// the popping groups lit up, counted and scored as Tsu does. Only placements a player can reach are
// offered (reach.ts), and play ends when column 3 fills to row 12. A chain puzzle's goal shows as
// met or not; its referee (play-referee.ts) counts the answers that start with the drops so far.
import { InputError, seededRandom, type Cell, type Frame } from '@kit/core';
import { PLAY_LIMITS, type DropPlacement, type DropsSetup, type PlayPosition, type PlaySetup, type PlaySpec } from '@kit/core/play';
import { boardAllClear, boardFromGrid, columnHeight, createBoard, createResult, gridFromBoard, simulateBoard } from './bitboard.js';
import { fieldEditor } from './editor.js';
import { findGroups, isAllClear, popStep, settle, type ChainStep } from './chain.js';
import { COLOUR_LETTERS, ROWS, WIDTH, cellIndex, fieldFromGrid, gridFromField, type CellGrid } from './field.js';
import { ROTATIONS, describeGoal, dropPair, solveNazo, type Pair, type Placement } from './nazo.js';
import { nazoLinkUrl } from './nazo-link.js';
import { CHILD_DX, placementIndex } from './placement-index.js';
import { gameOver, placementReachable, reachableColumns } from './reach.js';
import { replayLinkUrl } from './replay-link.js';
import type { PuyoInstance } from './types.js';
import { suggestDrop, type SuggestedDrop, type Suggestion } from './suggest.js';
import { viewField } from './view.js';

/**
 * Pairs in the random queue: as many as a play setup holds, so a game is endless (Tokopuyo) and
 * the queue only starts again after 4096 pairs, 8192 puyos, over a hundred fields' worth.
 */
export const QUEUE_LENGTH = PLAY_LIMITS.queue;
const RANDOM_COLOURS = 'RGBY';
const FILL: Record<string, string> = { R: 'red', G: 'green', B: 'blue', Y: 'yellow', P: 'purple', O: 'garbage' };

/** The pairs a seed deals, from four colours (mulberry32: the same seed gives the same queue everywhere). */
export function randomQueue(seed: number, length = QUEUE_LENGTH): Pair[] {
  const next = seededRandom(seed);
  return Array.from({ length }, () => ({ axis: RANDOM_COLOURS[Math.floor(next() * 4)]!, child: RANDOM_COLOURS[Math.floor(next() * 4)]! }));
}

/** The pairs of a game in order (the random queue repeats). */
export function pairsOf(instance: PuyoInstance, seed: number): Pair[] {
  return instance.mode === 'nazo' ? (instance.pairs ?? []) : randomQueue(seed);
}

function dropsOf(setup: PlaySetup, position: PlayPosition): { setup: DropsSetup; drops: DropPlacement[] } {
  if (setup.kind !== 'drops' || position.kind !== 'drops') throw new Error('Puyo is played by dropping pairs');
  return { setup, drops: position.drops };
}

const pairOf = (setup: DropsSetup, index: number): Pair => {
  const piece = setup.queue[index % setup.queue.length]!;
  return { axis: piece.parts[0]!.label!, child: piece.parts[1]!.label! };
};

export const placementOfDrop = (drop: DropPlacement): Placement => ({
  x: drop.column,
  rotation: drop.rotation,
  childX: drop.column + CHILD_DX[drop.rotation]!,
});

/** One drop's chain, step by step: the step's record and the field before it popped (its groups lit). */
interface PlayedChain {
  steps: { record: ChainStep; before: CellGrid; popping: number[] }[];
  after: CellGrid;
}

/** Settles the field and runs its chain, keeping each step's field before the pop. */
function runChainSteps(grid: CellGrid): PlayedChain {
  const steps: PlayedChain['steps'] = [];
  for (;;) {
    settle(grid);
    const popping = findGroups(grid)
      .filter((group) => group.length >= 4)
      .flat();
    if (popping.length === 0) break;
    const before = grid.slice();
    const record = popStep(grid, steps.length + 1)!;
    steps.push({ record, before, popping });
  }
  return { steps, after: grid };
}

/** The game so far: the field after every drop's chain, the last chain step by step, and whether play can go on. */
export interface Played {
  field: CellGrid;
  /** The last drop's chain (before any drop: the field's own, a field that pops as it is). */
  last: PlayedChain;
  /** The longest chain of the game, the field's own included. */
  best: number;
  score: number;
  /**
   * Chains that left rows 1-13 empty, the field's own included. Reported as the CLI reports them
   * (`, all clear`), never added to the score: `kit run puyo` scores the same field the same.
   */
  allClears: number;
  /** The last drop's chain (or the field's own, before any drop) was an all clear. */
  lastAllClear: boolean;
  over: boolean;
}

const heightsOf = (grid: CellGrid) => {
  const board = boardFromGrid(grid, createBoard());
  return Array.from({ length: WIDTH }, (_, x) => columnHeight(board, x));
};

/** Replays the game: every drop but the last on the fast simulator (a long game stays quick), the last step by step. */
export function replayDrops(instance: PuyoInstance, setup: DropsSetup, drops: readonly DropPlacement[]): Played {
  let last = runChainSteps(gridFromField(instance.field));
  let score = last.steps.reduce((sum, step) => sum + step.record.score, 0);
  let best = last.steps.length;
  const cleared = (chain: PlayedChain) => chain.steps.length > 0 && isAllClear(chain.after);
  let allClears = cleared(last) ? 1 : 0;
  const board = boardFromGrid(last.after, createBoard());
  const result = createResult();
  drops.forEach((drop, index) => {
    dropPair(board, pairOf(setup, index), placementOfDrop(drop));
    if (index < drops.length - 1) {
      simulateBoard(board, result);
      score += result.score;
      best = Math.max(best, result.chains);
      if (result.chains > 0 && boardAllClear(board)) allClears++;
      return;
    }
    last = runChainSteps(gridFromBoard(board));
    score += last.steps.reduce((sum, step) => sum + step.record.score, 0);
    best = Math.max(best, last.steps.length);
    if (cleared(last)) allClears++;
  });
  return { field: last.after, last, best, score, allClears, lastAllClear: cleared(last), over: gameOver(heightsOf(last.after)) };
}

/** A chain puzzle's goal met by the last drop (exactly the solver's rule: checked after each drop's chain). */
export function goalMet(instance: PuyoInstance, drops: readonly DropPlacement[]): boolean {
  if (instance.mode !== 'nazo' || !instance.goal || drops.length === 0) return false;
  const pairs = (instance.pairs ?? []).slice(0, drops.length);
  const prefix = drops.map((drop, i) => placementIndex(pairs[i]!, drop));
  if (prefix.some((index) => index < 0)) return false;
  let met = false;
  solveNazo({ field: instance.field, pairs, goal: instance.goal }, { wantMoves: false, shouldStop: () => false, onSolution: () => (met = true) }, prefix);
  return met;
}

/** The placements a player can reach on a field of these column heights, in the play's order. */
function reachableDrops(heights: readonly number[]): DropPlacement[] {
  const open = reachableColumns(heights);
  const legal: DropPlacement[] = [];
  for (let rotation = 0; rotation < 4; rotation++) {
    for (let column = 0; column < WIDTH; column++) {
      const childX = column + CHILD_DX[rotation]!;
      if (childX < 0 || childX >= WIDTH) continue;
      if (placementReachable(open, heights, column, childX, rotation)) legal.push({ column, rotation });
    }
  }
  return legal;
}

/**
 * Where the pair comes to rest for each placement, as frame cells (axis, child), as `dropPair` lays
 * it: a puyo that would land above row 13 vanishes (null).
 */
function landingsOf(heights: readonly number[], drops: readonly DropPlacement[]): Record<string, Array<number | null>> {
  const at = (x: number, row: number) => (row <= ROWS - 1 ? frameRow(row) * WIDTH + x : null);
  const landings: Record<string, Array<number | null>> = {};
  for (const drop of drops) {
    const { x, childX } = placementOfDrop(drop);
    const height = heights[x]!;
    landings[`${drop.column}:${drop.rotation}`] =
      x !== childX
        ? [at(x, height + 1), at(childX, heights[childX]! + 1)]
        : drop.rotation === 2
          ? [at(x, height + 2), at(x, height + 1)]
          : [at(x, height + 1), at(x, height + 2)];
  }
  return landings;
}

/** Frame row of a field row (rows 14 and 13 on top, a divider, then 12 down to 1), as viewField draws it. */
const frameRow = (row: number) => ROWS - row + (row <= 12 ? 1 : 0);

/**
 * A field as a frame, each puyo with its colour's letter (colour is not the only cue); `lit` cells
 * popping. As Tsu treats them: row 13 is part of the field (its puyos fall, but never pop while in
 * it), its empty cells a dim well; row 14 above it is outside, its puyos stuck there, no well.
 */
function fieldFrame(grid: CellGrid, lit: readonly number[] = [], title?: string): Frame {
  const frame = viewField({ rows: fieldFromGrid(grid).rows, ...(title !== undefined ? { title } : {}) });
  const cells = frame.cells.slice();
  for (let x = 0; x < WIDTH; x++) {
    for (let row = 1; row <= ROWS; row++) {
      const code = grid[cellIndex(x, row)]!;
      if (code === 0) {
        if (row === ROWS - 1) cells[frameRow(row) * WIDTH + x] = { fill: 'hidden-empty' };
        continue;
      }
      const at = frameRow(row) * WIDTH + x;
      const letter = code === 6 ? 'O' : COLOUR_LETTERS[code - 1]!;
      cells[at] = { ...cells[at], label: letter };
    }
  }
  for (const index of lit) {
    const x = Math.floor(index / ROWS);
    const row = (index % ROWS) + 1;
    const at = frameRow(row) * WIDTH + x;
    cells[at] = { fill: 'popping', label: cells[at]!.label ?? '*' };
  }
  return { ...frame, cells };
}

/** The pairs shown from a position: the current one and the preview's, as far as the queue goes. */
function windowOf(setup: DropsSetup, from: number): Pair[] {
  const pairs: Pair[] = [];
  for (let index = from; index <= from + setup.preview; index++) {
    if (index >= setup.queue.length && !setup.repeat) break;
    pairs.push(pairOf(setup, index));
  }
  return pairs;
}

const pairWords = (drop: SuggestedDrop) => `${drop.pair.axis}${drop.pair.child} in column ${drop.drop.column + 1} (${ROTATIONS[drop.drop.rotation]})`;

/** Why Suggest chose its drop, in one sentence: the chain it leads to, and the drops after it that set it off. */
export function suggestionReason(suggestion: Suggestion, shown: number): string {
  const { chain, score, line } = suggestion;
  if (chain === 0) return `no placement of the ${shown} pairs shown sets off a chain, so this is the first one open`;
  const points = `${score} points over the ${line.length === 1 ? 'pair' : `${line.length} pairs`}`;
  const at = line.findIndex((drop) => drop.chain === chain);
  if (at === 0) return `it sets off a ${chain}-chain at once (${points})`;
  const after = line.slice(1, at + 1);
  return `then ${after.map(pairWords).join(' and ')} ${after.length === 1 ? 'sets' : 'set'} off a ${chain}-chain (${points})`;
}

/**
 * The game so far on puyop.com: a chain puzzle as its nazo link with the drops played, the builder
 * as a replay of its field and drops. None when the field uses row 14 (puyop.com has 13 rows).
 */
function puyopLink(instance: PuyoInstance, setup: DropsSetup, drops: readonly DropPlacement[]): { label: string; url: string }[] {
  if (instance.field.rows[0] !== '......') return [];
  const played = drops.map((drop, index) => ({ pair: pairOf(setup, index), ...drop }));
  const url =
    instance.mode === 'nazo'
      ? nazoLinkUrl(
          instance.field,
          instance.pairs ?? [],
          instance.goal,
          played.map(({ pair, column, rotation }) => ({ pair: pair.axis + pair.child, column: column + 1, rotation: ROTATIONS[rotation]! })),
        )
      : replayLinkUrl(instance.field, played);
  return [{ label: 'puyop.com', url }];
}

const LETTER = '.RGBYPO';

/** The field in words, for screen readers: each column from the floor up, rows 13 and 14 named. */
export function fieldWords(grid: CellGrid): string {
  const columns = Array.from({ length: WIDTH }, (_, x) => {
    const letters = (from: number, to: number) => {
      const found: string[] = [];
      for (let row = from; row <= to; row++) if (grid[cellIndex(x, row)] !== 0) found.push(LETTER[grid[cellIndex(x, row)]!]!);
      return found;
    };
    const field = letters(1, ROWS - 2);
    const hidden = letters(ROWS - 1, ROWS - 1);
    const top = letters(ROWS, ROWS);
    const parts = [field.length ? field.join(' ') : 'empty', ...(hidden.length ? [`row 13: ${hidden[0]}`] : []), ...(top.length ? [`row 14: ${top[0]}`] : [])];
    return `column ${x + 1}: ${parts.join(', ')}`;
  });
  return `Field from the floor up (R red, G green, B blue, Y yellow, P purple, O garbage); ${columns.join('; ')}`;
}

/**
 * A field as the field editor's text, and the editor cell each cell of the play frame shows (rows
 * 13 to 1; row 14 and the divider are not the editor's). None while row 14 holds a puyo: the
 * editor has no row 14.
 */
export function editableField(grid: CellGrid): { target: string; text: string; cells: Array<[number, number] | null> } | undefined {
  const rows = fieldFromGrid(grid).rows;
  if (rows[0] !== '.'.repeat(WIDTH)) return undefined;
  const cells: Array<[number, number] | null> = Array.from({ length: (ROWS + 1) * WIDTH }, () => null);
  for (let row = 1; row < ROWS; row++) for (let x = 0; x < WIDTH; x++) cells[frameRow(row) * WIDTH + x] = [ROWS - 1 - row, x];
  return { target: fieldEditor.target, text: fieldEditor.toText(rows.slice(1).map((line) => [...line])), cells };
}

const caption = (step: ChainStep) => `chain ${step.chain}: ${step.groups.map((g) => `${g.size}${g.colour}`).join(' ')} pop, +${step.score}`;

export const play: PlaySpec<PuyoInstance> = {
  setup(instance, { seed }) {
    const pairs = pairsOf(instance, seed);
    if (instance.mode === 'nazo' && pairs.length === 0) throw new InputError('this chain puzzle has no pairs to play');
    const part = (letter: string): Cell => ({ fill: FILL[letter]!, label: letter });
    return {
      kind: 'drops',
      columns: WIDTH,
      queue: pairs.map((pair) => ({ parts: [part(pair.axis), part(pair.child)], label: pair.axis + pair.child })),
      repeat: instance.mode !== 'nazo',
      preview: 2,
      rotations: [
        {
          label: 'up',
          offsets: [
            [0, 0],
            [-1, 0],
          ],
        },
        {
          label: 'right',
          offsets: [
            [0, 0],
            [0, 1],
          ],
        },
        {
          label: 'down',
          offsets: [
            [0, 0],
            [1, 0],
          ],
        },
        {
          label: 'left',
          offsets: [
            [0, 0],
            [0, -1],
          ],
        },
      ],
      spawn: { column: 2, rotation: 0 },
      ...(instance.mode === 'nazo' && instance.goal ? { goal: describeGoal(instance.goal) } : { judged: false }),
    };
  },
  legalDrops(instance, setup, position) {
    const game = dropsOf(setup, position);
    if (game.drops.length >= game.setup.queue.length && !game.setup.repeat) return [];
    if (goalMet(instance, game.drops)) return [];
    const played = replayDrops(instance, game.setup, game.drops);
    if (played.over) return [];
    return reachableDrops(heightsOf(played.field));
  },
  view(instance, setup, position) {
    const game = dropsOf(setup, position);
    const played = replayDrops(instance, game.setup, game.drops);
    const last = played.last;
    // The all clear is told with the chain's last step, as it happens.
    const told = (i: number) => caption(last.steps[i]!.record) + (played.lastAllClear && i === last.steps.length - 1 ? ', all clear' : '');
    const steps = last.steps.flatMap((step, i) => [
      { frame: fieldFrame(step.before, step.popping, told(i)), caption: told(i) },
      ...(i === last.steps.length - 1 ? [] : [{ frame: fieldFrame(last.steps[i + 1]!.before), caption: 'fall' }]),
    ]);
    const best = played.best;
    const met = goalMet(instance, game.drops);
    const outOfPairs = instance.mode === 'nazo' && game.drops.length >= game.setup.queue.length && !met;
    // The landing preview: only while a pair can still fall.
    const open = !played.over && !met && !outOfPairs && (game.drops.length < game.setup.queue.length || game.setup.repeat === true);
    const heights = heightsOf(played.field);
    return {
      frame: fieldFrame(played.field),
      counters: [
        { label: 'chain', value: last.steps.length },
        { label: 'score', value: played.score },
        { label: 'best chain', value: best },
        // Only once there has been one: most games have none, and the counters stay as they were.
        ...(played.allClears > 0 ? [{ label: 'all clears', value: played.allClears }] : []),
      ],
      description: fieldWords(played.field),
      ...(game.setup.goal !== undefined ? { goal: { text: game.setup.goal, met } } : {}),
      ...(steps.length > 0 ? { steps } : {}),
      ...(played.over ? { over: 'game over: column 3 is filled to row 12' } : outOfPairs ? { over: 'no pairs left, and the goal is not met' } : {}),
      ...(open ? { landings: landingsOf(heights, reachableDrops(heights)) } : {}),
      links: puyopLink(instance, game.setup, game.drops),
    };
  },
  // Suggest, in the chain builder (a chain puzzle's hints come from its referee, which counts answers).
  deduce(instance, setup, position) {
    if (instance.mode === 'nazo') return undefined;
    const game = dropsOf(setup, position);
    const played = replayDrops(instance, game.setup, game.drops);
    if (played.over) return undefined;
    const pairs = windowOf(game.setup, game.drops.length);
    const suggestion = suggestDrop(boardFromGrid(played.field, createBoard()), pairs);
    if (!suggestion) return undefined;
    return { move: { type: 'drop', ...suggestion.drop }, reason: suggestionReason(suggestion, pairs.length), basis: 'search' };
  },
  // The field as it stands, for editing in place (as chainsim does): the editor's rows 13 to 1.
  editable(instance, setup, position) {
    const game = dropsOf(setup, position);
    return editableField(replayDrops(instance, game.setup, game.drops).field);
  },
  check: () => [],
  complete: (instance, setup, position) => goalMet(instance, dropsOf(setup, position).drops),
  referee: () => import('./play-referee.js').then((module) => module.referee),
};
