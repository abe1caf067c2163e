import { describe, expect, it } from 'vitest';
import { ExactCover } from '../src/exact-cover.js';

// Knuth's example from "Dancing Links": columns A-G, rows as below; the only cover is rows 0, 3, 4.
const KNUTH_ROWS = [
  [2, 4, 5],
  [0, 3, 6],
  [1, 2, 5],
  [0, 3],
  [1, 6],
  [3, 4, 6],
];

const allCovers = (columns: number, rows: number[][], selected: number[] = []) => {
  const cover = new ExactCover(columns, rows);
  for (const row of selected) if (!cover.select(row)) return undefined;
  const found: number[][] = [];
  const tries = cover.search({ solution: (chosen) => found.push([...chosen].sort()), stop: () => false });
  return { found, tries };
};

describe('ExactCover', () => {
  it("finds the one cover of Knuth's example", () => {
    expect(allCovers(7, KNUTH_ROWS)?.found).toEqual([[0, 3, 4]]);
  });

  it('finds every cover', () => {
    // Columns 0..2; rows {0},{1},{2},{0,1},{1,2}: covers {0}{1}{2}, {0,1}{2}, {0}{1,2}.
    const result = allCovers(3, [[0], [1], [2], [0, 1], [1, 2]]);
    expect(result?.found.sort()).toEqual(
      [
        [0, 1, 2],
        [0, 4],
        [2, 3],
      ].sort(),
    );
  });

  it('takes preselected rows as given and refuses clashing ones', () => {
    expect(allCovers(7, KNUTH_ROWS, [3])?.found).toEqual([[0, 4]]);
    expect(allCovers(7, KNUTH_ROWS, [3, 1])).toBeUndefined();
  });

  it('reports no cover when a column cannot be covered', () => {
    expect(allCovers(3, [[0], [1]])?.found).toEqual([]);
  });

  it('stops when asked', () => {
    const cover = new ExactCover(3, [[0], [1], [2], [0, 1], [1, 2]]);
    let found = 0;
    cover.search({ solution: () => found++, stop: () => found >= 1 });
    expect(found).toBe(1);
  });

  it('rejects a row naming a column that does not exist', () => {
    expect(() => new ExactCover(2, [[0, 2]])).toThrow('row 0 names column 2, outside 0..1');
  });
});
