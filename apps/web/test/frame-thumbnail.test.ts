// A solution's thumbnail as pixels, without a browser: each cell a square of its colour, borders of
// whole pixels between regions and around the grid, nothing where a hole is.
import type { Frame } from '@kit/core';
import { describe, expect, it } from 'vitest';
import { thumbnailCellPx, thumbnailPixels, type ColourReader } from '../src/app/frame-thumbnail.js';

/** `#rrggbb` only: what the page's canvas reader returns for these. */
const readHex: ColourReader = (colour) => {
  const value = Number.parseInt(colour.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255, 255];
};
const palette = { red: { ansi256: 196, hex: '#ff0000' }, blue: { ansi256: 21, hex: '#0000ff' } };
const colours = { empty: '#eeeeee', border: '#000000' };

function pixelAt(pixels: { width: number; data: Uint8ClampedArray }, x: number, y: number): string {
  const at = (y * pixels.width + x) * 4;
  return [...pixels.data.slice(at, at + 4)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

describe('thumbnail pixels', () => {
  it('sizes cells in whole device pixels to fit the thumbnail box', () => {
    expect(thumbnailCellPx(16, 16, 1)).toBe(4);
    expect(thumbnailCellPx(16, 16, 2)).toBe(9);
    expect(thumbnailCellPx(10, 6, 1)).toBe(9);
    expect(thumbnailCellPx(400, 1, 1)).toBe(1);
  });

  it('paints cells in their colours, borders between regions and around the grid, and leaves holes clear', () => {
    // red red / blue hole: a 2x2 grid at 1x, 36 px cells (72 / 2), 1 px lines, a 1 px margin all round.
    const frame: Frame = { width: 2, height: 2, cells: [{ fill: 'red' }, { fill: 'red' }, { fill: 'blue' }, { hole: true }] };
    const pixels = thumbnailPixels(frame, palette, colours, readHex, 1);
    expect(pixels.width).toBe(2 * 36 + 2);
    expect(pixels.height).toBe(2 * 36 + 2);
    expect(pixels.data.length).toBe(pixels.width * pixels.height * 4);
    const cellCentre = (column: number, row: number) => pixelAt(pixels, 1 + column * 36 + 18, 1 + row * 36 + 18);
    expect(cellCentre(0, 0)).toBe('ff0000ff');
    expect(cellCentre(1, 0)).toBe('ff0000ff');
    expect(cellCentre(0, 1)).toBe('0000ffff');
    expect(cellCentre(1, 1)).toBe('00000000');
    // No line between the two red cells; a border between red and blue, and under the red cell above the hole.
    expect(pixelAt(pixels, 1 + 36, 10)).toBe('ff0000ff');
    expect(pixelAt(pixels, 10, 1 + 36)).toBe('000000ff');
    expect(pixelAt(pixels, 1 + 36 + 10, 1 + 36)).toBe('000000ff');
    // The outline on every side of the cells (a line starts on its edge), none around the hole's outer sides.
    expect(pixelAt(pixels, 1, 10)).toBe('000000ff');
    expect(pixelAt(pixels, 10, 1)).toBe('000000ff');
    expect(pixelAt(pixels, 73, 10)).toBe('000000ff');
    expect(pixelAt(pixels, 10, 73)).toBe('000000ff');
    expect(pixelAt(pixels, 73, 1 + 36 + 10)).toBe('00000000');
  });

  it("shows an empty cell in the theme's empty colour and an unknown fill in grey", () => {
    const frame: Frame = { width: 2, height: 1, cells: [{}, { fill: 'nowhere' }] };
    const pixels = thumbnailPixels(frame, palette, colours, readHex, 1);
    const cell = thumbnailCellPx(2, 1, 1);
    expect(pixelAt(pixels, 1 + cell / 2, 1 + cell / 2)).toBe('eeeeeeff');
    expect(pixelAt(pixels, 1 + cell + cell / 2, 1 + cell / 2)).toBe('9ca3afff');
  });
});
