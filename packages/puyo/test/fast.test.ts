import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boardAllClear, boardFromGrid, createResult, fieldFromGrid, gridFromBoard, gridFromField, parseField, simulate,
  simulateBoard, type PuyoField,
} from '../src/index.js';
import { readFixture } from './helpers.js';

/** Fast and plain simulators on one field: chain for chain, point for point, and the field left behind. */
function compare(field: PuyoField) {
  const plain = simulate(field);
  const board = boardFromGrid(gridFromField(field));
  const fast = createResult();
  simulateBoard(board, fast);
  expect(fast.chains).toBe(plain.chains);
  expect(Array.from(fast.stepScores.subarray(0, fast.chains))).toEqual(plain.breakdown.map((s) => s.score));
  expect(fast.score).toBe(plain.score);
  expect(fast.cleared).toBe(plain.cleared);
  expect(boardAllClear(board)).toBe(plain.allClear);
  expect(fieldFromGrid(gridFromBoard(board))).toEqual(plain.field);
  return plain.chains;
}

const rowsOf = (cells: string[]) => Array.from({ length: 14 }, (_, r) => cells.slice(r * 6, r * 6 + 6).join(''));

/** Any cells anywhere: floating puyos, garbage, rows 13 and 14. */
const scattered = fc
  .array(fc.constantFrom('.', '.', '.', 'R', 'G', 'B', 'Y', 'P', 'O'), { minLength: 84, maxLength: 84 })
  .map((cells) => ({ rows: rowsOf(cells) }));

/** Settled stacks of few colours, which chain often; some garbage and an occasional row-14 puyo. */
const stacked = fc
  .tuple(
    fc.array(fc.tuple(fc.integer({ min: 0, max: 13 }), fc.array(fc.constantFrom('R', 'G', 'B', 'Y', 'R', 'G', 'B', 'Y', 'O'), { minLength: 13, maxLength: 13 })), { minLength: 6, maxLength: 6 }),
    fc.array(fc.constantFrom('.', '.', '.', '.', 'R', 'O'), { minLength: 6, maxLength: 6 }),
  )
  .map(([columns, top]) => {
    const cells: string[] = new Array(84).fill('.');
    columns.forEach(([height, colours], x) => {
      for (let row = 1; row <= height; row++) cells[(14 - row) * 6 + x] = colours[row - 1]!;
    });
    top.forEach((cell, x) => (cells[x] = cell));
    return { rows: rowsOf(cells) };
  });

describe('fast bitboard simulator against the plain one', () => {
  it('agrees on the 19-chain', () => {
    expect(compare(parseField(readFixture('seq19.dat')))).toBe(19);
  });

  it('agrees when one colour pops as two groups with a gap between them in each column', () => {
    const field = parseField('RRRR..\nGBGB..\nRRRR..');
    expect(compare(field)).toBe(1);
    expect(simulate(field)).toMatchObject({ score: 80, field: { rows: [...Array(13).fill('......'), 'GBGB..'] } });
  });

  it('agrees on thousands of scattered random fields', () => {
    fc.assert(fc.property(scattered, (field) => void compare(field)), { numRuns: 3000 });
  });

  it('agrees on thousands of random stacks (long chains, garbage, row 14)', () => {
    let chained = 0;
    fc.assert(
      fc.property(stacked, (field) => {
        if (compare(field) >= 2) chained++;
      }),
      { numRuns: 3000 },
    );
    // The generator must really exercise chains, not only single pops.
    expect(chained).toBeGreaterThan(300);
  });
});
