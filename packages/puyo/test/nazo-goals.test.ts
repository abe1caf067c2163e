// Every goal kind on hand-made puzzles: the kit's answers, exactly, and the same list from the
// independent enumerator in brute-force.ts; then the movement rules and game over.
import { solveAll } from '@kit/core/host';
import { runInWorkers } from '@kit/core/node';
import { describe, expect, it } from 'vitest';
import { type NazoSolution, type PuyoField, decodeShareString, parseField, plugin } from '../src/index.js';
import { parseInstance } from '../src/plugin.js';
import { placementReachable, reachableColumns } from '../src/reach.js';
import { bruteNazo } from './brute-nazo.js';

const ISSUE_LINK = 'https://puyop.com/s/x00900z00A40j1gr29h1hi9i_c1c1__u02';

async function answers(field: string, pairs: string, goal: string): Promise<string[]> {
  const link = field.startsWith('https://');
  const instance = parseInstance({ nazo: true, pairs, goal, all: true, ...(link ? { url: field } : {}) }, link ? undefined : { name: 'p.txt', text: field });
  const { solutions, done } = await solveAll(plugin, instance);
  const found = (solutions as NazoSolution[]).map((s) => s.notation);
  const start: PuyoField = link ? decodeShareString(field) : parseField(field);
  expect(found).toEqual(bruteNazo(start, pairs.split(','), goal));
  expect(done.summary.solutions).toBe(found.length);
  return found;
}

describe('goal kinds, each against the brute force', () => {
  it("chains=N (exactly) and chains>=N (or more) on the issue's puzzle: the peer's 2 answers", async () => {
    expect(await answers(ISSUE_LINK, 'RG,RG', 'chains=2')).toEqual(['RG 6up, RG 2right', 'RG 6left, RG 2right']);
    const more = await answers(ISSUE_LINK, 'RG,RG', 'chains>=2');
    expect(more).toHaveLength(104);
    // "Or more" ends the puzzle at the first pair when it chains 3: those answers use one pair.
    expect(more.filter((a) => !a.includes(',')).length).toBeGreaterThan(0);
  });

  it('clear (all clear) and clear:B', async () => {
    const allClear = ['RR 1up', 'RR 2up', 'RR 3up', 'RR 4up', 'RR 1right', 'RR 2right', 'RR 3right', 'RR 4right'];
    expect(await answers('RRR...', 'RR', 'clear')).toEqual(allClear);
    expect(await answers('RRR...', 'RR', 'all-clear')).toEqual(allClear);
    expect(await answers('BBB...\nRRRY..', 'BY', 'clear:B')).toEqual([
      'BY 1up',
      'BY 2up',
      'BY 3up',
      'BY 4up',
      'BY 1right',
      'BY 2right',
      'BY 3right',
      'BY 4right',
      'BY 2left',
      'BY 3left',
      'BY 4left',
    ]);
  });

  it('colours=N at once, and colours>=N', async () => {
    expect(await answers('RRRGGG', 'RG', 'colours=2')).toEqual(['RG 3right']);
    expect(await answers('RRRGGG', 'RG', 'colours>=1')).toHaveLength(15);
  });

  it('puyos of a colour at once (garbage counts for all and O)', async () => {
    const six = ['RR 1up', 'RR 2up', 'RR 3up', 'RR 1right', 'RR 2right', 'RR 3right'];
    expect(await answers('RRRO..', 'RR', 'puyos:R=5')).toEqual(six);
    expect(await answers('RRRO..', 'RR', 'puyos:O>=1')).toEqual(six);
    expect(await answers('RRRO..', 'RR', 'puyos=5')).toEqual([]); // 5 R and the garbage: 6
    expect(await answers('RRR...\nOGGG..', 'RG', 'puyos=5')).toHaveLength(13);
  });

  it('groups (places) at once', async () => {
    expect(await answers('RRRGGG', 'RG', 'groups=2')).toEqual(['RG 3right']);
    expect(await answers('RRRGGG', 'RG', 'groups:G>=1')).toEqual([
      'RG 3up',
      'RG 2right',
      'RG 3right',
      'RG 4right',
      'RG 5right',
      'RG 4down',
      'RG 5down',
      'RG 6down',
      'RG 5left',
      'RG 6left',
    ]);
  });

  it('connected: one group of N (or more)', async () => {
    expect(await answers('RRR...', 'RR', 'connected:R=5')).toHaveLength(8);
    expect(await answers('RRR...', 'RR', 'connected:R=4')).toEqual([]);
    expect(await answers('RRR...\nOGGG..', 'RG', 'connected>=4')).toHaveLength(15);
  });

  it('total colours and total puyos over the moves', async () => {
    expect(await answers('GG....\nRR....', 'RR,GG', 'total-colours=2')).toHaveLength(19);
    expect(await answers('GG....\nRR....', 'RR,GG', 'total-puyos:R>=4')).toEqual([
      'RR 1up, GG 2up',
      'RR 1up, GG 3up',
      'RR 2up, GG 1up',
      'RR 2up, GG 3up',
      'RR 3up',
      'RR 1right, GG 3up',
      'RR 2right, GG 1up',
      'RR 2right, GG 3up',
      'RR 3right',
    ]);
  });

  it('chains and clear together', async () => {
    const two = 'R.....\nG.....\nG.....\nGRRR..';
    expect(await answers(two, 'GY', 'chains=2+clear:G')).toEqual(['GY 2up', 'GY 2right', 'GY 2down', 'GY 2left']);
    expect(await answers(two, 'GY', 'chains>=2+clear')).toEqual([]); // the Y stays
  });
});

