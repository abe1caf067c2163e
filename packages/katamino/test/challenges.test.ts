import { pack } from '@kit/pentomino/packing';
import { describe, expect, it } from 'vitest';
import { CHALLENGES, challengePentas, playChallenge } from '../src/index.js';

describe('the booklet challenges', () => {
  it('lists each row as boards of growing width, starting where the booklet starts', () => {
    expect(challengePentas('small-slam:a').map((p) => `${p.width}:${p.pieces}`)).toEqual(['3:LYT', '4:LYTP', '5:LYTPW', '6:LYTPWZ', '7:LYTPWZV', '8:LYTPWZVN']);
    expect(challengePentas('small-slam')).toHaveLength(42);
    expect(challengePentas('slam')).toHaveLength(14 * 5);
    expect(challengePentas('ultimate')).toHaveLength(11 * 8);
  });

  it('names each piece at most once in a row', () => {
    for (const challenge of CHALLENGES) {
      for (const letters of Object.values(challenge.rows)) expect(new Set(letters).size).toBe(letters.length);
    }
  });

  it('can fill every board of the Small Slam, with the counts of the pentomino engine', () => {
    const results = playChallenge('small-slam');
    for (const result of results) {
      const board = Array.from({ length: 5 }, () => '.'.repeat(result.width));
      expect([result.row, result.pieces, result.count]).toEqual([result.row, result.pieces, pack({ board, pieces: result.pieces }).solutions]);
      expect(result.count).toBeGreaterThan(0);
    }
    expect(results.filter((r) => r.row === 'A').map((r) => r.count)).toEqual([1, 1, 1, 1, 1, 10]);
  });

  it('can fill every board of The Slam and of the Ultimate challenge (I lying flat)', () => {
    for (const spec of ['slam', 'ultimate']) {
      const unsolvable = playChallenge(spec)
        .filter((r) => r.count === 0)
        .map((r) => `${r.row}${r.width}`);
      expect([spec, unsolvable]).toEqual([spec, []]);
    }
  });

  it('rejects unknown challenges and rows in one line', () => {
    expect(() => challengePentas('grand-slam')).toThrow('unknown challenge "grand-slam" (choose from small-slam, slam, ultimate, optionally with :ROW)');
    expect(() => challengePentas('ultimate:I')).toThrow('challenge ultimate has no row "I" (rows ABCDEFGHJKL)');
    expect(() => challengePentas('small-slam:')).toThrow("challenge small-slam: the row after ':' is empty (rows ABCDEFG, or leave out ':' for every row)");
    expect(() => challengePentas('slam: ')).toThrow("challenge slam: the row after ':' is empty");
  });
});
