// The box kernels branch on the most walled-in empty cell: the choice on a byte board (whole
// searches where it applies run against an exhaustive one in pockets.test.ts).
import { describe, expect, it } from 'vitest';
import { walledInCell } from '../src/constrained-cell.js';
import { flatNeighbours } from '../src/split-board.js';
import { boxNeighbours } from '../src/wide-kernel.js';

/** A 3x3x2 box (cell = a + 3 * (b + 3 * c)) with the `covered` cells set, and its neighbour lists. */
function board(covered: number[]): { occupied: Uint8Array; nbStart: Int32Array; nb: Int32Array } {
  const [nbStart, nb] = flatNeighbours(boxNeighbours([3, 3, 2]));
  const occupied = new Uint8Array(18);
  for (const cell of covered) occupied[cell] = 1;
  return { occupied, nbStart, nb };
}

/** The cell chosen among `placements` (none: every cell fits as few, so the lowest of each kind wins). */
const choose = (covered: number[], placements: Array<{ kind: number; cells: number[] }> = []) => {
  const { occupied, nbStart, nb } = board(covered);
  const enabled = new Uint8Array(placements.length).fill(1);
  return walledInCell(nbStart, nb, placements, enabled)(occupied, occupied.indexOf(0));
};

describe('the cell a box search branches on', () => {
  it('is the first empty cell on an open board: no cell has fewer than three empty neighbours', () => {
    // Cell 0, a corner, has three; so has every corner, and no cell has fewer.
    expect(choose([])).toBe(0);
  });

  it('is the lowest cell with one empty neighbour, ahead of the first empty cell', () => {
    // Cell 2 (a = 2, b = 0, c = 0) keeps only cell 11 above it: 1 and 5 are covered.
    expect(choose([1, 5])).toBe(2);
    // Cell 0 (neighbours 1, 3, 9) is the first empty one and itself walled in to one: it wins.
    expect(choose([1, 3, 5])).toBe(0);
  });

  it('is the lowest end of a tunnel first: a cell with one empty neighbour, which has two', () => {
    // Cells 0, 2, 4, 6 and 8 keep one empty neighbour each. Those of 0 (9), 2 (11) and 4 (13) have
    // three or more; 6's (15: 6 and 12) and 8's (17: 8 and 14) have two, and 6 is the lower.
    expect(choose([1, 3, 5, 7, 16])).toBe(6);
  });

  it('is, of those, the one the fewest placements fit with its empty neighbours, not the lowest', () => {
    // Tunnel ends 6 (open only to 15) and 8 (open only to 17). Two tetracubes leave 6 through 15,
    // one leaves 8 through 17; one covers 8 from its covered side (7) as well, which cannot fit
    // there: counted, it would tie 8 with 6 and the lower would win.
    const through6 = [
      { kind: 0, cells: [6, 9, 12, 15] },
      { kind: 0, cells: [6, 15, 16, 17] },
    ];
    const through8 = [{ kind: 1, cells: [8, 11, 14, 17] }];
    const blocked8 = [{ kind: 1, cells: [4, 7, 8, 17] }];
    expect(choose([1, 3, 5, 7, 16], [...through6, ...through8])).toBe(8);
    expect(choose([1, 3, 5, 7, 16], [...through6, ...through8, ...blocked8])).toBe(8);
    expect(choose([1, 3, 5, 7, 16], [through6[0]!, ...through8])).toBe(6);
    // A disabled placement does not count: one each way, and the lower wins.
    const { occupied, nbStart, nb } = board([1, 3, 5, 7, 16]);
    const all = [...through6, ...through8];
    expect(walledInCell(nbStart, nb, all, Uint8Array.of(1, 0, 1))(occupied, 0)).toBe(6);
  });

  it('is the lowest cell with two empty neighbours when none has one', () => {
    // Cell 0 keeps 3 and 9; cell 2 keeps 5 and 11: both have two, and 0 is lower.
    expect(choose([1])).toBe(0);
    // Covering 2 and 4 leaves cell 0 (the first empty) three, cell 1 two (0 and 10), and 5 and 11 two: 1 wins.
    expect(choose([2, 4])).toBe(1);
  });

  it('skips a cell with no empty neighbour (the kernels never leave one) and covered cells', () => {
    // Cell 0 is walled in on all three sides; cell 2 keeps one (11).
    expect(choose([1, 3, 9, 5])).toBe(2);
  });
});
