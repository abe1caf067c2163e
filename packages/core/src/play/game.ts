// A game in progress, as a host holds it: the plugin's setup, the seed it was made with, the
// history of moves and the position they lead to. Everything a host does between two moves (play
// one, undo, redo, read a link, check the rules, say "solved") is here and puzzle-free; only the
// referee's search runs elsewhere (play-referee.ts, in a worker).
import { InputError } from '../errors.js';
import { emptyHistory, playedMoves, recordMove, redoMove, undoMove, type History } from './history.js';
import { applyMove, boardCells, checkPlaySetup, initialPosition, PlayMoveError } from './board.js';
import { decodeGame, encodeGame, gameSeed } from './code.js';
import type { DropPlacement, PlayMove, PlayPosition, PlaySetup, PlaySpec, PlayView, PlayViolation } from './spec.js';
import type { PuzzlePlugin } from '../plugin.js';

/** A game in play: what it is played on, its moves and where they lead. */
export interface Game {
  /** The board, tray or queue the plugin's play spec made for the instance. */
  setup: PlaySetup;
  /** The seed the setup was made with (a random queue's); a game code carries it. */
  seed: number;
  /** The moves, with undo and redo. */
  history: History<PlayMove>;
  /** The position after the played moves. */
  position: PlayPosition;
}

// biome-ignore lint/suspicious/noExplicitAny: play needs only the instance type; solution and state may be any
type PlayablePlugin<I> = PuzzlePlugin<I, any, any>;

/** The plugin's play spec; throws when it has none. */
export function playSpecOf<I>(plugin: PlayablePlugin<I>): PlaySpec<I> {
  if (!plugin.play) throw new InputError(`${plugin.title} has no play mode`);
  return plugin.play as PlaySpec<I>;
}

/** The plugin's setup for an instance, checked (a plugin's output is not trusted blindly). */
export function playSetup<I>(plugin: PlayablePlugin<I>, instance: I, seed: number): PlaySetup {
  const setup = playSpecOf(plugin).setup(instance, { seed });
  const problem = checkPlaySetup(setup);
  if (problem) throw new Error(`plugin ${plugin.id} made a play setup the host cannot use: ${problem}`);
  return setup;
}

/**
 * The legal drops last computed for each position (positions are immutable): the host's status
 * after a move and the next move's check then ask the plugin once, not twice.
 */
const knownDrops = new WeakMap<PlayPosition, { instance: unknown; setup: PlaySetup; drops: DropPlacement[] }>();

/** The drops the plugin allows from a position (none for other kinds). */
export function legalDropsOf<I>(plugin: PlayablePlugin<I>, instance: I, setup: PlaySetup, position: PlayPosition): DropPlacement[] {
  if (setup.kind !== 'drops') return [];
  const known = knownDrops.get(position);
  if (known && known.instance === instance && known.setup === setup) return known.drops;
  const drops = playSpecOf(plugin).legalDrops?.(instance, setup, position) ?? [];
  knownDrops.set(position, { instance, setup, drops });
  return drops;
}

/** The position after each move in turn; throws PlayMoveError naming the first move that is not allowed. */
export function replayMoves<I>(plugin: PlayablePlugin<I>, instance: I, setup: PlaySetup, moves: readonly PlayMove[]): PlayPosition[] {
  const positions = [initialPosition(setup)];
  moves.forEach((move, index) => {
    const before = positions[positions.length - 1]!;
    try {
      positions.push(applyMove(setup, before, move, () => legalDropsOf(plugin, instance, setup, before)));
    } catch (error) {
      if (error instanceof PlayMoveError) throw new PlayMoveError(`move ${index + 1}: ${error.message}`);
      throw error;
    }
  });
  return positions;
}

/**
 * A new game, or the game a code holds (from a link or storage). The seed makes the setup (a random
 * queue); without a code it is `seed` (default 1). Throws InputError for a code that is not a game
 * of this puzzle, naming the move.
 */
