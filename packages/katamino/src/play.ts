// Katamino in play: the chosen pieces laid on the 5 x N board from a tray, as on the real board;
// with the booklet's rule (--horizontal-i, and always for challenges) the I piece only lies flat,
// so the tray offers it flat only and the referee counts no tiling with it upright. The board,
// the checks and the referee are @kit/pentomino's.
import { InputError, type PlaySpec } from '@kit/core';
import { allLaid, packingFrame, packingSetup, pentominoSet, unfillable } from '@kit/pentomino';
import type { KataminoInstance } from './instance.js';
import { ROWS, lettersOf } from './pieces.js';
import type { KataminoSolution } from './view.js';

function piecesInstance(instance: KataminoInstance): Extract<KataminoInstance, { mode: 'pieces' }> {
  if (instance.mode !== 'pieces') throw new InputError('play mode takes one set of pieces (--pieces), not --n or --challenge');
  return instance;
}

export const play: PlaySpec<KataminoInstance, KataminoSolution> = {
  setup(instance) {
    const { pieces, width, horizontalI } = piecesInstance(instance);
    const letters = lettersOf(pieces);
    const kinds = pentominoSet().kinds.filter((kind) => letters.includes(kind.name));
    const board = Array.from({ length: ROWS }, () => '.'.repeat(width));
    return packingSetup(board, kinds, horizontalI ? (name, cells) => name !== 'I' || cells.every(([row]) => row === 0) : undefined);
  },
  view(_instance, setup, position) {
    if (setup.kind !== 'pieces' || position.kind !== 'pieces') throw new Error('Katamino is played with pieces');
    return { frame: packingFrame(setup, position) };
  },
  check: (_instance, setup, position) => (setup.kind === 'pieces' && position.kind === 'pieces' ? unfillable(setup, position) : []),
  complete: (_instance, setup, position) => setup.kind === 'pieces' && position.kind === 'pieces' && allLaid(setup, position),
  referee: () => import('@kit/pentomino/play-referee').then((module) => module.referee),
};
