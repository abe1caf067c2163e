import { describe, expect, it } from 'vitest';
import { InputError, type TextFile } from '@kit/core';
import { checkPlugin, parseOptions, solveAll, solveInProcess, type RawOptions } from '@kit/core/host';
import plugin, { type Board } from '../src/plugin.js';
import { isSolved, parseSudoku } from '../src/grid.js';
import { solveSudoku } from '../src/index.js';
import { INKALA, INKALA_SOLUTION, WIKIPEDIA, WIKIPEDIA_SOLUTION, sixteen } from './puzzles.js';

// The path a host takes: raw flags -> checked options -> parse() -> solver.
const instanceFrom = (raw: RawOptions, file?: TextFile) => plugin.parse(parseOptions(plugin.options, raw), file);

describe('the sudoku plugin', () => {
  it('passes the host checks', () => {
    expect(checkPlugin(plugin, 'kit-plugin-sudoku').id).toBe('sudoku');
  });

  it('solves the sample when given nothing, and says it is unique', async () => {
    const { solutions, done } = await solveAll(plugin, instanceFrom({}));
    expect(solutions).toEqual([{ rows: WIKIPEDIA_SOLUTION, givens: WIKIPEDIA.match(/.{9}/g) }]);
    expect(done.summary).toEqual({ solutions: 1, unique: true, givens: 30, tries: 51, size: '9x9' });
    expect(plugin.summarize!(done.summary, instanceFrom({}))).toBe('9x9: 1 solution (unique), 30 givens, 51 tries');
  });

  it('solves a hard puzzle from a file', async () => {
    const file = { name: 'inkala.txt', text: `${INKALA.match(/.{9}/g)!.join('\n')}\n` };
    const { solutions, done } = await solveAll(plugin, instanceFrom({}, file));
    expect(solutions.map((s) => s.rows)).toEqual([INKALA_SOLUTION]);
    expect(isSolved(parseSudoku(INKALA_SOLUTION.join('')))).toBe(true);
    expect(done.summary).toMatchObject({ solutions: 1, unique: true, givens: 21 });
  });

  it('counts the 288 4x4 grids without building them', async () => {
    const { solutions, done } = await solveAll(plugin, instanceFrom({ cells: '.'.repeat(16) }), { wantSolutions: false });
    expect(solutions).toEqual([]);
    expect(done.summary).toMatchObject({ solutions: 288, unique: false, givens: 0, size: '4x4' });
  });

  it('still knows a puzzle is not unique when the limit is 1', async () => {
    const { solutions, done } = await solveAll(plugin, instanceFrom({ cells: '.'.repeat(16) }), { limit: 1 });
    expect(solutions).toEqual([{ rows: ['1234', '3412', '2143', '4321'], givens: ['....', '....', '....', '....'] }]);
    expect(done.summary).toMatchObject({ solutions: 1, unique: false });
  });

  it('reports zero solutions for a consistent but impossible puzzle', async () => {
    // Row 1 needs its 1 in the first cell, but column 1 already has one (row 4).
    const { done } = await solveAll(plugin, instanceFrom({ cells: '.234' + '....' + '....' + '1...' }));
    expect(done.summary).toMatchObject({ solutions: 0, unique: false });
  });

  it('solves a 16x16 grid back to the grid it was cut from', () => {
    const { puzzle, full } = sixteen();
    const result = solveSudoku(puzzle);
    expect(result.solutions[0]!.join('')).toBe(full);
  });

  it('shows progress boards only when asked', async () => {
    const progressBoards = async (wantProgress: boolean) => {
      const boards: Board[] = [];
      await solveInProcess(plugin, instanceFrom({ cells: INKALA }), {
        wantProgress,
        progressIntervalMs: 0,
        onEvent: (event) => {
          if (event.type === 'progress') boards.push(event.state as Board);
        },
      });
      return boards;
    };
    expect(await progressBoards(false)).toEqual([]);
    const boards = await progressBoards(true);
    expect(boards.length).toBeGreaterThan(100);
    expect(boards[0]!.givens).toEqual(INKALA.match(/.{9}/g));
    expect(boards[0]!.rows.join('').replace(/\./g, '').length).toBe(22);
  });

  it('draws givens, found digits and empty cells with box shading', () => {
    const frame = plugin.view({ rows: ['12..', '....', '....', '...4'], givens: ['1...', '....', '....', '....'] });
    expect([frame.width, frame.height]).toEqual([4, 4]);
    expect(frame.cells[0]).toEqual({ fill: 'given', label: '1' });
    expect(frame.cells[1]).toEqual({ fill: 'found', label: '2' });
    expect(frame.cells[2]).toEqual({ fill: 'empty-alt' });
    expect(frame.cells[15]).toEqual({ fill: 'found', label: '4' });
  });

  it('explains a bad --cells with the character position', () => {
    expect(() => instanceFrom({ cells: '53..7...x' })).toThrow(new InputError('--cells: unexpected "x" (a cell is 1-9, A-G, or . for empty) (character 9)'));
    expect(() => instanceFrom({ cells: '12345' })).toThrow('--cells: a row has 5 cells; expected 4, 9 or 16 (or 16, 81 or 256 on a single line)');
  });

  it('refuses a file and --cells together', () => {
    expect(() => instanceFrom({ cells: WIKIPEDIA }, { name: 'p.txt', text: WIKIPEDIA })).toThrow('give the puzzle either as a file or with --cells, not both');
  });

  it('keeps file names in file errors', () => {
    try {
      instanceFrom({}, { name: 'bad.txt', text: '12\n' });
      expect.unreachable();
    } catch (error) {
      expect((error as InputError).format()).toBe('bad.txt:1: a row has 2 cells; expected 4, 9 or 16 (or 16, 81 or 256 on a single line)');
    }
  });
});

describe('solveSudoku', () => {
  it('stops at two solutions by default, enough to call a puzzle ambiguous', () => {
    const result = solveSudoku('.'.repeat(81));
    expect(result.solutions).toHaveLength(2);
    expect(result.unique).toBe(false);
    expect(result.solutions.every((rows) => isSolved(parseSudoku(rows.join(''))))).toBe(true);
  });
});

describe('the editor', () => {
  const editor = plugin.editors![0]!;
  it('takes the sizes the solver takes, and nothing between', () => {
    expect(editor.sizes).toEqual([
      { width: 4, height: 4 },
      { width: 9, height: 9 },
      { width: 16, height: 16 },
    ]);
    const four = editor.fromText('1...\n..3.\n.4..\n...2\n');
    expect(four).toEqual([
      ['1', '.', '.', '.'],
      ['.', '.', '3', '.'],
      ['.', '4', '.', '.'],
      ['.', '.', '.', '2'],
    ]);
    expect(editor.toText(four)).toBe('1...\n..3.\n.4..\n...2\n');
    expect(() => editor.fromText('12345\n')).toThrow('a row has 5 cells; expected 4, 9 or 16 (or 16, 81 or 256 on a single line)');
  });

  it('writes 10 to 16 of a 16x16 grid as A to G, which the solver reads back', () => {
    const text = sixteen().puzzle;
    const grid = editor.fromText(text);
    expect(grid).toHaveLength(16);
    expect(grid.flat().filter((cell) => Number(cell) > 9).length).toBeGreaterThan(0);
    expect(parseSudoku(editor.toText(grid))).toEqual(parseSudoku(text));
  });
});
