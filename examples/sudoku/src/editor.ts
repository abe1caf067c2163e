// Sudoku in the web page's editor: a 9x9 grid of digits (links carry it as a run-length encoding),
// and the examples a host offers.
import { InputError, type GridEditorSpec, type PluginSample } from '@kit/core';
import { parseSudoku } from './grid.js';

export const SAMPLE_PUZZLE = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';

export const sudokuEditor: GridEditorSpec = {
  target: 'input',
  label: 'Puzzle',
  width: 9,
  height: 9,
  values: [{ value: '.', label: 'empty', key: '.' }],
  numbers: { min: 1, max: 9, fill: 'given' },
  optional: true,
  supersedes: ['cells'],
  toText: (grid) => grid.map((row) => row.join('')).join('\n') + '\n',
  fromText: (text, name) => {
    const sudoku = parseSudoku(text, name);
    if (sudoku.size !== 9) throw new InputError(`the editor takes 9x9 puzzles (got ${sudoku.size}x${sudoku.size})`);
    return Array.from({ length: 9 }, (_, y) => sudoku.cells.slice(y * 9, y * 9 + 9).map((n) => (n > 0 ? String(n) : '.')));
  },
};

export const samples: readonly PluginSample[] = [
  { name: 'wikipedia', title: "Wikipedia's example", input: SAMPLE_PUZZLE },
  { name: 'inkala', title: "Arto Inkala's hard one", input: '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..' },
];
