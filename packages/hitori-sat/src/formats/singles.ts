import { InputError } from '@kit/core';
import { quote } from '../quote.js';
import { checkSide } from './grid-text.js';
import type { ParsedPuzzle } from './parsed.js';

/**
 * The parameters as Singles writes them (its `encode_params`/`decode_params`): `W`, `WxH`, and with
 * full parameters a difficulty, `d` and one letter (`e` easy, `k` tricky), as in `10x10dk:...`.
 * The difficulty says how the puzzle was generated; it changes nothing about solving it.
 */
const GAME_ID = /^(\d+)(?:x(\d+))?(?:d[a-zA-Z])?:(\S*)$/;

export function looksLikeSingles(text: string): boolean {
  return GAME_ID.test(text.trim());
}

/** Simon Tatham's Singles game ID `WxH:cells` (or `WxHdk:cells`): one character a cell, `1-9`, then `a-z` (10-35), `A-Z` (36-61). */
export function parseSingles(text: string): ParsedPuzzle {
  const match = GAME_ID.exec(text.trim());
  if (!match) throw new InputError('not a Singles game ID (expected WxH:digits)', { line: 1 });
  const width = Number(match[1]);
  const height = Number(match[2] ?? match[1]);
  checkSide(width, 'columns', { line: 1, column: 1 });
  checkSide(height, 'rows', { line: 1, column: 1 });
  const body = match[3]!;
  const offset = text.indexOf(':') + 2;
  const cells: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    let value = -1;
    if (ch >= '1' && ch <= '9') value = ch.charCodeAt(0) - 48;
    else if (ch >= 'a' && ch <= 'z') value = ch.charCodeAt(0) - 97 + 10;
    else if (ch >= 'A' && ch <= 'Z') value = ch.charCodeAt(0) - 65 + 36;
    if (value < 0) throw new InputError(`${quote(ch)} is not a Singles number`, { line: 1, column: offset + i });
    cells.push(value);
  }
  if (cells.length !== width * height) {
    throw new InputError(`the game ID has ${cells.length} cells but ${width}x${height} needs ${width * height}`, { line: 1 });
  }
  return { format: 'singles', width, height, cells };
}

const SINGLES_DIGITS = '123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A Singles game ID (`WxH:cells`), or undefined when a cell is blank or above 61 (Singles cannot say it). */
export function formatSingles(width: number, height: number, numbers: readonly number[]): string | undefined {
  if (numbers.some((n) => n < 1 || n > SINGLES_DIGITS.length)) return undefined;
  return `${width}x${height}:${numbers.map((n) => SINGLES_DIGITS[n - 1]).join('')}`;
}
