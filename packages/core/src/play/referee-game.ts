// A game as the referee keeps it between judgements: the setup, the moves and the position after
// each, the plugin's means of counting completions (its prepared problem), and which positions are
// known to have a completion. A new judgement plays only the moves it adds, and a mistake search
// asks again only about positions it has not seen, so move 40 costs what move 1 did.
import type { AnyPlugin } from '../plugin.js';
import { applyMove, initialPosition, PlayMoveError } from './board.js';
import { legalDropsOf } from './game.js';
import type { CompletionSource } from './completions.js';
import type { PlayMove, PlayPosition, PlaySetup } from './spec.js';

export interface RefereeGame {
  readonly plugin: AnyPlugin;
  readonly instance: unknown;
  readonly setup: PlaySetup;
  /** Counts a position's completions; kept for the game, with whatever the plugin prepared. */
  readonly source: CompletionSource;
  /** The moves played. */
  readonly moves: PlayMove[];
  /** The position after each number of moves: `positions[k]` after `k` (one more than `moves`). */
  readonly positions: PlayPosition[];
  /** Whether the position after `k` moves has a completion, for the positions counted so far. */
  readonly consistent: Map<number, boolean>;
}

/** A game at its start. */
export function openRefereeGame(plugin: AnyPlugin, instance: unknown, setup: PlaySetup, source: CompletionSource): RefereeGame {
  return { plugin, instance, setup, source, moves: [], positions: [initialPosition(setup)], consistent: new Map() };
}

/**
 * The game after its first `keep` moves and then `moves`: what lies beyond `keep` is forgotten (an
 * undo, another line of play) and only the new moves are played. Throws PlayMoveError naming the
 * first move that is not allowed (the game then holds the moves before it).
 */
export function followMoves(game: RefereeGame, keep: number, moves: readonly PlayMove[]): void {
  if (!Number.isInteger(keep) || keep < 0 || keep > game.moves.length)
    throw new Error(`the referee holds ${game.moves.length} moves of this game, not ${keep}`);
  game.moves.length = keep;
  game.positions.length = keep + 1;
  for (const k of game.consistent.keys()) if (k > keep) game.consistent.delete(k);
  for (const move of moves) {
    const before = game.positions[game.positions.length - 1]!;
    let after: PlayPosition;
    try {
      after = applyMove(game.setup, before, move, () => legalDropsOf(game.plugin, game.instance, game.setup, before));
    } catch (error) {
      if (error instanceof PlayMoveError) throw new PlayMoveError(`move ${game.moves.length + 1}: ${error.message}`);
      throw error;
    }
    game.moves.push(move);
    game.positions.push(after);
  }
}
