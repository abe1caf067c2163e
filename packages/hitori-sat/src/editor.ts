// Hitori in the web page's editor: a puzzle is a grid of numbers (links carry it puzz.link-style), a
// designer's pattern for --fill is free cells, blanks and labels. Also the examples a host offers and
// what `-o` would write, for a host without files.
import type { EditorGrid, GridEditorSpec, OutputFile, PluginSample, Summary } from '@kit/core';
import { parsePuzzleText } from './formats/detect.js';
import { formatPencilBox } from './formats/pencilbox.js';
import { formatPlainGrid } from './formats/plain.js';
import { formatPuzzLink, parsePuzzLink } from './formats/puzzlink.js';
import type { HitoriInstance, HitoriSolution } from './instance.js';

const SIDE = { min: 2, max: 30 };
const BLANK = '.';
/** A free cell of a pattern (written 0): the filling may put any number there. */
const FREE = 'f';

function numbersOf(grid: EditorGrid): { width: number; height: number; numbers: number[] } {
  return { width: grid[0]?.length ?? 0, height: grid.length, numbers: grid.flat().map((cell) => (/^\d+$/.test(cell) ? Number(cell) : 0)) };
}

function gridOf(width: number, cells: readonly number[], cell: (n: number) => string): EditorGrid {
  const rows: EditorGrid = [];
  for (let start = 0; start < cells.length; start += width) rows.push(cells.slice(start, start + width).map(cell));
  return rows;
}

export const puzzleEditor: GridEditorSpec = {
  target: 'input',
  label: 'Puzzle',
  width: SIDE,
  height: SIDE,
  values: [{ value: BLANK, label: 'blank', key: '.', help: 'no number: never shaded' }],
  numbers: { min: 1, max: (width, height) => Math.max(width, height), fill: 'unshaded' },
  startSize: { width: 5, height: 5 },
  optional: true,
  supersedes: ['format', 'generate', 'seed'],
  toText: (grid) => {
    const { width, numbers } = numbersOf(grid);
    return formatPlainGrid(width, numbers);
  },
  fromText: (text, name) => {
    const parsed = parsePuzzleText(text, name === undefined ? {} : { file: name });
    return gridOf(parsed.width, parsed.cells, (n) => (n > 0 ? String(n) : BLANK));
  },
  share: {
    // `hitori/5/5/11335...`: puzz.link's own form, which the puzzle reader takes as it is.
    encode: (grid) => {
      const { width, height, numbers } = numbersOf(grid);
      return formatPuzzLink(width, height, numbers).replace(/^.*\?/, '');
    },
    decode: (code) => {
      const parsed = parsePuzzLink(code);
      return gridOf(parsed.width, parsed.cells, (n) => (n > 0 ? String(n) : BLANK));
    },
  },
};

export const patternEditor: GridEditorSpec = {
  target: 'fill',
  label: "Designer's pattern",
  width: SIDE,
  height: SIDE,
  values: [
    { value: FREE, label: 'free', key: 'f', help: 'any number' },
    // Not a shaded cell: a blank stays empty in the puzzle (and is never shaded in its solution).
    { value: BLANK, label: 'blank', key: '.', mark: '·', help: 'no number: stays empty, never shaded' },
  ],
  // Equal labels in a row or column get one number.
  numbers: { min: 1, max: (width, height) => 2 * Math.max(width, height), fill: 'unshaded' },
  startSize: { width: 6, height: 6 },
  optional: true,
  supersedes: ['input', 'generate', 'seed', 'format', 'first'],
  toText: (grid) => `${grid.map((row) => row.map((cell) => (cell === FREE ? '0' : cell)).join(' ')).join('\n')}\n`,
  fromText: (text, name) => {
    const parsed = parsePuzzleText(text, { ...(name === undefined ? {} : { file: name }), pattern: true });
    return gridOf(parsed.width, parsed.cells, (n) => (n === 0 ? FREE : n < 0 ? BLANK : String(n)));
  },
};

export const samples: readonly PluginSample[] = [
  { name: 'unique-5x5', title: '5x5 with a unique solution', input: '1 1 3 3 5\n4 2 3 5 5\n4 4 2 1 2\n1 5 2 4 3\n4 3 3 2 2\n' },
  {
    name: 'puzz-link-8x8',
    title: '8x8 from a puzz.link URL',
    input: 'https://puzz.link/p?hitori/8/8/7138641876638312736188714474138614865733755871438612865638522761\n',
  },
  { name: 'not-unique', title: '4x4 with two solutions', input: 'https://puzz.link/p?hitori/4/4/1213343233412131\n' },
  {
    name: 'fill',
    title: "Fill a designer's 6x6 pattern",
    options: { fill: '0 0 1 0 4 1\n1 3 5 4 0 0\n0 0 5 4 4 5\n0 3 0 6 3 6\n0 0 3 3 1 0\n1 3 0 3 1 6\n' },
  },
  {
    name: 'fill-not-unique',
    title: 'A 6x6 pattern whose design is not unique',
    options: { fill: '1 0 0 1 0 0\n0 2 0 0 0 2\n0 0 3 0 3 0\n4 0 0 0 0 0\n0 0 5 0 0 5\n0 4 0 0 0 0\n' },
  },
  { name: 'generate', title: 'Generate a 7x7 puzzle', options: { generate: '7x7', seed: 7 } },
];

/** What `-o puzzle.txt` writes: PencilBox, with the first solution's shading when solving. */
export function output(run: { summary: Summary; instance: HitoriInstance; solutions: readonly HitoriSolution[] }): OutputFile | undefined {
  const first = run.solutions[0];
  if (!first || (run.instance.mode === 'fill' && run.summary.solutions === 0)) return undefined;
  const height = first.numbers.length;
  const width = first.numbers[0]?.length ?? 0;
  const shaded =
    run.instance.mode === 'solve' && first.shaded
      ? first.shaded
          .join('')
          .split('')
          .map((mark) => (mark === '#' ? 1 : 0))
      : undefined;
  const text = formatPencilBox(width, height, first.numbers.flat(), shaded);
  // A filled design that is not unique is still a filling, but not a puzzle to hand out as it is.
  if (run.instance.mode === 'fill' && run.summary.unique === false) {
    return { name: 'puzzle.txt', text, note: 'the design is not unique: this puzzle has more than one solution' };
  }
  return { name: 'puzzle.txt', text };
}
