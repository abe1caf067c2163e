import { describe, expect, it } from 'vitest';
import { InputError } from '@kit/core';
import { gridRows, isSolved, parseSudoku } from '../src/grid.js';
import { WIKIPEDIA, WIKIPEDIA_SOLUTION } from './puzzles.js';

const errorOf = (text: string, file?: string): string => {
  try {
    parseSudoku(text, file);
  } catch (error) {
    if (error instanceof InputError) return error.format();
    throw error;
  }
  throw new Error('no error');
};

describe('parseSudoku', () => {
  it('reads one line of 81 cells', () => {
    const grid = parseSudoku(WIKIPEDIA);
    expect([grid.box, grid.size]).toEqual([3, 9]);
    expect(grid.cells.slice(0, 9)).toEqual([5, 3, 0, 0, 7, 0, 0, 0, 0]);
    expect(gridRows(9, grid.cells)[8]).toBe('....8..79');
  });

  it('reads a drawn grid with box lines, zeros, comments and blank lines', () => {
    const text = [
      '# Wikipedia',
      '53. .7. ...',
      '6.. 195 ...',
      '.98 ... .6.',
      '---+---+---',
      '8.. .6. ..3',
      '4.. 8.3 ..1',
      '7.. .2. ..6',
      '',
      '------+------',
      '.6. ... 28.',
      '... 419 ..5',
      '000|080|079',
    ].join('\r\n');
    expect(parseSudoku(text).cells).toEqual(parseSudoku(WIKIPEDIA).cells);
  });

  it('reads 4x4 and 16x16 grids', () => {
    expect(parseSudoku('1...\n..2.\n.3..\n...4').size).toBe(4);
    expect(parseSudoku('1'.padEnd(256, '.')).box).toBe(4);
    expect(parseSudoku('g'.padEnd(256, '.')).cells[0]).toBe(16);
  });

  it('names the line and column of a bad character', () => {
    expect(errorOf('53..7....\n6..1x5...', 'p.txt')).toBe('p.txt:2:5: unexpected "x" (a cell is 1-9, A-G, or . for empty)');
  });

  it('names a row of the wrong length', () => {
    const rows = WIKIPEDIA.match(/.{9}/g)!;
    rows[3] = rows[3]!.slice(0, 8);
    expect(errorOf(rows.join('\n'), 'p.txt')).toBe('p.txt:4: row has 8 cells, expected 9');
  });

  it('names missing and extra rows', () => {
    const rows = WIKIPEDIA.match(/.{9}/g)!;
    expect(errorOf(rows.slice(0, 8).join('\n'), 'p.txt')).toBe('p.txt:8: 8 rows, expected 9');
    expect(errorOf([...rows, '.........'].join('\n'), 'p.txt')).toBe('p.txt:10: more than 9 rows');
  });

  it('rejects sizes it does not know and empty files', () => {
    expect(errorOf('12345', 'p.txt')).toBe('p.txt:1: a row has 5 cells; expected 4, 9 or 16 (or 16, 81 or 256 on a single line)');
    expect(errorOf('\n# nothing\n', 'p.txt')).toBe('p.txt: no Sudoku found (expected 81 cells on one line, or 9 lines of 9)');
  });

  it('rejects a digit too large for the grid', () => {
    expect(errorOf('1...\n..2.\n.5..\n...4', 'p.txt')).toBe('p.txt:3:2: 5 is not a digit of a 4x4 Sudoku');
  });

  it('points at the second of two equal clues in a row, a column or a box', () => {
    expect(errorOf(`5${WIKIPEDIA.slice(1, 8)}5${WIKIPEDIA.slice(9)}`)).toBe('1:9: 5 appears twice in row 1');
    const rows = WIKIPEDIA.match(/.{9}/g)!;
    rows[8] = `7${rows[8]!.slice(1)}`;
    expect(errorOf(rows.join('\n'), 'p.txt')).toBe('p.txt:9:1: 7 appears twice in column 1');
    rows[8] = '....8..79';
    rows[1] = '6.3195...';
    expect(errorOf(rows.join('\n'), 'p.txt')).toBe('p.txt:2:3: 3 appears twice in box 1');
  });
});

describe('isSolved', () => {
  it('accepts a solved grid and rejects a broken one', () => {
    const solved = parseSudoku(WIKIPEDIA_SOLUTION.join(''));
    expect(isSolved(solved)).toBe(true);
    const cells = [...solved.cells];
    [cells[0], cells[1]] = [cells[1]!, cells[0]!];
    expect(isSolved({ ...solved, cells })).toBe(false);
  });
});
