import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Goal, decodeNazoLink, decodeShareString, nazoLinkUrl, parseField, parseGoal } from '../src/index.js';
import { decodeGoalCode, encodeGoalCode } from '../src/goal.js';
import { decodeNexus } from '../src/share.js';
import { describeGoal } from '../src/nazo.js';
import { parseInstance } from '../src/plugin.js';
import { errorOf } from './helpers.js';

const ISSUE_LINK = 'https://puyop.com/s/x00900z00A40j1gr29h1hi9i_c1c1__u02';

describe('nazo links', () => {
  it('reads the field, the pairs and the goal of a pasted puzzle, and writes the same link back', () => {
    const link = decodeNazoLink(ISSUE_LINK);
    expect(link.pairs).toEqual([
      { axis: 'R', child: 'G' },
      { axis: 'R', child: 'G' },
    ]);
    expect(link.goal).toEqual({ main: { kind: 'chains', colour: 'all', n: 2, exact: true } });
    expect(describeGoal(link.goal!)).toBe('chains=2');
    expect(link.field).toEqual(decodeShareString('x00900z00A40j1gr29h1hi9i'));
    expect(nazoLinkUrl(link.field, link.pairs, link.goal)).toBe(ISSUE_LINK);
  });

  it('ignores the placements of an answer link, reads ishikawapuyo.net and ips.karou.jp links too', () => {
    expect(decodeNazoLink('https://puyop.com/s/x00900z00A40j1gr29h1hi9i_cace__u02')).toEqual(decodeNazoLink(ISSUE_LINK));
    expect(decodeNazoLink('https://ishikawapuyo.net/simu/pn.html?x00900z00A40j1gr29h1hi9i_c1c1__u02')).toEqual(decodeNazoLink(ISSUE_LINK));
    expect(decodeNazoLink('http://ips.karou.jp/simu/pn.html?x00900z00A40j1gr29h1hi9i_c1c1__u02')).toEqual(decodeNazoLink(ISSUE_LINK));
  });

  it("reads the pairs of puyop.com replay links (puyoai's encoder) when the link has no goal", () => {
    // puyoai.rs's test: RB, YY, GY, YB placed at (1, down), (2, right), (4, down), (3, right).
    expect(decodeNazoLink('http://www.puyop.com/s/_2cii8Ahq').pairs.map((p) => p.axis + p.child)).toEqual(['RB', 'YY', 'GY', 'YB']);
    const second = decodeNazoLink('http://www.puyop.com/s/81iykz_2mic8ohQ');
    expect(second.field).toEqual(decodeShareString('81iykz'));
    expect(second.pairs.map((p) => p.axis + p.child)).toEqual(['RB', 'YY', 'GY', 'YB']);
    // A replay link is still just a field without --nazo, and with --nazo --pairs its moves are not read.
    expect(parseInstance({ url: 'http://www.puyop.com/s/420Aa9r9hj_0a1b' }).mode).toBe('replay');
    expect(parseInstance({ nazo: true, url: 'http://www.puyop.com/s/420Aa9r9hj_0a1b', pairs: 'RG', goal: 'chains>=1' }).pairs).toEqual([
      { axis: 'R', child: 'G' },
    ]);
    expect(errorOf(() => parseInstance({ nazo: true, url: 'http://www.puyop.com/s/420Aa9r9hj_0a1b', goal: 'chains>=1' }))).toBe(
      'nazo link pairs: "1" at character 3 is not a pair of R G B Y P',
    );
  });

  it('the plugin takes the link alone with --nazo; flags win over what the link carries', () => {
    const instance = parseInstance({ nazo: true, url: ISSUE_LINK });
    expect(instance).toMatchObject({
      mode: 'nazo',
      pairs: [
        { axis: 'R', child: 'G' },
        { axis: 'R', child: 'G' },
      ],
      goal: { main: { n: 2, exact: true } },
    });
    expect(parseInstance({ nazo: true, url: ISSUE_LINK, goal: 'chains>=3', pairs: 'GG' })).toMatchObject({
      pairs: [{ axis: 'G', child: 'G' }],
      goal: { main: { n: 3, exact: false } },
    });
    expect(parseInstance({ url: ISSUE_LINK })).toEqual({ mode: 'replay', field: decodeShareString('x00900z00A40j1gr29h1hi9i') });
    expect(parseInstance({ nazo: true, url: ISSUE_LINK, pairs: 'RG' }).goal).toEqual({ main: { kind: 'chains', colour: 'all', n: 2, exact: true } });
    expect(() => parseInstance({ nazo: true, url: 'https://puyop.com/s/x00900z00A40j1gr29h1hi9i_c1c1' })).toThrow(
      '--nazo needs --goal (e.g. chains=2, chains>=3, clear:R, all-clear) or a nazo link with a goal (..._PAIRS__u02)',
    );
  });

  it('round-trips random puzzles: field, pairs and goal through write and read', () => {
    const cell = fc.constantFrom('.', 'R', 'G', 'B', 'Y', 'P', 'O');
    const goals = fc.oneof(
      fc.record({
        main: fc.record({
          kind: fc.constantFrom('chains', 'colours', 'total-colours'),
          colour: fc.constant('all'),
          n: fc.integer({ min: 1, max: 63 }),
          exact: fc.boolean(),
        }),
      }),
      fc.record({
        main: fc.record({
          kind: fc.constantFrom('puyos', 'total-puyos', 'groups', 'connected'),
          colour: fc.constantFrom('all', 'R', 'G', 'B', 'Y', 'P', 'colours'),
          n: fc.integer({ min: 1, max: 63 }),
          exact: fc.boolean(),
        }),
      }),
      fc.record({ clear: fc.constantFrom('all', 'R', 'G', 'B', 'Y', 'P', 'O', 'colours') }),
      fc.record({
        main: fc.record({ kind: fc.constant('chains'), colour: fc.constant('all'), n: fc.integer({ min: 1, max: 63 }), exact: fc.boolean() }),
        clear: fc.constantFrom('all', 'R', 'G', 'B', 'Y', 'P', 'O', 'colours'),
      }),
    ) as fc.Arbitrary<Goal>;
    fc.assert(
      fc.property(
        fc.array(
          fc.array(cell, { minLength: 6, maxLength: 6 }).map((r) => r.join('')),
          { minLength: 13, maxLength: 13 },
        ),
        fc.array(
          fc.tuple(fc.constantFrom(...'RGBYP'), fc.constantFrom(...'RGBYP')).map(([axis, child]) => ({ axis, child })),
          { minLength: 1, maxLength: 16 },
        ),
        goals,
        (rows, pairs, goal) => {
          const field = { rows: ['......', ...rows] };
          const url = nazoLinkUrl(field, pairs, goal);
          expect(decodeNazoLink(url)).toEqual({ field, pairs, goal });
          // The readable syntax round-trips too.
          expect(parseGoal(describeGoal(goal))).toEqual(goal);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('every goal code the links carry: kind letter, colour digit, n', () => {
    const codes: [string, string][] = [
      ['u02', 'chains=2'],
      ['v03', 'chains>=3'],
      ['w15', 'chains=5+clear:R'],
      ['x04', 'chains>=4+clear'],
      ['200', 'clear'],
      ['230', 'clear:B'],
      ['260', 'clear:O'],
      ['270', 'clear:colours'],
      ['E03', 'colours=3'],
      ['F02', 'colours>=2'],
      ['G1a', 'puyos:R=10'],
      ['H0c', 'puyos>=12'],
      ['G7k', 'puyos:colours=20'],
      ['I22', 'groups:G=2'],
      ['J02', 'groups>=2'],
      ['Q48', 'connected:Y=8'],
      ['R0b', 'connected>=11'],
      ['a03', 'total-colours=3'],
      ['b04', 'total-colours>=4'],
      ['c5g', 'total-puyos:P=16'],
      ['d6z', 'total-puyos:O>=35'],
    ];
    for (const [code, readable] of codes) {
      expect(describeGoal(decodeGoalCode(code))).toBe(readable);
      expect(encodeGoalCode(parseGoal(readable))).toBe(code);
    }
    expect(errorOf(() => decodeGoalCode('z02'))).toBe(
      'nazo link goal "z02": unknown kind "z"; known codes: 2 (clear), u/v (chains), w/x (chains and clear), E/F (colours), G/H (puyos), I/J (groups), Q/R (connected), a/b (total colours), c/d (total puyos)',
    );
    expect(errorOf(() => decodeGoalCode('u92'))).toBe('nazo link goal "u92": colour digit "9" is not 0-7');
    expect(errorOf(() => decodeNazoLink('https://puyop.com/s/_c1c__u02'))).toBe('nazo link pairs "c1c": two characters a pair (pair, placement)');
    expect(errorOf(() => decodeNazoLink('https://puyop.com/s/_d1__u02'))).toBe('nazo link pairs: "d" at character 1 is not a pair of R G B Y P');
  });
});

describe('share strings: bare values, empty links (issue 13)', () => {
  it("a 4-character goal (puyo2's lists: H0ml, u0g6) is refused naming what the first three read; --goal solves it", () => {
    const link = 'https://puyop.com/s/M0pzspzcpxcAsrzsz_u1u1o1u161__H0ml';
    expect(() => decodeGoalCode('H0ml')).toThrow(
      'nazo link goal "H0ml": a 4th goal character, whose meaning is not known; the first three read puyos>=22: give --goal \'puyos>=22\' to solve the puzzle that way',
    );
    expect(errorOf(() => decodeGoalCode('u0g6'))).toContain("the first three read chains=16: give --goal 'chains=16'");
    expect(errorOf(() => parseInstance({ nazo: true, url: link }))).toContain('a 4th goal character');
    const instance = parseInstance({ nazo: true, url: link, goal: 'puyos>=22' }) as { pairs: unknown[]; goal: Goal };
    expect(instance.goal).toEqual(parseGoal('puyos>=22'));
    expect(instance.pairs).toHaveLength(5);
    // Five characters are no goal at all, nor is a 4th character outside the link's digits.
    expect(errorOf(() => decodeGoalCode('H0mll'))).toContain('a goal is 3 characters');
    expect(errorOf(() => decodeGoalCode('H0m_'))).toContain('a goal is 3 characters');
  });

  it('a bare value is read by the format its characters allow', () => {
    // 7 is not a puyop.com cell code, so this can only be a Puyo Nexus chain.
    expect(decodeShareString('47650054765054765554765')).toEqual(decodeNexus('chain=47650054765054765554765'));
    expect(decodeShareString('47650054765054765554765').rows[13]).toBe('BBRGYB'); // the last six: 554765
    expect(decodeShareString('420Aa9r9hj')).toEqual(parseField('.....Y\n.G..YY\nRGRRBB\nRRGRGB'));
  });

  it('refuses a bare value both formats read, naming both', () => {
    // "4444": four reds in Puyo Nexus, 8 cells of yellow and empty on puyop.com.
    expect(errorOf(() => decodeShareString('4444'))).toBe(
      '"4444" reads both as a puyop.com field string and as a Puyo Nexus chain: paste the whole link (https://puyop.com/s/... or https://puyonexus.com/chainsim/?chain=...)',
    );
    expect(errorOf(() => decodeShareString('42!'))).toBe(
      '"42!" is neither a puyop.com field string (0-9 a-z A-Z [ ]) nor a Puyo Nexus chain (0-8): unexpected "!" at character 3',
    );
  });

  it('empty links are errors', () => {
    expect(errorOf(() => decodeShareString('https://puyop.com/s/'))).toBe('the puyop.com link is empty: it has no field, pairs or goal after its path');
    expect(errorOf(() => decodeShareString('https://puyonexus.com/chainsim/?chain='))).toBe('the Puyo Nexus link is empty: chain= holds no field');
    expect(errorOf(() => parseInstance({ url: 'https://puyop.com/s/' }))).toBe('the puyop.com link is empty: it has no field, pairs or goal after its path');
  });
});
