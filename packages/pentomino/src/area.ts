import { InputError } from '@kit/core';
import type { Board } from '@kit/grid';
import { type PieceSet, pieceArea, pieceCount } from './pieces.js';

/** The pieces must cover the board (or this many cells) exactly; said at once, before any search. */
export function checkArea(board: Board | number, set: PieceSet, file?: string): void {
  const cells = typeof board === 'number' ? board : board.cells.filter(Boolean).length;
  const area = pieceArea(set);
  if (cells !== area) {
    const pieces = pieceCount(set);
    throw new InputError(
      `the board has ${cells} cells but the ${pieces} piece${pieces === 1 ? '' : 's'} cover${pieces === 1 ? 's' : ''} ${area}`,
      file !== undefined ? { file } : {},
    );
  }
}
