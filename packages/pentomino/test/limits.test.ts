// Sizes past what a short test of the seed boards reaches: huge pieces, tens of thousands of pieces,
// and tables too big to hold, refused before any work.
import type { Coord } from '@kit/grid';
import { describe, expect, it } from 'vitest';
import { pack } from '../src/index.js';
import { MAX_PLACEMENT_CELLS } from '../src/limits.js';
import { solver } from '../src/solver.js';
import type { PackingInstance } from '../src/instance.js';
import type { PieceSet } from '../src/pieces.js';

const rectangle = (rows: number, cols: number): Coord[] => Array.from({ length: rows * cols }, (_, i) => ({ row: Math.floor(i / cols), col: i % cols }));

describe('sizes the search handles', () => {
  it('one 2x70000 piece fills a 2x70000 board (more cells than a spread of arguments can pass)', () => {
    const board = Array.from({ length: 2 }, () => '.'.repeat(70_000));
    expect(pack({ board, pieces: { kinds: [{ name: 'A', shape: rectangle(2, 70_000), count: 1 }] } })).toEqual({ solutions: 1, tries: 1 });
  });

  it('30000 I pentominoes fill a 1x150000 row (more levels than the call stack has frames)', () => {
    expect(pack({ board: ['.'.repeat(150_000)], pieces: 'I'.repeat(30_000) })).toEqual({ solutions: 1, tries: 30_000 });
  });

  it('one 400x400 piece on a 400x400 board splits for threads (160000 first cells, past a spread of arguments)', () => {
    const board = Array.from({ length: 400 }, () => '.'.repeat(400));
    const instance: PackingInstance = {
      board,
      pieces: { kinds: [{ name: 'A', shape: rectangle(400, 400), count: 1 }] } as PieceSet,
      all: false,
      name: '400x400',
    };
    const split = solver.split!(instance, 2);
    expect(split?.tasks).toBe(1);
  });
});

describe('sizes the search refuses up front', () => {
  it('the twelve pentominoes 1500 times each on a 300x300 board: a placement table too big to list', () => {
    // Per kind, cells x 4 x (places as drawn + places turned): 3x3 boxes 298*298 each way, 4x2 boxes
    // 297*299, 3x2 boxes 298*299, 5x1 296*300. Summed over F T V W X Z, L N Y, P U and I: 42649480.
    const board = Array.from({ length: 300 }, () => '.'.repeat(300));
    expect(() => pack({ board, pieces: 'FILNPTUVWXYZ'.repeat(1500) })).toThrow(
      `too big to search: every place the pieces fit on this 300x300 board could take up to 42649480 cells to list (at most ${MAX_PLACEMENT_CELLS}); use fewer kinds of piece, larger pieces or a smaller board`,
    );
  });

  it('a board whose cells times kinds of piece is past the bucket table', () => {
    // 2000 kinds of X (5 cells each) cover a 2x5000 board's 10000 cells; an X fits nowhere on two
    // rows, so the placement table is empty, but the buckets by first cell and kind need 10000 x 2000.
    const x = [
      { row: 0, col: 1 },
      { row: 1, col: 0 },
      { row: 1, col: 1 },
      { row: 1, col: 2 },
      { row: 2, col: 1 },
    ];
    const kinds = Array.from({ length: 2000 }, (_, i) => ({ name: String.fromCharCode(0x4e00 + i), shape: x, count: 1 }));
    const board = Array.from({ length: 2 }, () => '.'.repeat(5000));
    expect(() => pack({ board, pieces: { kinds } })).toThrow(
      'too big to search: a 2x5000 board with 2000 kinds of piece needs 20000000 table entries (at most 16777216); use fewer kinds or a smaller board',
    );
  });
});
