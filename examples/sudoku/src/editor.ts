// Sudoku in the web page's editor: a 4x4, 9x9 or 16x16 grid of digits (links carry it as a run-length encoding),
// and the examples a host offers.
import type { GridEditorSpec, PluginSample } from '@kit/core';
import { SYMBOLS, parseSudoku } from './grid.js';

export const SAMPLE_PUZZLE = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';

/** The sizes the solver takes: boxes of 2, 3 and 4 cells a side. */
const SIZES = [4, 9, 16] as const;

/** A cell of the text format: 1-9, then A-G for 10-16 (what the solver reads), `.` for empty. */
const symbolOf = (cell: string) => (/^\d+$/.test(cell) ? SYMBOLS[Number(cell) - 1]! : '.');

export const sudokuEditor: GridEditorSpec = {
  target: 'input',
  label: 'Puzzle',
  width: { min: 4, max: 16 },
  height: { min: 4, max: 16 },
  sizes: SIZES.map((side) => ({ width: side, height: side })),
  startSize: { width: 9, height: 9 },
  values: [{ value: '.', label: 'empty', key: '.' }],
  // Typed as numbers: 10 to 16 in a 16x16 grid are the text format's A to G.
  numbers: { min: 1, max: (width) => width, fill: 'given' },
  optional: true,
  supersedes: ['cells'],
  toText: (grid) => `${grid.map((row) => row.map(symbolOf).join('')).join('\n')}\n`,
  fromText: (text, name) => {
    const sudoku = parseSudoku(text, name);
    const { size } = sudoku;
    return Array.from({ length: size }, (_, y) => sudoku.cells.slice(y * size, y * size + size).map((n) => (n > 0 ? String(n) : '.')));
  },
};

export const samples: readonly PluginSample[] = [
  { name: 'wikipedia', title: "Wikipedia's example", input: SAMPLE_PUZZLE },
  { name: 'inkala', title: "Arto Inkala's hard one", input: '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..' },
];
