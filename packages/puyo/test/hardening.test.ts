// Issue 13's puyo cases: each failed before its fix.
import { solveInProcess } from '@kit/core/host';
import { describe, expect, it } from 'vitest';
import { parseField, parsePairs, plugin, simulate } from '../src/index.js';
import { MAX_PAIRS } from '../src/nazo.js';
import { parseInstance } from '../src/plugin.js';

describe('puyo inputs that passed though wrong', () => {
  it('an empty field that pops nothing is not an all clear', async () => {
    expect(simulate(parseField('......')).allClear).toBe(false);
    const done = await solveInProcess(plugin, parseInstance({}, { name: 'empty.txt', text: '......\n' }));
    expect(done.summary).toMatchObject({ chains: 0, score: 0, allClear: false });
    // A chain that empties the field still is one.
    expect(simulate(parseField('RRRR')).allClear).toBe(true);
  });

  it('14 garbage rows: a valid field to replay (nothing pops), refused as a chain puzzle (game over)', async () => {
    const text = 'OOOOOO\n'.repeat(14);
    const done = await solveInProcess(plugin, parseInstance({}, { name: 'garbage.txt', text }));
    expect(done.summary).toMatchObject({ chains: 0, score: 0, cleared: 0, allClear: false, puyop: null });
    expect(() => parseInstance({ nazo: true, pairs: 'RG', goal: 'chains>=1' }, { name: 'garbage.txt', text })).toThrow(
      'the field is already game over: column 3 is filled to row 12, so no pair can be placed',
    );
  });

  it('more pairs than a search can finish are refused up front, with the limit and the reason', () => {
    const many = (n: number) => Array.from({ length: n }, () => 'RG').join(',');
    expect(parsePairs(many(MAX_PAIRS))).toHaveLength(MAX_PAIRS);
    for (const n of [MAX_PAIRS + 1, 33_001, 100_000]) {
      expect(() => parsePairs(many(n))).toThrow(
        `--pairs: ${n} pairs; a chain puzzle has at most 16: the search tries up to 22 placements a pair, and 22^16 sequences already cannot finish`,
      );
    }
    // A link's pairs too (two characters a pair).
    expect(() => parseInstance({ nazo: true, url: `https://puyop.com/s/_${'c1'.repeat(17)}__u02` })).toThrow(
      'nazo link: 17 pairs; a chain puzzle has at most 16',
    );
  });
});
