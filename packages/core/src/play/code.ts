// A game (its seed, its moves and the undo cursor) as a short string for links and storage:
// `1-SEED-CURSOR.MOVE.MOVE...`, numbers in base 36, each move a letter and its numbers:
// `m` cell-mark (mark by its index in the setup), `n` cell-note, `p` piece-orientation-cell,
// `l` cell, `d` column-rotation. Only URL-safe characters. A code from a link is hostile: its
// length and its move count are bounded before anything grows with them, and every number is
// checked against the setup it is read for.
import { InputError } from '../errors.js';
import type { History } from './history.js';
import { PLAY_LIMITS, type PlayMove, type PlaySetup } from './spec.js';

/** The version at the head of every game code; a code of another version is refused. */
export const GAME_CODE_VERSION = '1';

/** Longest code a host reads: every move at its longest, plus the header. */
export const MAX_GAME_CODE_LENGTH = 32 + PLAY_LIMITS.moves * 22;

const num = (n: number) => n.toString(36);

function markIndex(setup: PlaySetup, value: string, notes: boolean): number {
  const list = setup.kind === 'marks' ? (notes ? (setup.notes ?? []) : setup.marks) : [];
  const index = list.findIndex((mark) => mark.value === value);
  if (index < 0) throw new InputError(`${JSON.stringify(value)} is not a ${notes ? 'pencil mark' : 'mark'} of this puzzle`);
  return index;
}

function moveToken(setup: PlaySetup, move: PlayMove): string {
  switch (move.type) {
    case 'mark':
      return `m${num(move.cell)}-${num(markIndex(setup, move.value, false))}`;
    case 'note':
      return `n${num(move.cell)}-${num(markIndex(setup, move.value, true))}`;
    case 'place':
      return `p${num(move.piece)}-${num(move.orientation)}-${num(move.cell)}`;
    case 'lift':
      return `l${num(move.cell)}`;
    case 'drop':
      return `d${num(move.column)}-${num(move.rotation)}`;
  }
}

/** What a game code holds: the seed and the moves (undone ones too, after the cursor). */
export interface GameRecord {
  /** The seed the setup was made with (a random queue's). */
  seed: number;
  /** The moves and the cursor. */
  history: History<PlayMove>;
}

/** The game as a code; the setup is the one its moves were made on. */
export function encodeGame(setup: PlaySetup, game: GameRecord): string {
  const tokens = game.history.moves.map((move) => moveToken(setup, move));
  return [`${GAME_CODE_VERSION}-${num(game.seed)}-${num(game.history.cursor)}`, ...tokens].join('.');
}

const HEADER = /^1-([0-9a-z]{1,7})-([0-9a-z]{1,4})$/;
const TOKEN = /^([mnpld])([0-9a-z]{1,5})(?:-([0-9a-z]{1,5}))?(?:-([0-9a-z]{1,5}))?$/;

/** Reads a code's seed, so a host can make the setup its moves are read against. */
export function gameSeed(code: string): number {
  if (typeof code !== 'string' || code.length > MAX_GAME_CODE_LENGTH) throw new InputError(`a game code is at most ${MAX_GAME_CODE_LENGTH} characters`);
  const end = code.indexOf('.');
  const match = HEADER.exec(end < 0 ? code : code.slice(0, end));
  if (!match) throw new InputError('not a game code (it starts like 1-SEED-MOVES)');
  const seed = parseInt(match[1]!, 36);
  if (seed > 0xffffffff) throw new InputError("the game code's seed is over 2^32");
  return seed;
}

/**
 * The game a code holds, its moves read against the setup (indices in range). Whether each move is
 * legal where it is played is for the replay to say. Throws InputError naming the move.
 */
export function decodeGame(code: string, setup: PlaySetup): GameRecord {
  const seed = gameSeed(code);
  const parts = code.split('.');
  if (parts.length - 1 > PLAY_LIMITS.moves) throw new InputError(`a game holds at most ${PLAY_LIMITS.moves} moves`);
  const cursor = parseInt(HEADER.exec(parts[0]!)![2]!, 36);
  const moves: PlayMove[] = [];
  for (let i = 1; i < parts.length; i++) {
    const fail = (why: string) => new InputError(`move ${i}: ${why}`);
    const match = TOKEN.exec(parts[i]!);
    if (!match) throw fail(`${JSON.stringify(parts[i]!.slice(0, 24))} is not a move`);
    const [, letter, a, b, c] = match;
    const numbers = [a, b, c].filter((part) => part !== undefined).map((part) => parseInt(part!, 36));
    const arity = { m: 2, n: 2, p: 3, l: 1, d: 2 }[letter as 'm' | 'n' | 'p' | 'l' | 'd'];
    if (numbers.length !== arity) throw fail(`${JSON.stringify(parts[i])} is not a move`);
    const [x, y, z] = numbers as [number, number, number];
    const listOf = (notes: boolean) => (setup.kind === 'marks' ? (notes ? (setup.notes ?? []) : setup.marks) : []);
    switch (letter) {
      case 'm':
      case 'n': {
        const mark = listOf(letter === 'n')[y];
        if (!mark) throw fail(`this puzzle has no ${letter === 'n' ? 'pencil mark' : 'mark'} number ${y}`);
        moves.push({ type: letter === 'm' ? 'mark' : 'note', cell: x, value: mark.value });
        break;
      }
      case 'p':
        moves.push({ type: 'place', piece: x, orientation: y, cell: z });
        break;
      case 'l':
        moves.push({ type: 'lift', cell: x });
        break;
      default:
        moves.push({ type: 'drop', column: x, rotation: y });
    }
  }
  if (cursor > moves.length) throw new InputError(`the game code plays ${cursor} moves but holds ${moves.length}`);
  return { seed, history: { moves, cursor } };
}
