// A game as a puyop.com replay link: `https://puyop.com/s/FIELD_MOVES`, two digits a drop holding
// d = axis x 5 + child (R G B Y P = 0..4) | (column x 4 + rotation) << 7, columns 1..6, rotations
// up right down left: the form puyop.com writes for a played sequence (as puyoai's solver/puyop.cc
// encodes it, and decodeNazoLink reads it back).
import { DIGITS } from './nazo-link.js';
import type { PuyoField } from './field.js';
import type { Pair } from './nazo.js';
import { encodePuyop } from './share.js';

const COLOURS = 'RGBYP';

/** One drop of the game: the pair and where it went (axis column 0..5, rotation 0..3). */
export interface PlayedDrop {
  pair: Pair;
  column: number;
  rotation: number;
}

export function replayLinkUrl(field: PuyoField, drops: readonly PlayedDrop[]): string {
  let moves = '';
  for (const { pair, column, rotation } of drops) {
    const d = (COLOURS.indexOf(pair.axis) * 5 + COLOURS.indexOf(pair.child)) | ((((column + 1) << 2) | rotation) << 7);
    moves += DIGITS[d & 63]! + DIGITS[(d >> 6) & 63]!;
  }
  return `https://puyop.com/s/${encodePuyop(field)}${moves ? `_${moves}` : ''}`;
}
