import { describe, expect, it } from 'vitest';
import { PENTOMINO_PALETTE, ansi256ToHex, entryHex, mergePalette } from './palette.js';

describe('palette', () => {
  it('maps 256-colour indexes to the xterm RGB values', () => {
    expect(ansi256ToHex(1)).toBe('#800000');
    expect(ansi256ToHex(16)).toBe('#000000');
    expect(ansi256ToHex(211)).toBe('#ff87af');
    expect(ansi256ToHex(172)).toBe('#d78700');
    expect(ansi256ToHex(231)).toBe('#ffffff');
    expect(ansi256ToHex(232)).toBe('#080808');
    expect(ansi256ToHex(255)).toBe('#eeeeee');
    expect(() => ansi256ToHex(256)).toThrow('not a 256-colour index: 256');
  });

  it('gives the twelve pentominoes twelve different colours', () => {
    const colours = new Set(Object.values(PENTOMINO_PALETTE).map(entryHex));
    expect(Object.keys(PENTOMINO_PALETTE).sort().join('')).toBe('FILNPTUVWXYZ');
    expect(colours.size).toBe(12);
  });

  it('keeps every two pentomino colours well apart', () => {
    const rgb = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
    const hexes = Object.values(PENTOMINO_PALETTE).map((entry) => rgb(entryHex(entry)));
    const distances = hexes.flatMap((a, i) => hexes.slice(i + 1).map((b) => Math.hypot(...a.map((v, k) => v - b[k]!))));
    expect(Math.min(...distances)).toBeGreaterThan(50);
  });

  it("lays a plugin's palette over the base one", () => {
    const merged = mergePalette({ F: { ansi256: 1 }, star: { ansi256: 226 } });
    expect(merged['F']?.ansi256).toBe(1);
    expect(merged['star']?.ansi256).toBe(226);
    expect(merged['I']?.ansi256).toBe(227);
  });
});
