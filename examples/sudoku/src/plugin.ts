// The plugin hosts import to list, configure and draw Sudoku. Cheap to import: the dancing-links
// search is in solver.ts, loaded only where the search runs.
// The version users see is the package's own, so changesets' bumps reach `kit list` too.
import manifest from '../package.json' with { type: 'json' };
import { InputError, definePlugin, isInputError, type Cell, type Frame } from '@kit/core';
import { skipGeneratedHeader } from '@kit/core/make';
import type { Board } from './board.js';
import { parseSudoku, type SudokuGrid } from './grid.js';
import { SAMPLE_PUZZLE, samples, sudokuEditor } from './editor.js';
import { play } from './play.js';
import type { SudokuSummary } from './solver.js';

export type { Board };

/** Solved when nothing else is given: the example on Wikipedia's Sudoku page (one solution). */
export { SAMPLE_PUZZLE };

function fromOption(text: string): SudokuGrid {
  try {
    return parseSudoku(text);
  } catch (error) {
    if (!isInputError(error)) throw error;
    const at = error.where.column !== undefined ? ` (character ${error.where.column})` : '';
    throw new InputError(`--cells: ${error.message}${at}`);
  }
}

export default definePlugin<SudokuGrid, Board>({
  id: 'sudoku',
  title: 'Sudoku',
  description: 'Sudoku (4x4, 9x9, 16x16) by exact cover with dancing links; reports whether the solution is unique.',
  version: manifest.version,
  options: [
    {
      name: 'cells',
      type: 'string',
      placeholder: 'CELLS',
      help: 'the puzzle on one line: 81 cells, 1-9 or . for empty (default: a sample puzzle)',
    },
  ],
  input: { formats: ['sudoku'], help: 'a Sudoku: one line of 81 cells, or 9 lines of 9 (. or 0 for empty)' },
  examples: ['', `--cells ${SAMPLE_PUZZLE}`, 'puzzle.txt --count'],
  samples,
  editors: [sudokuEditor],
  play,
  // Made by solver.ts's generate (generate.ts), graded by the techniques a person needs (techniques.ts).
  generator: {
    levels: ['easy', 'medium', 'hard'],
    size: { default: '9x9', min: 4, max: 16, presets: ['4x4', '9x9', '16x16'] },
    parameters: [
      { name: 'symmetry', type: 'enum', choices: ['none', 'rotational'], default: 'none', help: 'take clues away in pairs symmetric about the centre' },
    ],
    emits: ['line'],
  },
  grader: { levels: ['easy', 'medium', 'hard'] },
  palette: {
    // Boxes alternate white and light grey; clues are blue on the same pattern, found digits plain.
    given: { ansi256: 153 },
    'given-alt': { ansi256: 110 },
    found: { ansi256: 231 },
    'found-alt': { ansi256: 253 },
    empty: { ansi256: 231, letter: '.' },
    'empty-alt': { ansi256: 253, letter: '.' },
  },

  parse(options, input): SudokuGrid {
    const cells = options['cells'];
    if (typeof cells === 'string' && input) throw new InputError('give the puzzle either as a file or with --cells, not both');
    // A `kit generate` header line above the grid reads as a blank line.
    if (input) return parseSudoku(skipGeneratedHeader(input.text), input.name);
    return fromOption(typeof cells === 'string' ? cells : SAMPLE_PUZZLE);
  },

  solver: () => import('./solver.js').then((module) => module.solver),

  view(board): Frame {
    const size = board.rows.length;
    const box = Math.round(Math.sqrt(size));
    const cells: Cell[] = [];
    const regions: number[] = [];
    for (let row = 0; row < size; row++) {
      for (let column = 0; column < size; column++) {
        regions.push(Math.floor(row / box) * box + Math.floor(column / box));
        const char = board.rows[row]?.[column] ?? '.';
        const kind = char === '.' ? 'empty' : board.givens[row]?.[column] === char ? 'given' : 'found';
        // Alternate shades per box, so the boxes show without grid lines.
        const alt = (Math.floor(row / box) + Math.floor(column / box)) % 2 === 1 ? '-alt' : '';
        cells.push(char === '.' ? { fill: kind + alt } : { fill: kind + alt, label: char });
      }
    }
    return { width: size, height: size, cells, regions };
  },

  summarize(summary) {
    const { size, givens, tries, unique } = summary as SudokuSummary;
    const count = summary.solutions === 1 ? '1 solution' : `${summary.solutions} solutions`;
    const verdict = unique === true ? 'unique' : unique === false ? 'not unique' : 'uniqueness unknown';
    return `${size}: ${count} (${verdict}), ${givens} givens, ${tries} tries`;
  },
});
