import { describe, expect, it } from 'vitest';
import { InputError, definePlugin } from '@kit/core';
import {
  SPLIT_WIDTH,
  TaskThread,
  hostScopedOptions,
  instanceFromSource,
  runTasks,
  type HostMessage,
  type WorkerMessage,
  type WorkerPort,
} from '@kit/core/host';
import { createNodeWorker } from '@kit/core/node';

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

describe('a search as text (SearchSource)', () => {
  it('is parsed by the plugin in the worker thread, options as typed, defaults filled in', async () => {
    const thread = new TaskThread(createNodeWorker);
    try {
      const source = { options: { n: '25', mode: 'finish' } };
      expect(await thread.load({ ...search({}), instance: undefined, source }, 'text')).toBe(3);
      expect((await thread.run(2)).solutions).toEqual([21, 22, 23, 24, 25]);
      // A bad value is the parser's InputError, as on the command line.
      await expect(thread.load({ ...search({}), instance: undefined, source: { options: { n: '1e9' } } }, 'bad')).rejects.toThrow(
        '--n must be an integer from 0 to 1000 (got "1e9")',
      );
      await expect(thread.load({ ...search({}), instance: undefined, source: { options: { __proto__: 'x' } as never } }, 'proto')).resolves.toBe(1);
      await expect(thread.load({ ...search({}), instance: undefined, source: JSON.parse('{"options":{"__proto__":"x"}}') }, 'own')).rejects.toThrow(
        'unknown option --__proto__',
      );
    } finally {
      thread.terminate();
    }
  });

  it('refuses host-scoped (terminal-only) options: they name files and programs of the host', () => {
    const plugin = definePlugin<{ out?: string }, never>({
      id: 'writer',
      title: 'Writer',
      description: 'Writes.',
      version: '1.0.0',
      options: [
        { name: 'size', type: 'int', default: 1, help: 'size' },
        { name: 'output', short: 'o', type: 'string', terminalOnly: true, help: 'write here' },
        { name: 'force', type: 'boolean', terminalOnly: true, help: 'overwrite' },
      ],
      parse: (options) => ({ ...(typeof options['output'] === 'string' ? { out: options['output'] } : {}) }),
      solver: async () => ({ solve: () => ({ solutions: 0 }) }),
      view: () => ({ width: 1, height: 1, cells: [{}] }),
    });
    expect(hostScopedOptions(plugin, { options: { size: '3', output: '/etc/passwd', force: true } })).toEqual(['--output', '--force']);
    expect(() => instanceFromSource(plugin, { options: { output: '/etc/passwd', force: true } })).toThrow(
      new InputError('--output, --force cannot come from another machine (they name a file or program on the host)'),
    );
    expect(instanceFromSource(plugin, { options: { size: '3' } })).toEqual({});
  });
});

/** A node worker whose port records what the host posts and what the thread answers. */
function recordedWorker() {
  const posted: HostMessage[] = [];
  const answered: WorkerMessage[] = [];
  const create = (): WorkerPort => {
    const port = createNodeWorker();
    return {
      post: (message) => {
        posted.push(message);
        port.post(message);
      },
      onMessage: (handler) =>
        port.onMessage((message) => {
          answered.push(message);
          handler(message);
        }),
      onCrash: (handler) => port.onCrash(handler),
      terminate: () => port.terminate(),
    };
  };
  return { posted, answered, create };
}

describe('TaskThread.runBlock: a block of tasks in one exchange', () => {
  it('posts one message and takes one reply for all its tasks, with the results run() gives one by one', async () => {
    const counting = search({ n: 95, mode: 'plain' });
    const oneByOne = new TaskThread(createNodeWorker);
    const recorded = recordedWorker();
    const thread = new TaskThread(recorded.create);
    try {
      expect(await oneByOne.load(counting, 'x')).toBe(10);
      const expected = [];
      for (const task of [7, 2, 9, 0]) expected.push(await oneByOne.run(task));
      expect(await thread.load(counting, 'x')).toBe(10);
      const loadMessages = { posted: recorded.posted.length, answered: recorded.answered.length };
      const seen: [unknown, number][] = [];
      const results = await thread.runBlock([7, 2, 9, 0], (solution, task) => seen.push([solution, task]));
      expect(results).toEqual(expected);
      expect(results.map((r) => r.summary.solutions)).toEqual([10, 10, 5, 10]);
      expect(seen).toEqual(expected.flatMap((r) => r.solutions.map((solution) => [solution, r.task])));
      // One message out, and besides the solutions (batched per task) one reply for the four tasks.
      expect(recorded.posted.slice(loadMessages.posted)).toEqual([{ type: 'tasks', tasks: [7, 2, 9, 0] }]);
      const replies = recorded.answered.slice(loadMessages.answered).map((message) => message.type);
      expect(replies.filter((type) => type !== 'solutions' && type !== 'solution')).toEqual(['tasks-done']);
      // The thread goes on serving after a block, one task or another block.
      expect((await thread.run(3)).solutions).toEqual([31, 32, 33, 34, 35, 36, 37, 38, 39, 40]);
      expect(await thread.runBlock([])).toEqual([]);
    } finally {
      oneByOne.terminate();
      thread.terminate();
    }
  });

  it('refuses a task twice (host) and a task out of the split (thread), and runs a search that does not split as task 0', async () => {
    const thread = new TaskThread(createNodeWorker);
    try {
      expect(await thread.load(search({ n: 30, mode: 'plain' }), 'a')).toBe(3);
      await expect(thread.runBlock([1, 1])).rejects.toThrow('a block names a task twice');
      await expect(thread.runBlock([0, 3])).rejects.toThrow("a tasks message names task 3, not one of the split's 3");
      expect((await thread.runBlock([2])).map((r) => r.solutions)).toEqual([[21, 22, 23, 24, 25, 26, 27, 28, 29, 30]]);
      expect(await thread.load(search({ n: 4, mode: 'plain' }), 'b')).toBe(1);
      expect(await thread.runBlock([0])).toEqual([{ task: 0, summary: { solutions: 4, tries: 4 }, solutions: [1, 2, 3, 4] }]);
    } finally {
      thread.terminate();
    }
  });

  it('fails the whole block when the thread is terminated in its middle (an abort) or crashes', async () => {
    const thread = new TaskThread(createNodeWorker);
    expect(await thread.load(search({ n: 1000, mode: 'plain' }), 'a')).toBe(100);
    const seen: number[] = [];
    // As a queue worker does past --max-solutions: terminated from a solution's callback.
    await expect(
      thread.runBlock([5, 6, 7], (_, task) => {
        seen.push(task);
        if (task === 6) thread.terminate();
      }),
    ).rejects.toThrow('solver worker terminated');
    expect(seen[0]).toBe(5);
    expect(seen.at(-1)).toBe(6);
    expect(thread.dead).toBe(true);

    const crashing = new TaskThread(createNodeWorker);
    try {
      const exits = {
        moduleUrl: new URL('./fixtures/exits-worker.js', import.meta.url).href,
        pluginId: 'exits',
        instance: { splits: true },
        splitWidth: SPLIT_WIDTH,
        settings: {},
      };
      expect(await crashing.load(exits, 'e')).toBe(4);
      expect((await crashing.runBlock([0, 1])).map((r) => r.summary)).toEqual([
        { solutions: 0, tries: 1 },
        { solutions: 0, tries: 1 },
      ]);
      await expect(crashing.runBlock([1, 2, 3])).rejects.toThrow('solver worker stopped unexpectedly (exit code 7)');
      expect(crashing.dead).toBe(true);
    } finally {
      crashing.terminate();
    }
  });
});
