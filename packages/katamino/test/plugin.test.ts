import { type SolveEvent, solveAll } from '@kit/core/host';
import { runInWorkers } from '@kit/core/node';
import { describe, expect, it } from 'vitest';
import plugin from '../src/plugin.js';

const moduleUrl = new URL('../dist/plugin.js', import.meta.url).href;
const parse = (options: Record<string, unknown>) => plugin.parse(options as never);

async function inWorkers(options: Record<string, unknown>, threads: number) {
  const solutions: unknown[] = [];
  const done = await runInWorkers({
    moduleUrl,
    pluginId: 'katamino',
    instance: parse(options),
    threads,
    onEvent: (event: SolveEvent) => {
      if (event.type === 'solution') solutions.push(event.solution);
    },
  });
  return { solutions, summary: done.summary };
}

describe('the katamino plugin', () => {
  it('rejects bad options with one-line messages', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ pieces: 'LPQUV' }, 'unknown piece "Q" in --pieces (choose from FILNPTUVWXYZ)'],
      [{ pieces: 'LP' }, '--pieces needs 3 to 12 pieces (got 2)'],
      [{ pieces: 'LLPUV' }, 'piece L is named twice in --pieces (Katamino has one of each)'],
      [{ n: '2' }, '--n widths must be from 3 to 12 (got 2)'],
      [{ n: '3-13' }, '--n widths must be from 3 to 12 (got 3-13)'],
      [{ n: '9-4' }, '--n range 9-4 is backwards (write 4-9)'],
      [{ n: 'five' }, '--n must be a width N or a range A-B, from 3 to 12 (got "five")'],
      [{ n: '3-' }, '--n must be a width N or a range A-B, from 3 to 12 (got "3-")'],
      [{}, 'give exactly one of --pieces LETTERS, --n N (or A-B), --challenge NAME or a challenge file'],
      [{ pieces: 'LPUVY', n: '5' }, 'give exactly one of --pieces LETTERS, --n N (or A-B), --challenge NAME or a challenge file'],
      [{ challenge: 'small-slam:Q' }, 'challenge small-slam has no row "Q" (rows ABCDEFG)'],
    ];
    for (const [options, message] of cases) expect(() => parse(options)).toThrow(message);
  });

  it('reports each 5-piece set that tiles 5 x 5, with its count; done has subsets and solutions', async () => {
    const { solutions, done } = await solveAll(plugin, parse({ n: '5' }));
    expect(solutions).toHaveLength(45);
    expect(done.summary).toMatchObject({ solutions: 107, subsets: 45, tried: 792, widths: '5' });
    expect(solutions.reduce((n, s) => n + (s as { count: number }).count, 0)).toBe(107);
  });

  it('draws solutions and partial states as frames', () => {
    const frame = plugin.view({ pieces: 'NPVWY', count: 3, rows: ['NPPPY', 'NNPPY', 'VNWYY', 'VNWWY', 'VVVWW'] });
    expect(frame).toMatchObject({ width: 5, height: 5, title: 'NPVWY: 3 solutions' });
    expect(frame.cells[0]).toEqual({ fill: 'N', label: 'N' });
    expect(plugin.view({ rows: ['L  ', 'L  ', 'L  ', 'LL ', '   '], tries: 7 }).cells[1]).toEqual({});
  });

  it('summarizes a sweep as a table', () => {
    const text = plugin.summarize!(
      {
        solutions: 57,
        subsets: 33,
        tried: 715,
        tries: 10,
        table: [
          { n: 3, tried: 220, tiling: 7, solutions: 7 },
          { n: 4, tried: 495, tiling: 26, solutions: 50 },
        ],
      },
      parse({ n: '3-4' }),
    );
    expect(text.split('\n')).toEqual([
      'N   subsets  tiling  solutions',
      '3       220       7          7',
      '4       495      26         50',
      '5x3..5x4: 33 of 715 piece sets tile, 57 solutions, 10 tries',
    ]);
  });

  it('gives the same sweep with two worker threads as with one, in the same order', async () => {
    const one = await inWorkers({ n: '3-12' }, 1);
    const two = await inWorkers({ n: '3-12' }, 2);
    expect(two.solutions).toEqual(one.solutions);
    expect(one.solutions).toHaveLength(1009);
    for (const key of ['solutions', 'subsets', 'tried', 'widths', 'table']) expect(two.summary[key]).toEqual(one.summary[key]);
    expect(one.summary).toMatchObject({ solutions: 23475, subsets: 1009, tried: 4017 });
  }, 60_000);

  it('lists the same tilings of one set with two threads as with one, in the same order', async () => {
    const one = await inWorkers({ pieces: 'FILNPTUVWY' }, 1);
    const two = await inWorkers({ pieces: 'FILNPTUVWY' }, 2);
    expect(two.solutions).toEqual(one.solutions);
    expect(two.summary).toEqual(one.summary);
    expect(one.summary).toMatchObject({ board: '5x10', pieces: 'FILNPTUVWY' });
  }, 60_000);

  it('plays a challenge row with threads, one event per board', async () => {
    const one = await inWorkers({ challenge: 'slam:B' }, 1);
    const two = await inWorkers({ challenge: 'slam:B' }, 2);
    expect(two.solutions).toEqual(one.solutions);
    expect(one.solutions.map((s) => (s as { pieces: string }).pieces)).toEqual(['YNPUZ', 'YNPUZV', 'YNPUZVT', 'YNPUZVTL', 'YNPUZVTLF']);
    expect(two.summary).toMatchObject({ pentas: 5, solvable: 5, solutions: one.summary.solutions });
  }, 60_000);
});
