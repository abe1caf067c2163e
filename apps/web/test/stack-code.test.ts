// A stack of layers in a link and in a named example: every layer travels, and comes back checked.
import { definePlugin, type GridEditorSpec } from '@kit/core';
import { describe, expect, it } from 'vitest';
import { decodeStack, encodeStack } from '../src/app/grid-code.js';
import { sampleValues } from '../src/app/samples.js';

const layerText = (grid: string[][]) => `${grid.map((row) => row.join('')).join('\n')}\n`;
const editor: GridEditorSpec = {
  target: 'shape',
  label: 'Shape',
  width: { min: 1, max: 4 },
  height: { min: 1, max: 4 },
  values: [
    { value: '.', label: 'cell' },
    { value: '#', label: 'hole' },
  ],
  toText: layerText,
  fromText: (text) =>
    text
      .trim()
      .split('\n')
      .map((row) => [...row]),
  layers: {
    min: 1,
    max: 3,
    toText: (layers) => layers.map(layerText).join('\n'),
    fromText: (text) =>
      text
        .trim()
        .split('\n\n')
        .map((layer) => layer.split('\n').map((row) => [...row])),
  },
};

describe('stacks of layers', () => {
  it('carry every layer in a link and refuse a stack the editor does not take', () => {
    const stack = [
      [
        ['.', '#'],
        ['.', '.'],
      ],
      [
        ['#', '#'],
        ['.', '#'],
      ],
    ];
    expect(encodeStack(stack)).toBe('2L2x4_._#_2*._2*#_._#');
    expect(decodeStack(editor, encodeStack(stack))).toEqual(stack);
    expect(() => decodeStack(editor, '4L1x4_4*.')).toThrow('Shape: 4 layers, but the editor takes 1 to 3');
    expect(() => decodeStack(editor, '3L1x4_4*.')).toThrow('a stack of 3 layers in a link cannot hold 4 rows');
    expect(() => decodeStack(editor, '1x4_4*.')).toThrow('a stack of layers in a link looks like NLWxH_cells (got "1x4_4*.")');
  });

  it('open a named example with every layer of its text', () => {
    const plugin = definePlugin({
      id: 'p',
      title: 'P',
      description: 'd',
      version: '1',
      options: [{ name: 'shape', type: 'file', help: 'a shape in layers' }],
      editors: [editor],
      samples: [{ name: 'two', title: 'Two layers', options: { shape: '.#\n..\n\n##\n.#\n' } }],
      parse: () => 0,
      solver: async () => ({ solve: () => ({ solutions: 0 }) as never }),
      view: () => ({ width: 0, height: 0, cells: [] }),
    });
    expect(sampleValues(plugin, plugin.samples![0]!)).toEqual({ shape: '2L2x4_._#_2*._2*#_._#' });
  });
});