describe('Tsu movement rules and game over', () => {
  it('a column of height 12 cuts off the columns beyond it; 13 always does', () => {
    // The issue's field: heights 13,12,2,3,3,3: columns 1 and 2 cannot be reached.
    expect(reachableColumns([13, 12, 2, 3, 3, 3])).toBe(0b111100);
    const open = reachableColumns([13, 12, 2, 3, 3, 3]);
    expect(placementReachable(open, [13, 12, 2, 3, 3, 3], 2, 1, 3)).toBe(false); // BG 3left
    // Climbing: a reachable column of height 11, or columns 2 and 4 both 12, opens every column but those behind a 13.
    expect(reachableColumns([12, 2, 11, 2, 2, 2])).toBe(0b111111);
    expect(reachableColumns([2, 12, 2, 12, 2, 2])).toBe(0b111111);
    expect(reachableColumns([2, 13, 11, 2, 2, 2])).toBe(0b111100);
    // "Down" on a column of height 12 would put the axis above row 13.
    expect(placementReachable(0b111111, [2, 2, 2, 2, 12, 2], 4, 4, 2)).toBe(false);
    expect(placementReachable(0b111111, [2, 2, 2, 2, 12, 2], 4, 4, 0)).toBe(true);
  });

  it('a puzzle whose only answers lie beyond a tall column has none, until a column lets the pair climb', async () => {
    const blocked = '...O..\n'.repeat(9) + '...O.R\n'.repeat(3);
    expect(await answers(blocked, 'RR', 'chains>=1')).toEqual([]);
    const climb = `...O..\n${'.O.O..\n'.repeat(8)}${'.O.O.R\n'.repeat(3)}`;
    expect(await answers(climb, 'RR', 'chains>=1')).toEqual(['RR 5up', 'RR 6up', 'RR 4right', 'RR 5right']);
  });

  it('no move after game over: column 3 filled to row 12 ends the search', async () => {
    const field = `${'..O...\n'.repeat(8)}R.O...\nR.O...`;
    const found = await answers(field, 'GG,RR', 'chains>=1');
    expect(found).toHaveLength(25);
    expect(found.some((a) => a.startsWith('GG 3up'))).toBe(false);
    expect(found.filter((a) => a.startsWith('GG 3right'))).toEqual(['GG 3right, RR 1up', 'GG 3right, RR 2up', 'GG 3right, RR 1right']);
  });
});

describe('split over workers', () => {
  const PLUGIN_URL = new URL('../dist/plugin.js', import.meta.url).href;
  // A search of 929,118 placements (puyo2's lists, level 4): past ONE_THREAD_PLACEMENTS, so it splits.
  const BIG_LINK = 'https://puyop.com/s/400j04y0jy09a0jx_21q16101G1__u07';
  async function inWorkers(threads: number, all: boolean, url = BIG_LINK, goal?: string) {
    const solutions: string[] = [];
    const done = await runInWorkers({
      moduleUrl: PLUGIN_URL,
      pluginId: 'puyo',
      instance: parseInstance({ nazo: true, url, ...(goal ? { goal } : {}), all }),
      threads,
      onEvent: (event) => {
        if (event.type === 'solution') solutions.push((event.solution as NazoSolution).notation);
      },
    });
    return { summary: done.summary, stats: done.stats, solutions };
  }

  it('2 threads give the answers, order, tries and best of 1', async () => {
    for (const all of [true, false]) {
      const [one, two] = [await inWorkers(1, all), await inWorkers(2, all)];
      expect(one.summary).toMatchObject({ solutions: 10, tries: 929118 });
      expect(two.summary).toEqual(one.summary);
      expect(two.solutions).toEqual(one.solutions);
      expect(two.solutions).toHaveLength(all ? 10 : 1);
      expect(two.stats.tasksTotal).toBeGreaterThan(2);
    }
  }, 60_000);

  it('a small search runs whole in one thread even when 2 are given', async () => {
    const [one, two] = [await inWorkers(1, true, ISSUE_LINK, 'chains>=2'), await inWorkers(2, true, ISSUE_LINK, 'chains>=2')];
    expect(one.summary).toMatchObject({ solutions: 104 });
    expect(two.summary).toEqual(one.summary);
    expect(two.solutions).toEqual(one.solutions);
    expect(two.stats.tasksTotal).toBeUndefined();
  });
});
