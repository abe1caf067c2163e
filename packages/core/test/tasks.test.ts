import { describe, expect, it } from 'vitest';
import { InputError, definePlugin } from '@kit/core';
import { SPLIT_WIDTH, TaskThread, hostScopedOptions, instanceFromSource, runTasks } from '@kit/core/host';
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
