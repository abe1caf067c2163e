import { describe, expect, it } from 'vitest';
import { PENTOMINOES, normalize, orientations, shapeFromRows, shapeSymmetries, shapeToRows, transformShape, isConnected, compareCoords } from '../src/index.js';
import { sortCoords } from '../src/coord.js';

describe('polyomino shapes', () => {
  it('normalises to the origin, sorted, without duplicates', () => {
    expect(
      normalize([
        { row: 5, col: 3 },
        { row: 4, col: 4 },
        { row: 5, col: 3 },
      ]),
    ).toEqual([
      { row: 0, col: 1 },
      { row: 1, col: 0 },
    ]);
  });

  it('sorts short and long cell lists as Array.prototype.sort does', () => {
    let seed = 11;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (const length of [0, 1, 2, 5, 16, 17, 40]) {
      for (let round = 0; round < 50; round++) {
        const cells = Array.from({ length }, () => ({ row: Math.floor(random() * 4), col: Math.floor(random() * 4) }));
        expect(sortCoords([...cells])).toEqual([...cells].sort(compareCoords));
      }
    }
  });

  it('has the known number of distinct orientations for every pentomino', () => {
    const counts = Object.fromEntries(Object.entries(PENTOMINOES).map(([letter, shape]) => [letter, orientations(shape).length]));
    expect(counts).toEqual({ F: 8, I: 2, L: 8, N: 8, P: 8, T: 4, U: 4, V: 4, W: 4, X: 1, Y: 8, Z: 4 });
  });

  it('rotates a quarter turn clockwise and mirrors', () => {
    const l = shapeFromRows(['#.', '#.', '##']);
    expect(shapeToRows(transformShape(l, 1))).toEqual(['###', '#..']);
    expect(shapeToRows(transformShape(l, 4))).toEqual(['.#', '.#', '##']);
    expect(shapeToRows(transformShape(l, 2))).toEqual(['##', '.#', '.#']);
  });

  it('finds each shape symmetry group', () => {
    expect(shapeSymmetries(PENTOMINOES.X!)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(shapeSymmetries(PENTOMINOES.F!)).toEqual([0]);
    expect(shapeSymmetries(PENTOMINOES.I!)).toEqual([0, 2, 4, 5]);
    expect(shapeSymmetries(PENTOMINOES.Z!)).toEqual([0, 2]);
  });

  it('tells connected shapes from broken ones', () => {
    expect(isConnected(shapeFromRows(['#.#', '###']))).toBe(true);
    expect(isConnected(shapeFromRows(['#.#']))).toBe(false);
  });
});

describe('big shapes', () => {
  it('normalizes and draws a 400x400-cell shape (no Math.min spread to overflow the stack)', () => {
    const cells = Array.from({ length: 400 * 400 }, (_, i) => ({ row: 7 + Math.floor(i / 400), col: 3 + (i % 400) }));
    const shape = normalize(cells.reverse());
    expect(shape).toHaveLength(160_000);
    expect(shape[0]).toEqual({ row: 0, col: 0 });
    expect(shape[159_999]).toEqual({ row: 399, col: 399 });
    const rows = shapeToRows(shape);
    expect([rows.length, rows[0]!.length, rows[399]]).toEqual([400, 400, '#'.repeat(400)]);
  });
});
