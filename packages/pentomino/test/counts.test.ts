import { seedCounts } from './seed-counts.js';
import reference from '@kit/tooling/reference-counts.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { boardFromRows, pack, pentominoSet, seedBoard } from '../src/index.js';
import { prepare, runAll } from '../src/engine.js';
import { resolvePieces } from '../src/pack.js';
import { naiveCount } from './naive.js';

describe('seed boards, distinct solutions', () => {
  // The classic counts; 7 (7x9 without the centre line) is checked against --all below.
  it.each([3, 4, 5, 6, 7, 8])('size %i has its reference count', (size) => {
    expect(pack({ board: seedBoard(size) }).solutions).toBe(seedCounts(size).distinct);
  });

  it('draws the seed boards like the seed', () => {
    expect(seedBoard(7)).toEqual(['.........', '.........', '.........', '...###...', '.........', '.........', '.........']);
    expect(seedBoard(8)[3]).toBe('...##...');
    expect(seedBoard(3)).toEqual(['....................', '....................', '....................']);
  });

  it('counts every placement with all: 5x12 has 4040 = 4 x 1010', () => {
    expect(pack({ board: seedBoard(5), all: true }).solutions).toBe(reference.pentomino['5x12'].all);
  });

  it('verifies 7x9 minus the centre line independently: raw = |G| x distinct, and every method agrees', () => {
    // F is asymmetric and used once, so no packing is its own image: every orbit has |G| = 4 members.
    const board = seedBoard(7);
    const prepared = prepare(boardFromRows(board), pentominoSet(), { all: true });
    expect(prepared.problem.group).toHaveLength(4);
    expect(runAll(prepared).solutions).toBe(reference.pentomino['7x9'].all);
    for (const method of ['first', 'orient', 'canon'] as const) expect(pack({ board, method }).solutions).toBe(reference.pentomino['7x9'].distinct);
  });

  it('gives the same tries as a straight search under the reference pruning (6x10, X first)', () => {
    expect(pack({ board: seedBoard(6) }).tries).toBe(reference.pentomino['6x10'].tries);
  });

  it('agrees between the bitboard and the general kernel', () => {
    const board = boardFromRows(seedBoard(4));
    const fast = runAll(prepare(board, pentominoSet(), {}));
    const wide = runAll(prepare(board, pentominoSet(), { wide: true }));
    expect(wide).toEqual(fast);
    expect(fast.solutions).toBe(reference.pentomino['4x15'].distinct);
  });

  it('packs boards beyond 64 cells with the general kernel', () => {
    // 5x13 with thirteen I pieces: f(n) = f(n-1) + f(n-5) tilings (a column of uprights, or a 5x5
    // block of flat bars), f(13) = 20.
    const board = Array.from({ length: 5 }, () => '.'.repeat(13));
    expect(prepare(boardFromRows(board), resolvePieces('I'.repeat(13)), {}).wide).toBe(true);
    expect(pack({ board, pieces: 'I'.repeat(13), all: true }).solutions).toBe(20);
    const naive = naiveCount(board, resolvePieces('I'.repeat(13)).kinds);
    expect(naive.raw).toBe(20);
    expect(pack({ board, pieces: 'I'.repeat(13) }).solutions).toBe(naive.distinct);
  });

  it('stops at the limit', () => {
    const seen: string[][] = [];
    expect(pack({ board: seedBoard(6), limit: 3, onSolution: (rows) => seen.push(rows) }).solutions).toBe(3);
    expect(seen).toHaveLength(3);
    expect(seen[0]).toEqual(['LLXWWZZUUU', 'LXXXWWZUYU', 'LFXTNWZZYY', 'LFFTNNPPYV', 'FFTTTNPPYV', 'IIIIINPVVV']);
  });
});
