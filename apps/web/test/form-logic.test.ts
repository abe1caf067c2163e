// The page's form logic without a browser: the same validation as the CLI, and the URL state.
import { InputError, definePlugin, isInputError, type GridEditorSpec } from '@kit/core';
import { checkGrid, decodeGrid, encodeGrid, encodeRuns } from '../src/app/grid-code.js';
import { describe, expect, it } from 'vitest';
import { DEFAULT_STEP_DELAY_MS } from '../src/app/option-form.js';
import { errorText, prepareRun } from '../src/app/prepare-run.js';
import { readState, stateSearch } from '../src/app/url-state.js';

const plugin = definePlugin<{ size: number; text: string | undefined }, unknown>({
  id: 'demo',
  title: 'Demo',
  description: 'A plugin for form tests.',
  version: '1.0.0',
  input: { formats: ['demo-text'], required: true },
  options: [{ name: 'size', type: 'int', min: 3, max: 8, default: 6, help: 'board size' }],
  parse: (options, file) => ({ size: options['size'] as number, text: file?.text }),
  solver: async () => ({ solve: () => ({ solutions: 0 }) }),
  view: () => ({ width: 0, height: 0, cells: [] }),
});
const input = { name: 'input', text: 'abc' };
const message = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(isInputError(error)).toBe(true);
    return errorText(error);
  }
  throw new Error('no error');
};

describe('prepareRun', () => {
  it('parses the options and the input into the instance, with the host fields', () => {
    expect(prepareRun(plugin, { raw: { size: '4' }, input, limit: '10', delay: '0' })).toEqual({ instance: { size: 4, text: 'abc' }, limit: 10, delayMs: 0 });
    expect(prepareRun(plugin, { raw: { size: '' }, input, limit: '', delay: '' })).toEqual({
      instance: { size: 6, text: 'abc' },
      limit: undefined,
      delayMs: DEFAULT_STEP_DELAY_MS,
    });
  });

  it("uses the plugin's step delay when the form gives none", () => {
    const puyoLike = { ...plugin, stepDelayMs: 500 };
    expect(prepareRun(puyoLike, { raw: {}, input, limit: '', delay: '' }).delayMs).toBe(500);
    expect(prepareRun(puyoLike, { raw: {}, input, limit: '', delay: '20' }).delayMs).toBe(20);
  });

  it('words every mistake as the CLI does', () => {
    expect(message(() => prepareRun(plugin, { raw: { size: '9' }, input, limit: '', delay: '' }))).toBe('--size must be an integer from 3 to 8 (got "9")');
    expect(message(() => prepareRun(plugin, { raw: { size: '4' }, input: undefined, limit: '', delay: '' }))).toBe('this puzzle needs an input (demo-text)');
    expect(message(() => prepareRun(plugin, { raw: {}, input, limit: '0', delay: '' }))).toBe('--limit must be a positive integer (got "0")');
    expect(message(() => prepareRun(plugin, { raw: {}, input, limit: '', delay: '1.5' }))).toBe('--delay must be a whole number of milliseconds (got "1.5")');
  });
});

describe('URL state', () => {
  it('round-trips the puzzle and its values, and reads run=1', () => {
    const search = stateSearch('pentomino', { size: '8', all: '1', board: '..\n.#' });
    expect(search).toBe('?puzzle=pentomino&size=8&all=1&board=..%0A.%23');
    expect(readState(`${search}&run=1`)).toEqual({ puzzle: 'pentomino', values: { size: '8', all: '1', board: '..\n.#' }, run: true });
    expect(readState('?puzzle=puyo&run=0')).toEqual({ puzzle: 'puyo', values: {}, run: false });
    expect(readState('')).toEqual({ puzzle: undefined, values: {}, run: false });
  });
});

describe('grids in links', () => {
  const spec: GridEditorSpec = {
    target: 'input',
    label: 'Board',
    width: { min: 2, max: 4 },
    height: 2,
    values: [
      { value: '.', label: 'cell' },
      { value: '#', label: 'hole' },
    ],
    numbers: { min: 1, max: (width) => width },
    toText: (grid) => grid.map((row) => row.join('')).join('\n'),
    fromText: (text) => text.split('\n').map((line) => [...line]),
  };

  it('round-trips a grid through its run-length code', () => {
    const grid = [
      ['.', '.', '.', '3'],
      ['#', '#', '4', '.'],
    ];
    expect(encodeRuns(grid)).toBe('4x2_3*._3_2*#_4_.');
    expect(decodeGrid(spec, encodeRuns(grid))).toEqual(grid);
  });

  it('says what is wrong with a bad code, in one line', () => {
    expect(() => decodeGrid(spec, '4x2_3*.')).toThrow(new InputError('a 4x2 grid in a link needs 8 cells (got 3)'));
    expect(() => decodeGrid(spec, 'nonsense')).toThrow('a grid in a link looks like WxH_cells (got "nonsense")');
    expect(() => decodeGrid(spec, '5x2_10*.')).toThrow('Board: 5x2 is not a size the editor takes (width 2 to 4, height 2)');
    expect(() => decodeGrid(spec, '2x2_3*._3')).toThrow('Board: row 2, column 2 holds "3", which is not a value of this grid');
    expect(
      checkGrid(spec, [
        ['2', '#'],
        ['.', '1'],
      ]),
    ).toEqual([
      ['2', '#'],
      ['.', '1'],
    ]);
  });

  it("uses the plugin's own code when it has one, and names a located problem like the CLI's file", () => {
    const shared: GridEditorSpec = {
      ...spec,
      share: {
        encode: (grid) => grid.flat().join(''),
        decode: (code) => {
          if (code.length !== 4) throw new InputError(`needs 4 cells`, { line: 1, column: code.length + 1 });
          return [
            [code[0]!, code[1]!],
            [code[2]!, code[3]!],
          ];
        },
      },
    };
    expect(
      encodeGrid(shared, [
        ['.', '#'],
        ['1', '2'],
      ]),
    ).toBe('.#12');
    expect(decodeGrid(shared, '.#12')).toEqual([
      ['.', '#'],
      ['1', '2'],
    ]);
    expect(() => decodeGrid(shared, '.#')).toThrow(expect.objectContaining({ message: 'needs 4 cells', where: { file: 'input', line: 1, column: 3 } }));
  });
});
