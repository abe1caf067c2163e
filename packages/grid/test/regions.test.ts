import { describe, expect, it } from 'vitest';
import { openRegions, pieceCell, pieceFill } from '../src/index.js';

describe('openRegions', () => {
  it('finds the regions of a plane, face to face only, each ascending, by their smallest cell', () => {
    // 4 x 3, '#' closed:
    //   . . # .
    //   # . # .
    //   . # . .
    const rows = ['..#.', '#.#.', '.#..'];
    const open = (cell: number) => rows[Math.floor(cell / 4)]![cell % 4] === '.';
    expect(openRegions(open, 4, 3)).toEqual([[0, 1, 5], [3, 7, 10, 11], [8]]);
  });

  it('joins cells across layers of a box, and not across a line or a layer edge', () => {
    // 2 x 2 x 2 with cells 0 and 7 open (opposite corners) and 1, 5 (one above the other).
    const open = new Set([0, 7, 1, 5]);
    expect(openRegions((cell) => open.has(cell), 2, 2, 2)).toEqual([[0, 1, 5, 7]]);
    const apart = new Set([0, 3, 4]);
    expect(openRegions((cell) => apart.has(cell), 2, 2, 2)).toEqual([[0, 4], [3]]);
    expect(openRegions(() => false, 3, 3, 3)).toEqual([]);
  });
});

describe('piece colours', () => {
  it('keeps the pentomino letters, names other pieces, and draws a packing cell', () => {
    expect(pieceFill('X')).toBe('X');
    expect(pieceFill('A')).toBe('piece-A');
    expect(pieceFill('~')).toBe('piece-other');
    expect([pieceCell('.'), pieceCell(' '), pieceCell('b')]).toEqual([{ hole: true }, {}, { fill: 'piece-b', label: 'b' }]);
  });

  it('hands out one frozen cell per name, and still the right one after many names', () => {
    expect(pieceCell('T')).toBe(pieceCell('T'));
    expect(Object.isFrozen(pieceCell('T'))).toBe(true);
    // A module is strict: writing to a shared cell throws instead of changing every frame.
    expect(() => {
      (pieceCell('.') as { hole?: boolean }).hole = false;
    }).toThrow(TypeError);
    // More names than the cache keeps: each still gets its own fill.
    for (let code = 0x100; code < 0x100 + 3000; code++) expect(pieceCell(String.fromCharCode(code)).label).toBe(String.fromCharCode(code));
    expect(pieceCell('T')).toEqual({ fill: 'T', label: 'T' });
  });
});
