import { describe, expect, it } from 'vitest';
import { SPLIT_WIDTH, TaskThread, runTasks } from '@kit/core';
import { createNodeWorker, decodeInstance, encodeInstance } from '@kit/core/node';

const search = (instance: object) => ({
  moduleUrl: new URL('./fixtures/counting-plugin.js', import.meta.url).href,
  pluginId: 'counting',
  instance,
  splitWidth: SPLIT_WIDTH,
  settings: { wantSolutions: true },
});

describe('runTasks and TaskThread (shards, queue workers)', () => {
  it('runs only the selected tasks, solutions in selection order across threads', async () => {
    const solutions: [unknown, number][] = [];
    const { tasksTotal, results } = await runTasks(search({ n: 95, mode: 'plain' }), createNodeWorker, {
      select: (total) => Array.from({ length: total }, (_, t) => t).filter((t) => t % 3 === 1),
      threads: 2,
      onSolution: (solution, task) => solutions.push([solution, task]),
    });
    expect(tasksTotal).toBe(10);
    expect(results.map((r) => r.task)).toEqual([1, 4, 7]);
    const expected = [1, 4, 7].flatMap((t) => Array.from({ length: 10 }, (_, i) => [t * 10 + i + 1, t]));
    expect(solutions).toEqual(expected);
    expect(results.map((r) => r.solutions)).toEqual([1, 4, 7].map((t) => Array.from({ length: 10 }, (_, i) => t * 10 + i + 1)));
    // The split is asked for SPLIT_WIDTH threads whatever the machine: every machine gets the same tasks.
    expect(results[0]!.summary).toEqual({ solutions: 10, tries: 1, threads: SPLIT_WIDTH });
  });

  it("merges with the plugin's finish, whose solutions come after the tasks'", async () => {
    const thread = new TaskThread(createNodeWorker);
    try {
      expect(await thread.load(search({ n: 25, mode: 'finish' }), 'a')).toBe(3);
      const results = [await thread.run(2), await thread.run(0), await thread.run(1)];
      expect(results.map((r) => r.solutions.length)).toEqual([5, 10, 10]);
      const merged = await thread.merge([results[1]!.summary, results[2]!.summary, results[0]!.summary]);
      expect(merged).toEqual({ summary: { solutions: 26, finished: true }, solutions: ['total'] });
    } finally {
      thread.terminate();
    }
  });

  it('runs a search that does not split as task 0, and reports its error', async () => {
    const thread = new TaskThread(createNodeWorker);
    try {
      expect(await thread.load(search({ n: 4, mode: 'plain' }), 'b')).toBe(1);
      const result = await thread.run(0);
      expect(result).toEqual({ task: 0, summary: { solutions: 4, tries: 4 }, solutions: [1, 2, 3, 4] });
      expect(await thread.merge([result.summary])).toEqual({ summary: result.summary, solutions: [] });
      expect(await thread.load(search({ n: 5, mode: 'throw' }), 'c')).toBe(1);
      await expect(thread.run(0)).rejects.toThrow('count went out of range at 3');
      // The thread survives a solver's error and takes the next search.
      expect(await thread.load(search({ n: 30, mode: 'plain' }), 'd')).toBe(3);
      expect((await thread.run(2)).solutions).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
    } finally {
      thread.terminate();
    }
  });
});

describe('encodeInstance', () => {
  it('keeps plain data as JSON and carries anything else as structured-clone bytes', () => {
    const plain = { board: ['..', '..'], all: false, pieces: { kinds: [{ name: 'L', count: 2 }] } };
    expect(encodeInstance(plain)).toEqual(plain);
    const odd = { masks: new Uint32Array([1, 2, 3]), seen: new Map([['a', 1]]) };
    const encoded = encodeInstance(odd);
    expect(Object.keys(encoded as object)).toEqual(['$v8']);
    expect(decodeInstance(JSON.parse(JSON.stringify(encoded)))).toEqual(odd);
    expect(decodeInstance(plain)).toEqual(plain);
  });
});