export function startGame<I>(plugin: PlayablePlugin<I>, instance: I, options: { seed?: number; code?: string } = {}): Game {
  if (options.code === undefined) {
    const seed = options.seed ?? 1;
    const setup = playSetup(plugin, instance, seed);
    return { setup, seed, history: emptyHistory(), position: initialPosition(setup) };
  }
  const seed = gameSeed(options.code);
  const setup = playSetup(plugin, instance, seed);
  const record = decodeGame(options.code, setup);
  let positions: PlayPosition[];
  try {
    positions = replayMoves(plugin, instance, setup, record.history.moves);
  } catch (error) {
    if (error instanceof PlayMoveError) throw new InputError(error.message);
    throw error;
  }
  return { setup, seed, history: record.history, position: positions[record.history.cursor]! };
}

/** The game after a move; the same game when the move changes nothing. Throws PlayMoveError when it is not allowed. */
export function playMove<I>(plugin: PlayablePlugin<I>, instance: I, game: Game, move: PlayMove): Game {
  const position = applyMove(game.setup, game.position, move, () => legalDropsOf(plugin, instance, game.setup, game.position));
  if (position === game.position) return game;
  return { ...game, history: recordMove(game.history, move), position };
}

/** Takes the last move back (it can be redone). */
export function undoGame<I>(plugin: PlayablePlugin<I>, instance: I, game: Game): Game {
  const history = undoMove(game.history);
  if (history === game.history) return game;
  return { ...game, history, position: positionOf(plugin, instance, game.setup, playedMoves(history)) };
}

/** Plays the last undone move again. */
export function redoGame<I>(plugin: PlayablePlugin<I>, instance: I, game: Game): Game {
  const history = redoMove(game.history);
  if (history === game.history) return game;
  const move = history.moves[history.cursor - 1]!;
  return { ...game, history, position: applyMove(game.setup, game.position, move, () => legalDropsOf(plugin, instance, game.setup, game.position)) };
}

/** The position after these moves. */
export function positionOf<I>(plugin: PlayablePlugin<I>, instance: I, setup: PlaySetup, moves: readonly PlayMove[]): PlayPosition {
  const positions = replayMoves(plugin, instance, setup, moves);
  return positions[positions.length - 1]!;
}

/** The game as a code for a link or storage (`startGame(..., { code })` reads it back). */
export function gameCode(game: Game): string {
  return encodeGame(game.setup, { seed: game.seed, history: game.history });
}

/** What {@link gameStatus} tells a host after a move, without the referee. */
export interface GameStatus {
  /** The position drawn: the board, the tray or the queue, with the plugin's marks. */
  view: PlayView;
  /** Rules the position breaks now, cells on the board only. */
  violations: PlayViolation[];
  /** The position is finished, as the play spec's `complete` judges it (rules broken or not: see `solved`). */
  complete: boolean;
  /** Complete and breaking no rule. */
  solved: boolean;
  /** Drops only: where the current piece may go (empty: play is over). */
  legalDrops: DropPlacement[];
}

/** Everything a host shows after a move without asking the referee: instant, on the main thread. */
export function gameStatus<I>(plugin: PlayablePlugin<I>, instance: I, game: Game): GameStatus {
  const play = playSpecOf(plugin);
  const { setup, position } = game;
  const view = play.view(instance, setup, position);
  const cells = setup.kind === 'drops' ? view.frame.cells.length : boardCells(setup);
  const onBoard = (cell: unknown) => typeof cell === 'number' && Number.isInteger(cell) && cell >= 0 && cell < cells;
  const violations = play.check(instance, setup, position).map((violation) => ({
    ...violation,
    cells: violation.cells.filter(onBoard),
    ...(violation.lines ? { lines: violation.lines.filter((line) => line.every(onBoard)) } : {}),
  }));
  const complete = play.complete(instance, setup, position);
  return {
    view,
    violations,
    complete,
    solved: complete && violations.length === 0,
    legalDrops: legalDropsOf(plugin, instance, setup, position),
  };
}
