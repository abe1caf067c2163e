import { describe, expect, it } from 'vitest';
import { blankGrid, checkEditors, numberMax, startLayers, startSize, takesSize, type GridEditorSpec } from './editor.js';
import { parseOptions, describeValues, type OptionSpec } from './options.js';
import { checkPlugin } from './registry.js';
import { definePlugin } from './plugin.js';

const editor: GridEditorSpec = {
  target: 'input',
  label: 'Board',
  width: { min: 2, max: 9 },
  height: 3,
  values: [
    { value: '.', label: 'cell' },
    { value: '#', label: 'hole', key: 'h' },
  ],
  numbers: { min: 1, max: (width, height) => Math.max(width, height) },
  toText: (grid) => grid.map((row) => row.join('')).join('\n'),
  fromText: (text) => text.split('\n').map((line) => [...line]),
};

describe('grid editors', () => {
  it('makes blank grids of the first value and works out the number range', () => {
    expect(blankGrid(editor, 2, 3)).toEqual([
      ['.', '.'],
      ['.', '.'],
      ['.', '.'],
    ]);
    expect(numberMax(editor, 7, 3)).toBe(7);
  });

  it('names the problem with an editor', () => {
    expect(checkEditors([editor], ['input'])).toBeUndefined();
    expect(checkEditors([editor], ['board'])).toBe('editor for "input" edits no file option or input');
    expect(checkEditors([editor, editor], ['input'])).toBe('two editors for "input"');
    expect(checkEditors([{ ...editor, width: { min: 3, max: 2 } }], ['input'])).toBe('editor for "input" has a bad size');
    expect(checkEditors([{ ...editor, values: [{ value: '5', label: 'five' }] }], ['input'])).toBe('editor for "input" has a bad value "5"');
  });

  it('takes only the sizes an editor lists, and starts at its start size', () => {
    const squares: GridEditorSpec = {
      ...editor,
      width: { min: 2, max: 9 },
      height: { min: 2, max: 9 },
      sizes: [
        { width: 4, height: 4 },
        { width: 9, height: 9 },
      ],
    };
    expect([takesSize(squares, 4, 4), takesSize(squares, 9, 9), takesSize(squares, 5, 5), takesSize(squares, 4, 9)]).toEqual([true, true, false, false]);
    expect([takesSize(editor, 5, 3), takesSize(editor, 10, 3), takesSize(editor, 5, 4)]).toEqual([true, false, false]);
    expect(startSize(squares)).toEqual({ width: 4, height: 4 });
    expect(startSize(editor)).toEqual({ width: 2, height: 3 });
    expect(startSize({ ...editor, startSize: { width: 6, height: 3 } })).toEqual({ width: 6, height: 3 });
    expect(checkEditors([squares], ['input'])).toBeUndefined();
    expect(checkEditors([{ ...squares, sizes: [] }], ['input'])).toBe('editor for "input" lists no sizes');
    expect(checkEditors([{ ...squares, sizes: [{ width: 16, height: 16 }] }], ['input'])).toBe('editor for "input" has a size outside its limits');
    expect(checkEditors([{ ...squares, startSize: { width: 5, height: 5 } }], ['input'])).toBe('editor for "input" has a size outside its limits');
  });

  it('checks a stack of layers: its count, its stack text, no share codec', () => {
    const layers = {
      min: 1,
      max: 4,
      toText: (stack: readonly string[][][]) => stack.map(editor.toText).join('\n\n'),
      fromText: (text: string) => text.split('\n\n').map((layer) => editor.fromText(layer)),
    };
    const stacked: GridEditorSpec = { ...editor, layers };
    expect(checkEditors([stacked], ['input'])).toBeUndefined();
    expect(startLayers(stacked)).toBe(1);
    expect(startLayers({ ...editor, layers: { ...layers, start: 3 } })).toBe(3);
    expect(startLayers(editor)).toBe(1);
    expect(checkEditors([{ ...editor, layers: { ...layers, min: 0 } }], ['input'])).toBe('editor for "input" has a bad layer count');
    expect(checkEditors([{ ...editor, layers: { ...layers, max: 0.5 } }], ['input'])).toBe('editor for "input" has a bad layer count');
    expect(checkEditors([{ ...editor, layers: { ...layers, start: 5 } }], ['input'])).toBe('editor for "input" has a bad layer count');
    expect(checkEditors([{ ...editor, layers: { min: 1, max: 2 } as never }], ['input'])).toBe('editor for "input" has layers without toText and fromText');
    expect(checkEditors([{ ...stacked, share: { encode: () => '', decode: () => [] } }], ['input'])).toBe(
      'editor for "input" has both layers and a share codec',
    );
    const plugin = definePlugin({
      id: 'p',
      title: 'P',
      description: 'd',
      version: '1',
      options: [],
      input: { formats: ['text'] },
      editors: [{ ...editor, layers: { ...layers, start: 0 } }],
      parse: () => 0,
      solver: async () => ({ solve: () => ({ solutions: 0 }) as never }),
      view: () => ({ width: 0, height: 0, cells: [] }),
    });
    expect(() => checkPlugin(plugin, 'p-src')).toThrow('editor for "input" has a bad layer count');
  });

  it('refuses to register a plugin whose editor edits nothing', () => {
    const plugin = definePlugin({
      id: 'p',
      title: 'P',
      description: 'd',
      version: '1',
      options: [],
      editors: [editor],
      parse: () => 0,
      solver: async () => ({ solve: () => ({ solutions: 0 }) as never }),
      view: () => ({ width: 0, height: 0, cells: [] }),
    });
    expect(() => checkPlugin(plugin, 'p-src')).toThrow('editor for "input" edits no file option or input');
    expect(checkPlugin({ ...plugin, input: { formats: ['text'] } }, 'p-src').editors).toHaveLength(1);
  });
});

describe('letters options', () => {
  const spec: OptionSpec = { name: 'pieces', type: 'letters', letters: 'FILN', default: 'FI', help: 'pieces' };
  it('reach the plugin as the typed letters, with the default when empty', () => {
    expect(parseOptions([spec], { pieces: 'LLN' })).toEqual({ pieces: 'LLN' });
    expect(parseOptions([spec], { pieces: '' })).toEqual({ pieces: '' });
    expect(parseOptions([spec], {})).toEqual({ pieces: 'FI' });
    expect(describeValues(spec)).toBe('letters from FILN');
  });
});
