import { InputError } from '@kit/core';
import { quote } from '../quote.js';
import { cellValue, checkSide, plural, splitLines, tokensOf, type Token } from './grid-text.js';
import type { ParsedPuzzle } from './parsed.js';

const ANSWER_TOKEN = /^[#+.]$/;

function headerNumber(tokens: Token[], lineNumber: number, what: 'rows' | 'columns'): number {
  const token = tokens[0];
  if (!token) throw new InputError(`expected the number of ${what}`, { line: lineNumber });
  if (tokens.length > 1) {
    throw new InputError(`expected only the number of ${what}, found ${quote(tokens[1]!.text)} after it`, { line: lineNumber, column: tokens[1]!.column });
  }
  if (!/^\d+$/.test(token.text)) throw new InputError(`expected the number of ${what}, got ${quote(token.text)}`, { line: lineNumber, column: token.column });
  const value = Number(token.text);
  checkSide(value, what, { line: lineNumber, column: token.column });
  return value;
}

/**
 * PencilBox text, as the seed reads and writes it: the number of rows, the number of columns, then
 * one line of space-separated numbers per row (`0` or `.` blank), optionally followed by an answer
 * block of the same shape (`#` shaded, `+` or `.` unshaded).
 */
export function parsePencilBox(text: string, pattern: boolean): ParsedPuzzle {
  const lines = splitLines(text);
  const content = lines.map((line, i) => ({ tokens: tokensOf(line, i + 1), number: i + 1 })).filter((l) => l.tokens.length > 0);
  if (content.length === 0) throw new InputError('the file is empty');
  const rowsLine = content[0]!;
  const height = headerNumber(rowsLine.tokens, rowsLine.number, 'rows');
  const colsLine = content[1];
  if (!colsLine) throw new InputError('expected the number of columns on the next line', { line: rowsLine.number + 1 });
  const width = headerNumber(colsLine.tokens, colsLine.number, 'columns');
  const body = content.slice(2);
  const isAnswerLine = (tokens: Token[]) => tokens.every((t) => ANSWER_TOKEN.test(t.text)) && tokens.some((t) => t.text !== '.');
  const gridLines = body.slice(0, height);
  const firstAnswer = gridLines.findIndex((l) => isAnswerLine(l.tokens));
  const gridCount = firstAnswer >= 0 ? firstAnswer : gridLines.length;
  if (gridCount < height) {
    throw new InputError(`the header says ${plural(height, 'row')} but the grid has ${gridCount}`, { line: rowsLine.number, column: 1 });
  }
  const cells: number[] = [];
  gridLines.forEach(({ tokens, number }, row) => {
    if (tokens.length !== width) {
      const at = tokens[width] ?? tokens[tokens.length - 1]!;
      throw new InputError(`row ${row + 1} has ${plural(tokens.length, 'cell')} but the header says ${plural(width, 'column')}`, {
        line: number,
        column: tokens.length > width ? at.column : 1,
      });
    }
    for (const token of tokens) cells.push(cellValue(token, pattern));
  });
  const rest = body.slice(height);
  if (rest.length === 0) return { format: 'pencilbox', width, height, cells };
  if (!rest.every((l) => l.tokens.every((t) => ANSWER_TOKEN.test(t.text)))) {
    const extra = rest.find((l) => !l.tokens.every((t) => ANSWER_TOKEN.test(t.text)))!;
    if (extra.tokens.every((t) => /^\d+$/.test(t.text))) {
      throw new InputError(`the header says ${plural(height, 'row')} but the grid has more`, { line: extra.number, column: 1 });
    }
    const bad = extra.tokens.find((t) => !ANSWER_TOKEN.test(t.text))!;
    throw new InputError(`${quote(bad.text)} is not an answer mark (# shaded, + or . unshaded)`, { line: extra.number, column: bad.column });
  }
  if (rest.length !== height) {
    throw new InputError(`the answer block has ${plural(rest.length, 'row')} but the header says ${height}`, { line: rest[0]!.number, column: 1 });
  }
  const answer: number[] = [];
  const answerAt: Array<{ line: number; column: number }> = [];
  rest.forEach(({ tokens, number }, row) => {
    if (tokens.length !== width) {
      throw new InputError(`answer row ${row + 1} has ${plural(tokens.length, 'mark')} but the header says ${plural(width, 'column')}`, {
        line: number,
        column: 1,
      });
    }
    for (const token of tokens) {
      answer.push(token.text === '#' ? 1 : 0);
      answerAt.push({ line: token.line, column: token.column });
    }
  });
  return { format: 'pencilbox', width, height, cells, answer, answerAt };
}

/** PencilBox text of a puzzle (blank cells as `.`), with an answer block when a shading is given. */
export function formatPencilBox(width: number, height: number, numbers: readonly number[], shaded?: ArrayLike<number>): string {
  const lines = [String(height), String(width)];
  for (let y = 0; y < height; y++) {
    lines.push(
      numbers
        .slice(y * width, (y + 1) * width)
        .map((n) => (n > 0 ? String(n) : '.'))
        .join(' '),
    );
  }
  if (shaded) {
    for (let y = 0; y < height; y++) {
      const marks: string[] = [];
      for (let x = 0; x < width; x++) marks.push(shaded[y * width + x] ? '#' : '+');
      lines.push(marks.join(' '));
    }
  }
  return `${lines.join('\n')}\n`;
}
