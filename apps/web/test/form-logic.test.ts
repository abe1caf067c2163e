// The page's form logic without a browser: the same validation as the CLI, and the URL state.
import { definePlugin, isInputError } from '@kit/core';
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
    expect(prepareRun(plugin, { raw: { size: '' }, input, limit: '', delay: '' })).toEqual({ instance: { size: 6, text: 'abc' }, limit: undefined, delayMs: DEFAULT_STEP_DELAY_MS });
  });

  it("uses the plugin's step delay when the form gives none", () => {
    const puyoLike = { ...plugin, stepDelayMs: 500 };
    expect(prepareRun(puyoLike, { raw: {}, input, limit: '', delay: '' }).delayMs).toBe(500);
    expect(prepareRun(puyoLike, { raw: {}, input, limit: '', delay: '20' }).delayMs).toBe(20);
  });

  it("words every mistake as the CLI does", () => {
    expect(message(() => prepareRun(plugin, { raw: { size: '9' }, input, limit: '', delay: '' }))).toBe('--size must be an integer from 3 to 8 (got "9")');
    expect(message(() => prepareRun(plugin, { raw: { size: '4' }, input: undefined, limit: '', delay: '' }))).toBe('kit run demo needs a file (demo-text)');
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
