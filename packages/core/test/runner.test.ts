import { describe, expect, it } from 'vitest';
import { InputError } from '@kit/core';
import { type SolveEvent, AbortedError, solveAll } from '@kit/core/host';
import { runInWorkers, startWorkerPool } from '@kit/core/node';
import counting from './fixtures/counting-plugin.js';

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).href;
const counter = { moduleUrl: fixture('counting-plugin.js'), pluginId: 'counting' };

async function run(instance: object, extra: Partial<Parameters<typeof runInWorkers>[0]> = {}) {
  const events: SolveEvent[] = [];
  const done = await runInWorkers({ ...counter, instance, onEvent: (event) => events.push(event), ...extra });
  const solutions = events.filter((event) => event.type === 'solution');
  return { done, events, solutions };
}

describe('runInWorkers', () => {
  it('runs a whole search in a worker and numbers the solutions', async () => {
    const { done, solutions } = await run({ n: 4, mode: 'plain' });
    expect(solutions.map((event) => [event.index, event.solution])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
    ]);
    expect(done.summary).toEqual({ solutions: 4, tries: 4 });
    expect(done.stats.elapsedMs).toBeGreaterThanOrEqual(0);
  });

  it('gives a split search the same solutions, in the same order, with any number of threads', async () => {
    const one = await run({ n: 95, mode: 'plain' }, { threads: 1 });
    const three = await run({ n: 95, mode: 'plain' }, { threads: 3 });
    const expected = Array.from({ length: 95 }, (_, i) => i + 1);
    expect(one.solutions.map((event) => event.solution)).toEqual(expected);
    expect(three.solutions.map((event) => event.solution)).toEqual(expected);
    expect(three.solutions.map((event) => event.index)).toEqual(expected);
    // The plugin's own merge ran (in a worker) over the ten tasks' summaries.
    expect(three.done.summary).toEqual({ solutions: 95, tries: 10, merged: 'by plugin' });
    expect(three.done.stats).toMatchObject({ tasksDone: 10, tasksTotal: 10 });
  });

  it("lets a split search report after the merge, once every task's solutions are out", async () => {
    const { done, events } = await run({ n: 25, mode: 'finish' }, { threads: 2 });
    const reported = events.filter((event) => event.type !== 'done').map((event) => (event.type === 'solution' ? event.solution : event.type));
    expect(reported).toEqual([...Array.from({ length: 25 }, (_, i) => i + 1), 'step', 'total']);
    expect(done.summary).toEqual({ solutions: 26, finished: true });
  });

  it('runs a search that does not split exactly once, whatever the thread count', async () => {
    const { done, solutions } = await run({ n: 7, mode: 'plain' }, { threads: 3 });
    expect(solutions.map((event) => event.solution)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(done.summary).toEqual({ solutions: 7, tries: 7 });
    expect(done.stats.tasksTotal).toBeUndefined();
  });

  it('sends whole only the solutions a host keeps and counts the rest, exactly, with one thread or several', async () => {
    // 64 bytes a solution at least: the host keeps 3, and each task sends its first 3 whole.
    const keep = { bytes: 3 * 64, most: 1000 };
    for (const threads of [1, 3]) {
      const counts: number[] = [];
      const { done, solutions } = await run({ n: 95, mode: 'plain' }, { threads, keep, onCounted: (total) => counts.push(total) });
      const shown = solutions.map((event) => [event.index, event.solution]);
      // The whole search's first three come first, in order; a split search's later tasks add their first three where they belong.
      expect(shown.slice(0, 3)).toEqual([
        [1, 1],
        [2, 2],
        [3, 3],
      ]);
      for (const [index, solution] of shown) expect(solution).toBe(index);
      expect(shown).toHaveLength(threads === 1 ? 3 : 10 * 3);
      expect(counts.at(-1)).toBe(95);
      expect(counts).toEqual([...counts].sort((a, b) => a - b));
      expect(done.summary.solutions).toBe(95);
    }
  });

  it('stops at the limit', async () => {
    const { done, solutions } = await run({ n: 500, mode: 'plain' }, { limit: 3, threads: 4 });
    expect(solutions.map((event) => event.solution)).toEqual([1, 2, 3]);
    expect(done.summary.solutions).toBe(3);
  });

  it('carries an error thrown in the worker across with its type and message', async () => {
    await expect(run({ n: 10, mode: 'throw' })).rejects.toThrow(expect.objectContaining({ name: 'RangeError', message: 'count went out of range at 3' }));
  });

  it('carries an InputError across with its location', async () => {
    const error = await run({ n: 10, mode: 'input-error' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).format()).toBe('n.txt:3:1: three is not allowed');
  });

  it('cancels a search that never ends, at once', async () => {
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(), 150);
    await expect(run({ n: 10, mode: 'forever' }, { signal: controller.signal })).rejects.toBeInstanceOf(AbortedError);
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('reports a plugin module that throws on import', async () => {
    await expect(runInWorkers({ moduleUrl: fixture('throws-on-import.js'), pluginId: 'broken', instance: {} })).rejects.toThrow('cannot read the puzzle table');
  });

  it('reports a worker that dies', async () => {
    await expect(runInWorkers({ moduleUrl: fixture('exits-worker.js'), pluginId: 'exits', instance: {} })).rejects.toThrow(
      'solver worker stopped unexpectedly (exit code 7)',
    );
  });

  it('refuses a module that provides another plugin than asked for', async () => {
    await expect(runInWorkers({ ...counter, pluginId: 'sudoku', instance: { n: 1 } })).rejects.toThrow("provides plugin 'counting', not 'sudoku'");
  });

  it('sums the progress counters of a split search over its tasks', async () => {
    const { events } = await run({ n: 40, mode: 'plain' }, { threads: 2, wantProgress: true, progressIntervalMs: 0 });
    const progress = events.filter((event) => event.type === 'progress');
    expect(progress.map((event) => event.counters['tries'])).toEqual([1, 2, 3, 4]);
    expect(progress.at(-1)?.stats.tasksTotal).toBe(4);
  });

  it('throttles progress reports', async () => {
    const { events } = await run({ n: 1000, mode: 'plain' }, { wantProgress: true, progressIntervalMs: 60_000 });
    expect(events.filter((event) => event.type === 'progress')).toHaveLength(1);
  });
});

describe('startWorkerPool', () => {
  it('hands prestarted workers to a run, and new ones past its size', async () => {
    const pool = startWorkerPool(1);
    const events: SolveEvent[] = [];
    const done = await runInWorkers({ ...counter, instance: { n: 35, mode: 'plain' }, threads: 3, onEvent: (e) => events.push(e) }, pool);
    expect(done.summary.solutions).toBe(35);
    expect(events.filter((event) => event.type === 'solution').map((event) => event.solution)).toEqual(Array.from({ length: 35 }, (_, i) => i + 1));
    pool.close();
  });

  it('preloads a plugin in its idle workers; the run that takes them gives the same result', async () => {
    const pool = startWorkerPool(2);
    pool.preload(counter.moduleUrl);
    const done = await runInWorkers({ ...counter, instance: { n: 35, mode: 'plain' }, threads: 2 }, pool);
    const fresh = await runInWorkers({ ...counter, instance: { n: 35, mode: 'plain' }, threads: 2 });
    expect(done.summary).toEqual(fresh.summary);
    expect(done.summary.solutions).toBe(35);
    pool.close();
  });

  it('reports a preloaded module that throws on import when the run loads it', async () => {
    const pool = startWorkerPool(1);
    const moduleUrl = fixture('throws-on-import.js');
    pool.preload(moduleUrl);
    await expect(runInWorkers({ moduleUrl, pluginId: 'broken', instance: {} }, pool)).rejects.toThrow('cannot read the puzzle table');
    pool.close();
  });
});

describe('solveAll', () => {
  it('runs a plugin on the calling thread', async () => {
    const instance = counting.parse({ n: 3, mode: 'plain' });
    const { solutions, done } = await solveAll(counting, instance);
    expect(solutions).toEqual([1, 2, 3]);
    expect(done.summary).toEqual({ solutions: 3, tries: 3 });
  });

  it('honours the limit through the context', async () => {
    const { solutions } = await solveAll(counting, { n: 50, mode: 'plain' }, { limit: 2 });
    expect(solutions).toEqual([1, 2]);
  });
});
