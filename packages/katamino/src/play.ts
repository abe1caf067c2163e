// Katamino in play: the chosen pieces laid on the 5 x N board from a tray, as on the real board (a
// challenge file's board with its pieces laid, a booklet row's largest board);
// with the booklet's rule (--horizontal-i, and always for challenges) the I piece only lies flat,
// so the tray offers it flat only and the referee counts no tiling with it upright. The board,
// the checks and the referee are @kit/pentomino's.
import { InputError } from '@kit/core';
import type { PlaySpec } from '@kit/core/play';
import { type PieceKind, allLaid, packingFrame, packingSetup, pentominoSet, unfillable } from '@kit/pentomino/packing';
import type { KataminoInstance } from './instance.js';
import { ROWS, lettersOf } from './pieces.js';
import type { KataminoSolution } from './view.js';

/**
 * The board a player lays: the set's; a challenge file's with its laid pieces as holes; a booklet
 * row's last (largest) board, all the row's pieces. A sweep is a search over sets, not one board.
 */
function boardOf(instance: KataminoInstance): { board: string[]; kinds: PieceKind[]; horizontalI: boolean } {
  const kindsOf = (letters: string) => pentominoSet().kinds.filter((kind) => letters.includes(kind.name));
  switch (instance.mode) {
    case 'pieces':
      return {
        board: Array.from({ length: ROWS }, () => '.'.repeat(instance.width)),
        kinds: kindsOf(lettersOf(instance.pieces)),
        horizontalI: instance.horizontalI,
      };
    case 'laid':
      return { board: instance.board, kinds: instance.left.kinds, horizontalI: instance.horizontalI };
    case 'challenge': {
      const rowOf = instance.pentas.filter((penta) => penta.row === instance.pentas[0]!.row);
      const last = rowOf[rowOf.length - 1]!;
      return { board: Array.from({ length: ROWS }, () => '.'.repeat(last.width)), kinds: kindsOf(last.pieces), horizontalI: true };
    }
    case 'sweep':
      throw new InputError('a sweep tries every set of pieces of a width, which is no single board to play');
  }
}

export const play: PlaySpec<KataminoInstance, KataminoSolution> = {
  setup(instance) {
    const { board, kinds, horizontalI } = boardOf(instance);
    return packingSetup(board, kinds, horizontalI ? (name, cells) => name !== 'I' || cells.every(([row]) => row === 0) : undefined);
  },
  view(instance, setup, position) {
    if (setup.kind !== 'pieces' || position.kind !== 'pieces') throw new Error('Katamino is played with pieces');
    const frame = packingFrame(setup, position);
    // A challenge file's laid pieces are holes to play on, drawn as the pieces they are.
    if (instance.mode === 'laid')
      for (const piece of instance.laid) for (const cell of piece.cells) frame.cells[cell] = { fill: piece.name, label: piece.name };
    return { frame };
  },
  check: (_instance, setup, position) => (setup.kind === 'pieces' && position.kind === 'pieces' ? unfillable(setup, position) : []),
  complete: (_instance, setup, position) => setup.kind === 'pieces' && position.kind === 'pieces' && allLaid(setup, position),
  referee: () => import('@kit/pentomino/play-referee').then((module) => module.referee),
};
