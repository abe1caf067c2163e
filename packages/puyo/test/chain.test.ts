import { describe, expect, it } from 'vitest';
import { parseField, simulate } from '../src/index.js';
import { readFixture, run } from './helpers.js';

describe('chain simulation (exact Tsu rules)', () => {
  it('a plain 4-group: 1 chain, 40 points, all clear', () => {
    const result = run('RRRR..');
    expect(result).toMatchObject({ chains: 1, score: 40, cleared: 4, allClear: true, garbage: 0 });
    expect(result.breakdown[0]).toEqual({
      chain: 1,
      popped: 4,
      groups: [{ colour: 'R', size: 4 }],
      colours: ['R'],
      chainPower: 0,
      colourBonus: 0,
      groupBonus: 0,
      multiplier: 1,
      score: 40,
      garbageCleared: 0,
    });
  });

  it('5+ groups score their group bonus', () => {
    expect(run('RRRRR.').score).toBe(10 * 5 * 2);
    expect(run('R.....', 'RRRRRR').score).toBe(10 * 7 * 4);
    const twelve = run('RRRRRR', 'RRRRRR');
    expect(twelve.breakdown[0]).toMatchObject({ popped: 12, groupBonus: 10, multiplier: 10, score: 1200 });
  });

  it('two colours popping in one step add the colour bonus', () => {
    const result = run('GGGG..', 'RRRR..');
    expect(result.chains).toBe(1);
    expect(result.breakdown[0]).toMatchObject({
      popped: 8,
      colours: ['R', 'G'],
      colourBonus: 3,
      groupBonus: 0,
      multiplier: 3,
      score: 240,
      groups: [
        { colour: 'R', size: 4 },
        { colour: 'G', size: 4 },
      ],
    });
  });

  it('two groups of one colour in one step sum their group bonuses', () => {
    const result = run('RRRRR.', 'GGGGGG', 'RRRRRR');
    // Bottom R row (6) and top R row (5) are apart: 11 R in two groups, plus 6 G.
    expect(result.breakdown[0]).toMatchObject({ popped: 17, colourBonus: 3, groupBonus: 3 + 2 + 3, multiplier: 11, score: 1870 });
  });

  it('row 13 never joins a group: the waiting puyo makes a second chain', () => {
    const result = run(
      'R.....', // row 13
      'RRR...', // row 12: three R, the fourth waits in row 13
      'PGY...',
      'YPG...',
      'GYP...',
      'PGY...',
      'YPG...',
      'GYP...',
      'PGY...',
      'YPG...',
      'GYP...',
      'PGY...',
      'BBBB..', // row 1
    );
    expect(result.chains).toBe(2);
    expect(result.breakdown.map((s) => [s.groups, s.score])).toEqual([
      [[{ colour: 'B', size: 4 }], 40],
      [[{ colour: 'R', size: 4 }], 320],
    ]);
    expect(result.score).toBe(360);
    expect(result.allClear).toBe(false);
  });

  it('garbage next to a pop clears and never scores; garbage out of reach stays', () => {
    const result = run('O...O.', 'RRRROO');
    expect(result.breakdown[0]).toMatchObject({ popped: 4, score: 40, garbageCleared: 2 });
    expect(result.cleared).toBe(4);
    expect(result.field.rows.slice(-2)).toEqual(['......', '....OO']);
  });

  it('garbage in row 13 is out of reach even above a pop in row 12', () => {
    const result = run('O.....', 'R.....', 'R.....', 'R.....', 'R.....', 'G.....', 'Y.....', 'G.....', 'Y.....', 'G.....', 'Y.....', 'G.....', 'Y.....');
    expect(result.breakdown[0]).toMatchObject({ popped: 4, garbageCleared: 0 });
    expect(result.field.rows.slice(-9)).toEqual(['O.....', 'G.....', 'Y.....', 'G.....', 'Y.....', 'G.....', 'Y.....', 'G.....', 'Y.....']);
  });

  it('row 14 stays put: it neither falls nor pops', () => {
    const rows = [
      'P.....', // row 14
      'B.....', // row 13
      ...Array.from({ length: 11 }, (_, i) => (i % 2 === 0 ? 'G.....' : 'Y.....')),
      'RRRR..', // row 1
    ];
    const result = simulate(parseField(rows.join('\n')));
    expect(result.chains).toBe(1);
    expect(result.field.rows[0]).toBe('P.....');
    expect(result.field.rows[1]).toBe('......');
    expect(result.field.rows[2]).toBe('B.....');
    const lonely = run('YYYY..', ...Array.from({ length: 12 }, () => ''), 'RRRR..');
    expect(lonely).toMatchObject({ chains: 1, score: 40, allClear: true });
    expect(lonely.field.rows[0]).toBe('YYYY..');
  });

  it('an all clear after a 2-chain', () => {
    const result = run('R.....', 'G.....', 'GR....', 'GGRR..');
    expect(result).toMatchObject({ chains: 2, score: 360, cleared: 8, allClear: true });
  });

  it("the seed's seq19.dat: 19 chains, 175,080 points, all clear", () => {
    const result = simulate(parseField(readFixture('seq19.dat')));
    expect(result).toMatchObject({ chains: 19, score: 175080, cleared: 76, allClear: true, garbage: 2501 });
    expect(result.breakdown.map((s) => s.score)).toEqual([
      40, 320, 640, 1280, 2560, 3840, 5120, 6400, 7680, 8960, 10240, 11520, 12800, 14080, 15360, 16640, 17920, 19200, 20480,
    ]);
  });

  it('nothing to pop: 0 chains, 0 points', () => {
    expect(run('RGBY..', 'RGBY..', 'RGBY..')).toMatchObject({ chains: 0, score: 0, cleared: 0, allClear: false, breakdown: [] });
  });

  it('a floating input settles before anything pops', () => {
    const events: string[] = [];
    const result = simulate(parseField('RR....\n......\nRR....'), (kind, _grid, _step, moved) => events.push(`${kind}${moved || ''}`));
    expect(result).toMatchObject({ chains: 1, score: 40, allClear: true });
    expect(events).toEqual(['gravity2', 'pop']);
  });
});
