import { createSolveContext } from './context.js';
import { serializeError } from './errors.js';
import type { Summary } from './events.js';
import { mergeSummaries } from './merge.js';
import type { HostMessage, WorkerSide } from './protocol.js';
import type { AnyPlugin, Solver, SplitSearch } from './plugin.js';
import { pluginFromModule } from './registry.js';

/**
 * The worker's half of the protocol, shared by Node's worker_threads and the browser's Web Workers:
 * load the plugin module, load its solver, then run the whole search or the tasks the host hands out.
 */
export function serveWorker(side: WorkerSide, importModule: (url: string) => Promise<Record<string, unknown>>): void {
  let split: SplitSearch | undefined;
  let settings: Extract<HostMessage, { type: 'load' }>['settings'] = {};
  let queue = Promise.resolve();

  // Reports from a task carry its number, so the host can keep solutions in task order.
  const contextFor = (task: number | undefined) =>
    createSolveContext(settings, {
      solution: (solution) => side.post({ type: 'solution', solution, ...(task !== undefined ? { task } : {}) }),
      progress: (state, counters) => side.post({ type: 'progress', state, counters, ...(task !== undefined ? { task } : {}) }),
      step: (state, data) => side.post({ type: 'step', state, ...(data ? { data } : {}) }),
    });
  const fail = (error: unknown) => side.post({ type: 'error', error: serializeError(error) });

  // A module is imported once, whether a `preload` or the `load` asks first.
  const loaded = new Map<string, Promise<{ plugin: AnyPlugin; solver: Solver }>>();
  const loadModule = (url: string) => {
    let entry = loaded.get(url);
    if (!entry) {
      entry = importModule(url).then(async (namespace) => {
        const plugin = pluginFromModule(namespace, url);
        return { plugin, solver: await plugin.solver() };
      });
      loaded.set(url, entry);
    }
    return entry;
  };

  async function handle(message: Exclude<HostMessage, { type: 'preload' }>): Promise<void> {
    if (message.type === 'load') {
      settings = message.settings;
      const { plugin, solver } = await loadModule(message.moduleUrl);
      if (plugin.id !== message.pluginId) {
        throw new Error(`module ${message.moduleUrl} provides plugin '${plugin.id}', not '${message.pluginId}'`);
      }
      split = message.threads > 1 ? solver.split?.(message.instance, message.threads) : undefined;
      if (split && split.tasks > 1) {
        side.post({ type: 'split', tasks: split.tasks });
        return;
      }
      split = undefined;
      if (message.role === 'helper') {
        side.post({ type: 'split', tasks: 0 });
        return;
      }
      const summary: Summary = await solver.solve(message.instance, contextFor(undefined));
      side.post({ type: 'done', summary });
      return;
    }
    if (!split) throw new Error(`${message.type} received before the search was split`);
    if (message.type === 'merge') {
      const summary = split.finish
        ? await split.finish(message.summaries, contextFor(undefined))
        : (split.merge ?? mergeSummaries)(message.summaries);
      side.post({ type: 'done', summary });
      return;
    }
    const task = message.task;
    const summary = await split.solveTask(task, contextFor(task));
    side.post({ type: 'task-done', task, summary });
  }

  side.onMessage((message) => {
    if (message.type === 'preload') {
      // Not queued: it runs while the host parses; a failure is reported by the `load` that follows.
      loadModule(message.moduleUrl).catch(() => {});
      return;
    }
    queue = queue.then(() => handle(message)).catch(fail);
  });
}
