import { describe, expect, it } from 'vitest';
import { sweep } from '../src/index.js';

// Piece sets of N pentominoes that tile the 5 x N board, and their distinct tilings summed.
const TILING_SETS = { 3: 7, 4: 26, 5: 45, 6: 172, 7: 245, 8: 261, 9: 175, 10: 65, 11: 12, 12: 1 } as const;
const DISTINCT = { 3: 7, 4: 50, 5: 107, 6: 541, 7: 1396, 8: 3408, 9: 5902, 10: 6951, 11: 4103, 12: 1010 } as const;
// The board's symmetry group: 4 elements, 8 for the 5 x 5 square.
const GROUP = (n: number) => (n === 5 ? 8 : 4);

function byWidth(subsets: { pieces: string; count: number }[]) {
  const out = new Map<number, { sets: number; tilings: number }>();
  for (const subset of subsets) {
    const row = out.get(subset.pieces.length) ?? { sets: 0, tilings: 0 };
    row.sets++;
    row.tilings += subset.count;
    out.set(subset.pieces.length, row);
  }
  return out;
}

describe('the Katamino sweep', () => {
  const range = sweep({ n: '3-12' });
  const widths = byWidth(range.subsets);

  it('finds how many N-piece sets tile 5 x N, for every N', () => {
    for (const [n, sets] of Object.entries(TILING_SETS)) expect([n, widths.get(Number(n))?.sets]).toEqual([n, sets]);
    expect(range.subsets).toHaveLength(1009);
  });

  it('counts their distinct tilings', () => {
    for (const [n, tilings] of Object.entries(DISTINCT)) expect([n, widths.get(Number(n))?.tilings]).toEqual([n, tilings]);
    expect(range.solutions).toBe(23475);
  });

  it('agrees with --all: no Katamino tiling is symmetric, so every set has |G| times as many raw tilings', () => {
    // Widths 3..10 keep the test quick; `kit run katamino --n 3-12 --all` gives 94328 = the sum of 4 x 23475 and 4 x 107 more.
    const raw = sweep({ n: '3-10', all: true });
    const rawCount = new Map(raw.subsets.map((s) => [s.pieces, s.count]));
    const upTo10 = range.subsets.filter((s) => s.pieces.length <= 10);
    expect(raw.subsets.map((s) => s.pieces)).toEqual(upTo10.map((s) => s.pieces));
    for (const subset of upTo10) expect([subset.pieces, rawCount.get(subset.pieces)]).toEqual([subset.pieces, subset.count * GROUP(subset.pieces.length)]);
    expect(raw.solutions).toBe(73876);
  });

  it('gives the same sets, counts and tilings width by width (X placed first) as in the shared search', () => {
    for (const n of [5, 6, 7, 8, 9]) {
      const single = sweep({ n });
      expect(single.subsets).toEqual(range.subsets.filter((s) => s.pieces.length === n));
    }
  });

  it('reports each set with a tiling of exactly its own pieces, sets ordered by width then letters', () => {
    for (const subset of range.subsets) {
      expect(subset.rows).toHaveLength(5);
      for (const row of subset.rows) expect(row).toHaveLength(subset.pieces.length);
      const letters = [...subset.rows.join('')].sort().join('');
      expect(letters).toBe([...subset.pieces].map((p) => p.repeat(5)).join(''));
    }
    const keys = range.subsets.map((s) => `${String(s.pieces.length).padStart(2, '0')}${s.pieces}`);
    expect(keys).toEqual([...keys].sort());
    expect(range.subsets.filter((s) => s.pieces.length === 12)).toEqual([{ pieces: 'FILNPTUVWXYZ', count: 1010, rows: expect.any(Array) }]);
  });

  it('with I lying flat: 19 sets of 4 tile 5 x 4 (as a public analysis of the game says), raw = |G| x distinct', () => {
    const flat = sweep({ n: '3-8', horizontalI: true });
    const raw = new Map(sweep({ n: '3-8', horizontalI: true, all: true }).subsets.map((s) => [s.pieces, s.count]));
    // A flat I breaks the square's diagonal symmetry: 5 x 5 sets with I have a group of 4.
    for (const subset of flat.subsets) {
      const group = subset.pieces.length === 5 && !subset.pieces.includes('I') ? 8 : 4;
      expect([subset.pieces, raw.get(subset.pieces)]).toEqual([subset.pieces, group * subset.count]);
    }
    expect([...byWidth(flat.subsets)].map(([n, row]) => [n, row.sets, row.tilings])).toEqual([
      [3, 7, 7],
      [4, 19, 36],
      [5, 45, 107],
      [6, 169, 401],
      [7, 231, 946],
      [8, 259, 2540],
    ]);
  });
});
