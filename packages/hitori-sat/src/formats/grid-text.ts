import { InputError } from '@kit/core';
import { quote } from '../quote.js';
import { MAX_SIDE } from '../model.js';

/** A numbered grid as read from text: `cells` row-major. Which token means what is the caller's. */
export interface TokenGrid {
  width: number;
  height: number;
  tokens: Token[];
}

export interface Token {
  text: string;
  line: number;
  column: number;
}

/** The whitespace-separated tokens of one line, with 1-based columns. */
export function tokensOf(line: string, lineNumber: number): Token[] {
  const tokens: Token[] = [];
  for (const match of line.matchAll(/\S+/g)) tokens.push({ text: match[0], line: lineNumber, column: match.index + 1 });
  return tokens;
}

export function splitLines(text: string): string[] {
  return text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
}

export function checkSide(value: number, what: 'rows' | 'columns', where: { line?: number; column?: number } = {}): void {
  if (value < 1) throw new InputError(`the puzzle needs at least 1 of its ${what} (got ${value})`, where);
  if (value > MAX_SIDE) throw new InputError(`${value} ${what} are more than the ${MAX_SIDE} allowed`, where);
}

/**
 * Reads a cell token: `.`, `-` and (in puzzles) `0` are blank, a positive integer is a number.
 * In a designer's pattern `0` is a free cell, returned as 0, and a blank is -1.
 */
export function cellValue(token: Token, pattern: boolean): number {
  const text = token.text;
  if (text === '.' || text === '-') return pattern ? -1 : 0;
  if (!/^\d+$/.test(text)) throw new InputError(`${quote(text)} is not a number`, { line: token.line, column: token.column });
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value > 999_999) {
    throw new InputError(`${quote(text)} is too large for a cell`, { line: token.line, column: token.column });
  }
  return value;
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
