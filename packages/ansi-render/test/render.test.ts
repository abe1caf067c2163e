import { describe, expect, it } from 'vitest';
import { BASE_PALETTE, mergePalette, type Frame } from '@kit/core';
import { frameToString, renderFrame } from '../src/index.js';
import { cellLetter } from '../src/render.js';

const E = '\u001B[';

// Row 1: F F (hole) ; row 2: I, an empty cell, X — the shapes a pentomino frame is made of.
const frame: Frame = {
  width: 3,
  height: 2,
  title: 'No. 1',
  cells: [{ fill: 'F', label: 'F' }, { fill: 'F', label: 'F' }, { hole: true }, { fill: 'I', label: 'I' }, {}, { fill: 'X', label: 'X' }],
};

describe('renderFrame', () => {
  it('draws letters when colour is off, one column a cell like the seed', () => {
    expect(frameToString(frame, { color: 'none' })).toBe('No. 1\nFF \nI.X\n');
  });

  it('draws two-column 256-colour blocks from the palette, one escape per colour run', () => {
    const lines = renderFrame(frame, { color: 'ansi256', palette: BASE_PALETTE });
    expect(lines).toEqual(['No. 1', `${E}48;5;172m    ${E}m  `, `${E}48;5;227m  ${E}48;5;250m  ${E}48;5;141m  ${E}m`]);
  });

  it('draws truecolor blocks from the palette entry colours', () => {
    const lines = renderFrame(frame, { color: 'truecolor', palette: BASE_PALETTE, title: null });
    expect(lines).toEqual([`${E}48;2;215;135;0m    ${E}m  `, `${E}48;2;255;255;95m  ${E}48;2;188;188;188m  ${E}48;2;175;135;255m  ${E}m`]);
  });

  it('shows labels that say more than the colour (numbers) in a contrasting colour, right-aligned', () => {
    const hitori: Frame = {
      width: 2,
      height: 1,
      cells: [
        { fill: 'shaded', label: '3' },
        { fill: 'unshaded', label: '12' },
      ],
    };
    expect(renderFrame(hitori, { color: 'ansi256' })).toEqual([`${E}48;5;236;38;5;231m 3${E}48;5;255;38;5;16m12${E}m`]);
    // Without colour a shaded cell shows the mask letter, not its number (its palette entry masksLabel).
    expect(renderFrame(hitori, { color: 'none' })).toEqual([' # 12']);
  });

  it("uses a plugin palette over the base one and the entry's letter without colour", () => {
    const palette = mergePalette({ wall: { ansi256: 94, letter: 'W' } });
    const walls: Frame = { width: 2, height: 1, cells: [{ fill: 'wall' }, { fill: 'red' }] };
    expect(renderFrame(walls, { color: 'ansi256', palette })).toEqual([`${E}48;5;94m  ${E}48;5;196m  ${E}m`]);
    expect(renderFrame(walls, { color: 'none', palette })).toEqual(['WR']);
  });

  it('draws a fill missing from the palette as its letter, uncoloured', () => {
    const odd: Frame = { width: 2, height: 1, cells: [{ fill: 'mystery' }, { fill: 'F' }] };
    expect(renderFrame(odd, { color: 'ansi256' })).toEqual([` m${E}48;5;172m  ${E}m`]);
    expect(cellLetter({ fill: 'mystery' })).toBe('m');
    expect(cellLetter({ hole: true, label: 'x' })).toBe(' ');
  });

  it('refuses a frame whose cell count does not match its size', () => {
    expect(() => renderFrame({ width: 2, height: 2, cells: [{}] }, { color: 'none' })).toThrow('a 2x2 frame needs 4 cells, not 1');
  });
});
