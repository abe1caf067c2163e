import { InputError } from '@kit/core';

/** Piece ids are positions in FILNPTUVWXYZ: F = 0, I = 1, ..., X = 9, ..., Z = 11 (alphabetical too). */
export const LETTERS = 'FILNPTUVWXYZ';
export const PIECE_I = LETTERS.indexOf('I');
export const PIECE_X = LETTERS.indexOf('X');
export const ALL_PIECES = (1 << LETTERS.length) - 1;
/** The board is always 5 rows high; its width is the number of pieces. */
export const ROWS = 5;
export const MIN_WIDTH = 3;
export const MAX_WIDTH = 12;

export function popcount(mask: number): number {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
}

/** `LPUVY` for a set of piece ids, always in FILNPTUVWXYZ order. */
export function lettersOf(mask: number): string {
  let out = '';
  for (let p = 0; p < LETTERS.length; p++) if (mask & (1 << p)) out += LETTERS[p];
  return out;
}

/**
 * Reads `--pieces`: 3 to 12 different letters out of FILNPTUVWXYZ (any case, any order). Katamino
 * has one piece of each shape, so a repeated letter is an error.
 */
export function parseLetters(text: string, what = '--pieces'): number {
  const letters = text.replace(/[\s,]/g, '').toUpperCase();
  let mask = 0;
  for (const letter of letters) {
    const id = LETTERS.indexOf(letter);
    if (id < 0) throw new InputError(`unknown piece ${JSON.stringify(letter)} in ${what} (choose from ${LETTERS})`);
    if (mask & (1 << id)) throw new InputError(`piece ${letter} is named twice in ${what} (Katamino has one of each)`);
    mask |= 1 << id;
  }
  const count = popcount(mask);
  if (count < MIN_WIDTH || count > MAX_WIDTH) {
    throw new InputError(`${what} needs ${MIN_WIDTH} to ${MAX_WIDTH} pieces (got ${count})`);
  }
  return mask;
}
