import { type SolveEvent, type StepEvent, solveInProcess } from '@kit/core/host';
import { describe, expect, it } from 'vitest';
import { decodeShareString, plugin, puyopUrl, parseField } from '../src/index.js';
import { encodeNexus, encodePuyop } from '../src/share.js';
import { parseInstance } from '../src/plugin.js';
import type { PuyoState } from '../src/types.js';
import { readFixture } from './helpers.js';

const seq19 = () => parseInstance({}, { name: 'seq19.dat', text: readFixture('seq19.dat') });

describe('puyo plugin: chain replay', () => {
  it('steps through every gravity and pop, then one solution and the totals', async () => {
    const events: SolveEvent[] = [];
    const done = await solveInProcess(plugin, seq19(), { onEvent: (e) => events.push(e) });
    const steps = events.filter((e): e is StepEvent => e.type === 'step');
    const kinds = steps.map((s) => s.data?.kind);
    expect(kinds[0]).toBe('start');
    expect(kinds[1]).toBe('gravity');
    expect(kinds.filter((k) => k === 'pop')).toHaveLength(19);
    // The opening fall, then one after each pop but the last (it leaves nothing to fall).
    expect(kinds.filter((k) => k === 'gravity')).toHaveLength(19);
    const firstPop = steps.find((s) => s.data?.kind === 'pop')!;
    expect(firstPop.data).toEqual({
      kind: 'pop',
      chain: 1,
      popped: 4,
      groups: [{ colour: 'Y', size: 4 }],
      colours: ['Y'],
      chainPower: 0,
      colourBonus: 0,
      groupBonus: 0,
      multiplier: 1,
      score: 40,
      garbageCleared: 0,
      total: 40,
    });
    expect((firstPop.state as PuyoState).title).toBe('chain 1: 4Y pop, +40 (40)');
    expect(events.filter((e) => e.type === 'solution')).toHaveLength(1);
    expect(done.summary).toMatchObject({ solutions: 1, chains: 19, score: 175080, cleared: 76, allClear: true, garbage: 2501 });
  });

  it('summarize prints a chain table and the totals last', async () => {
    const done = await solveInProcess(plugin, seq19());
    const lines = plugin.summarize!(done.summary, seq19()).split('\n');
    expect(lines[0]).toBe('chain  popped  groups  power  colour  group    x  score  O cleared');
    expect(lines[1]).toBe('    1       4  4Y          0       0      0    1     40          0');
    expect(lines[19]).toBe('   19       4  4G        512       0      0  512  20480          0');
    expect(lines.slice(-3)).toEqual([
      'garbage sent 2501, 76 puyos cleared',
      `share: https://puyop.com/s/${encodePuyop(seq19().field)}  https://puyonexus.com/chainsim/?w=6&h=12&chain=${encodeNexus(seq19().field)}`,
      '19 chains, 175080 points, all clear',
    ]);
    expect(decodeShareString(String(done.summary.puyop))).toEqual(seq19().field);
    expect(decodeShareString(String(done.summary.puyonexus))).toEqual(seq19().field);
  });

  it('has no puyop.com link for a field using row 14', async () => {
    const high = parseInstance({}, { name: 'high.txt', text: `P\n${'\n'.repeat(12)}RRRR` });
    const done = await solveInProcess(plugin, high);
    expect(done.summary).toMatchObject({ chains: 1, score: 40, allClear: true, puyop: null });
    expect(done.summary.puyonexus).toBe(`https://puyonexus.com/chainsim/?w=6&h=12&hr=2&chain=8${'0'.repeat(77)}444400`);
  });

  it('view draws rows 14 and 13 dimmed above a divider, then rows 12..1', () => {
    const frame = plugin.view({ rows: seq19().field.rows, title: 'start' });
    expect(frame).toMatchObject({ width: 6, height: 15, title: 'start' });
    expect(frame.cells[0]).toEqual({ hole: true }); // row 14, empty
    expect(frame.cells[6 + 1]).toEqual({ fill: 'yellow-hidden' }); // row 13: .YGYRR
    expect(frame.cells.slice(12, 18)).toEqual(Array.from({ length: 6 }, () => ({ fill: 'divider' })));
    expect(frame.cells[18]).toEqual({ fill: 'red' }); // row 12: R.YGYG
    expect(frame.cells[19]).toEqual({ fill: 'empty' });
    expect(frame.cells[14 * 6 + 5]).toEqual({ fill: 'red' }); // row 1: GRYGYR
    expect(plugin.palette?.['red-hidden']).toEqual({ ansi256: 88, letter: 'r' });
  });

  it('reads --url share strings', () => {
    const field = parseField('.....Y\n.G..YY\nRGRRBB\nRRGRGB');
    expect(parseInstance({ url: puyopUrl(field) }).field).toEqual(field);
    expect(parseInstance({ url: 'https://puyonexus.com/chainsim/?chain=4444' }).field.rows[13]).toBe('..RRRR');
  });

  it('refuses a --url that is not a link, in one line', () => {
    expect(() => parseInstance({ url: 'hello' })).toThrow(
      '--url: "hello" is not a puyop.com or Puyo Nexus link (https://puyop.com/s/... or https://puyonexus.com/chainsim/?chain=...)',
    );
    expect(() => parseInstance({ url: '420Aa9r9hj' })).toThrow('--url: "420Aa9r9hj" is not a puyop.com or Puyo Nexus link');
    expect(parseInstance({ url: 'chain=4444' }).field.rows[13]).toBe('..RRRR');
  });

  it('says that a pasted chain puzzle link turns on --nazo, and nothing for a plain field link', () => {
    const url = plugin.options.find((spec) => spec.name === 'url');
    const implies = url?.type === 'string' ? url.implies : undefined;
    expect(implies?.('https://puyop.com/s/x00900z00A40j1gr29h1hi9i_c1c1__u02')).toEqual({ nazo: true });
    expect(implies?.('https://puyop.com/s/420Aa9r9hj')).toBeUndefined();
    expect(implies?.('https://puyonexus.com/chainsim/?chain=4444')).toBeUndefined();
    expect(implies?.('hello__u02')).toBeUndefined();
  });

  it('needs exactly one of a file and --url', () => {
    expect(() => parseInstance({})).toThrow('give a field (a file, or drawn in the page) or --url with a puyop.com or Puyo Nexus link');
    expect(() => parseInstance({ url: '4' }, { name: 'f', text: 'R' })).toThrow('give a field file or --url, not both');
  });
});
