import { PENTOMINO_PALETTE, mergePalette } from '@kit/core';
import { solveAll } from '@kit/core/host';
import { runInWorkers } from '@kit/core/node';
import reference from '@kit/tooling/reference-counts.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import plugin from '../src/plugin.js';
import { parseInstance } from '../src/index.js';

const PLUGIN_URL = new URL('../dist/plugin.js', import.meta.url).href;

async function inWorkers(options: Record<string, unknown>, threads: number, wantSolutions = true) {
  const solutions: string[][] = [];
  const done = await runInWorkers({
    moduleUrl: PLUGIN_URL,
    pluginId: 'pentomino',
    instance: parseInstance(options as never),
    threads,
    wantSolutions,
    onEvent: (event) => {
      if (event.type === 'solution') solutions.push((event.solution as { rows: string[] }).rows);
    },
  });
  return { summary: done.summary, stats: done.stats, solutions };
}

describe('pentomino plugin', () => {
  it('solves in process with a summary line like the seed', async () => {
    const { solutions, done } = await solveAll(plugin, plugin.parse({ size: 3, all: false }));
    expect(done.summary).toEqual({ solutions: reference.pentomino['3x20'].distinct, tries: reference.pentomino['3x20'].tries, board: '3x20' });
    expect(solutions.map((s) => s.rows)).toEqual([
      ['UUXIIIIINNNFTWYYYYZV', 'UXXXPPLNNFFFTWWYZZZV', 'UUXPPPLLLLFTTTWWZVVV'],
      ['UUXIIIIIZWWTTTFLLLLV', 'UXXXPPZZZYWWTFFFNNLV', 'UUXPPPZYYYYWTFNNNVVV'],
    ]);
    expect(plugin.summarize!(done.summary, plugin.parse({}))).toBe(`3x20: 2 solutions, ${reference.pentomino['3x20'].tries} tries`);
  });

  it('splits into independent subtrees: 2 threads give the counts, tries and order of 1', async () => {
    const one = await inWorkers({ size: 4 }, 1);
    const two = await inWorkers({ size: 4 }, 2);
    expect(one.summary).toEqual({ solutions: reference.pentomino['4x15'].distinct, tries: reference.pentomino['4x15'].tries, board: '4x15' });
    expect(two.summary).toEqual(one.summary);
    expect(two.solutions).toEqual(one.solutions);
    expect(two.stats.tasksTotal).toBeGreaterThan(2);
    expect(two.stats.tasksDone).toBe(two.stats.tasksTotal);
  });

  it('splits --all and repeated-piece searches the same way', async () => {
    const all = { size: 5, all: true };
    const [one, two] = [await inWorkers(all, 1, false), await inWorkers(all, 2, false)];
    expect(one.summary.solutions).toBe(4040);
    expect(two.summary).toEqual(one.summary);
    const repeats = { board: { name: 'b.txt', text: '......\n'.repeat(5) }, pieces: 'LLNNPP' };
    const [rOne, rTwo] = [await inWorkers(repeats, 1), await inWorkers(repeats, 2)];
    expect(rOne.summary).toEqual({ solutions: 17, tries: 1703, board: '5x6' });
    expect(rTwo.summary).toEqual(rOne.summary);
    expect(rTwo.solutions).toEqual(rOne.solutions);
  });

  it('draws a packing as a frame: letters as fills and labels, holes as holes', () => {
    const frame = plugin.view({ rows: ['LL.', 'Ab '] }, { index: 4 });
    expect(frame.width).toBe(3);
    expect(frame.title).toBe('No. 4');
    expect(frame.cells).toEqual([
      { fill: 'L', label: 'L' },
      { fill: 'L', label: 'L' },
      { hole: true },
      { fill: 'piece-A', label: 'A' },
      { fill: 'piece-b', label: 'b' },
      {},
    ]);
    const palette = mergePalette(plugin.palette);
    for (const cell of frame.cells) if (cell.fill) expect(palette[cell.fill]).toBeDefined();
    expect(palette.F).toEqual(PENTOMINO_PALETTE.F);
  });

  it('reports progress as partial rows', async () => {
    const states: { rows: string[]; tries?: number }[] = [];
    const tries: number[] = [];
    const { solveInProcess } = await import('@kit/core/host');
    const done = await solveInProcess(plugin, plugin.parse({ size: 6 }), {
      wantProgress: true,
      wantSolutions: false,
      progressIntervalMs: 0,
      onEvent: (event) => {
        if (event.type !== 'progress') return;
        states.push(event.state as { rows: string[] });
        tries.push(event.counters['tries']!);
      },
    });
    expect(states.length).toBeGreaterThan(10);
    // The live count of tries climbs steadily towards the final one.
    expect(tries[0]).toBeGreaterThan(0);
    expect(tries.every((count, i) => i === 0 || count > tries[i - 1]!)).toBe(true);
    expect(tries.at(-1)).toBeLessThanOrEqual(done.summary['tries'] as number);
    const state = states[0]!;
    expect(state.rows).toHaveLength(6);
    expect(state.rows.join('')).toMatch(/^[FILNPTUVWXYZ ]{60}$/);
    expect(state.rows.join('')).toContain(' ');
  });
});
