// Random play for plugins' tests: a random legal placement in a game played with pieces, as tests
// that play random games against an independent count of what is left need.
import { applyMove, piecesLeft } from './board.js';
import type { Game } from './game.js';
import type { PiecesPosition, PiecesSetup, PlayMove } from './spec.js';

/** The setup and position of a game played with pieces; throws for a game of any other kind. */
export function piecesGame(game: Game): { setup: PiecesSetup; position: PiecesPosition } {
  if (game.setup.kind !== 'pieces' || game.position.kind !== 'pieces') throw new Error('not a game played with pieces');
  return { setup: game.setup, position: game.position };
}

/**
 * A legal placement of a random piece left, in a random orientation at a random cell (`next` gives
 * numbers in [0, 1)), or undefined when `attempts` random tries find none.
 */
export function randomPlacement(game: Game, next: () => number, attempts = 200): PlayMove | undefined {
  const { setup, position } = piecesGame(game);
  const left = piecesLeft(setup, position);
  const cells = setup.width * setup.height * (setup.depth ?? 1);
  for (let attempt = 0; attempt < attempts; attempt++) {
    const piece = Math.floor(next() * setup.tray.length);
    if (left[piece] === 0) continue;
    const orientation = Math.floor(next() * setup.tray[piece]!.orientations.length);
    const move: PlayMove = { type: 'place', piece, orientation, cell: Math.floor(next() * cells) };
    try {
      applyMove(setup, position, move);
      return move;
    } catch {
      // Not legal there: another random try.
    }
  }
  return undefined;
}
