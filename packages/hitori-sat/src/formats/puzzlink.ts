import { InputError } from '@kit/core';
import { quote } from '../quote.js';
import { checkSide } from './grid-text.js';
import type { ParsedPuzzle } from './parsed.js';

const URL_PATTERN = /(?:^|[?/])hitori\/(\d+)\/(\d+)\/([^\s?#&]*)/;

export function looksLikePuzzLink(text: string): boolean {
  return URL_PATTERN.test(text.trim());
}

/**
 * A puzz.link / pzprjs URL, `...?hitori/COLS/ROWS/BODY`: one character per cell, `0-9a-z` a number
 * in base 36, `-xx` a two-digit base-36 number, `.` a blank cell.
 */
export function parsePuzzLink(text: string): ParsedPuzzle {
  const trimmed = text.trim();
  const match = URL_PATTERN.exec(trimmed);
  if (!match) throw new InputError('not a puzz.link hitori URL (expected ?hitori/COLS/ROWS/BODY)', { line: 1 });
  const width = Number(match[1]);
  const height = Number(match[2]);
  checkSide(width, 'columns', { line: 1 });
  checkSide(height, 'rows', { line: 1 });
  const body = match[3]!;
  const bodyStart = match.index + match[0].length - body.length;
  const cells: number[] = [];
  let i = 0;
  for (; i < body.length && cells.length < width * height; i++) {
    const ch = body[i]!;
    const column = bodyStart + i + 1;
    if (/[0-9a-z]/.test(ch)) {
      cells.push(parseInt(ch, 36));
    } else if (ch === '-') {
      const pair = body.slice(i + 1, i + 3);
      if (!/^[0-9a-z]{2}$/.test(pair)) throw new InputError(`'-' must be followed by two base-36 digits`, { line: 1, column });
      cells.push(parseInt(pair, 36));
      i += 2;
    } else if (ch === '.') {
      cells.push(0);
    } else if (ch === '@' || ch === '%') {
      throw new InputError(`cell ${cells.length + 1} has an unknown number (${quote(ch)}), which Hitori cannot solve`, { line: 1, column });
    } else {
      throw new InputError(`${quote(ch)} is not a puzz.link hitori cell`, { line: 1, column });
    }
  }
  if (cells.length < width * height) {
    throw new InputError(`the URL describes ${cells.length} of the ${width * height} cells of a ${width}x${height} board`, { line: 1 });
  }
  if (i < body.length) throw new InputError(`unexpected ${quote(body.slice(i))} after the last cell`, { line: 1, column: bodyStart + i + 1 });
  return { format: 'puzz.link', width, height, cells };
}

/** A puzzle as a puzz.link URL (`https://puzz.link/p?hitori/W/H/...`); numbers up to 1295. */
export function formatPuzzLink(width: number, height: number, numbers: readonly number[]): string {
  let body = '';
  for (const n of numbers) {
    if (n <= 0) body += '.';
    else if (n < 36) body += n.toString(36);
    else if (n < 1296) body += `-${n.toString(36).padStart(2, '0')}`;
    else throw new InputError(`${n} is too large for a puzz.link URL (at most 1295)`);
  }
  return `https://puzz.link/p?hitori/${width}/${height}/${body}`;
}
