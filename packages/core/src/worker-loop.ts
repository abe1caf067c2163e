import { createSolveContext } from './context.js';
import { serializeError } from './errors.js';
import { checkGenerated, checkGrade } from './maker-answers.js';
import type { Summary } from './events.js';
import { mergeSummaries } from './merge.js';
import { MAX_TASKS_PER_EXCHANGE, type HostMessage, type WorkerSide } from './protocol.js';
import type { AnyPlugin, Solver, SplitSearch } from './plugin.js';
import { pluginFromModule } from './registry.js';
import { batchingPoster } from './solution-batch.js';
import { instanceFromSource } from './search-source.js';
import { applyCuts, planCuts } from './cuts.js';

/** Tasks that given cuts may make, at most (a host bounds them more tightly before). */
const MAX_CUT_TASKS = 1_000_000;

/**
 * The worker's half of the protocol, shared by Node's worker_threads and the browser's Web Workers:
 * load the plugin module, load its solver, then run the whole search or the tasks the host hands out.
 */
export function serveWorker(side: WorkerSide, importModule: (url: string) => Promise<Record<string, unknown>>): void {
  let split: SplitSearch | undefined;
  let settings: Extract<HostMessage, { type: 'load' }>['settings'] = {};
  let queue = Promise.resolve();

  const out = batchingPoster((message) => side.post(message));

  // Reports from a task carry its number, so the host can keep solutions in task order.
  const contextFor = (task: number | undefined) => {
    const ctx = createSolveContext(settings, {
      solution: (solution) => out.solution(solution, task),
      progress: (state, counters) => out.post({ type: 'progress', state, counters, ...(task !== undefined ? { task } : {}) }),
      step: (state, data) => out.post({ type: 'step', state, ...(data ? { data } : {}) }),
    });
    // Solvers call shouldStop often: the moment to send solutions held while the search goes on.
    const shouldStop = ctx.shouldStop;
    ctx.shouldStop = () => {
      out.flushIfDue();
      return shouldStop();
    };
    return ctx;
  };
  const fail = (error: unknown) => out.post({ type: 'error', error: serializeError(error) });

  // A module is imported once, whether a `preload` or the `load` asks first. Its play referee is
  // not: referees run in a worker of their own (play/referee-worker-loop.ts).
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
    if (message.type === 'generate' || message.type === 'grade') {
      const { plugin, solver } = await loadModule(message.moduleUrl);
      if (plugin.id !== message.pluginId) {
        throw new Error(`module ${message.moduleUrl} provides plugin '${plugin.id}', not '${message.pluginId}'`);
      }
      const { id } = message;
      // Progress at most every 100 ms: a generator may report every candidate.
      let reported = 0;
      const progress = (tries: number) => {
        const now = Date.now();
        if (now - reported < 100) return;
        reported = now;
        out.post({ type: 'generating', id, tries });
      };
      if (message.type === 'generate') {
        if (!plugin.generator || !solver.generate) throw new Error(`plugin '${plugin.id}' has no generator (a generator spec and its solver's generate)`);
        const puzzle = checkGenerated(await solver.generate(message.request, { progress }), plugin.generator.levels, plugin.generator.emits ?? []);
        out.post({ type: 'generated', id, puzzle });
      } else {
        if (!plugin.grader || !solver.grade) throw new Error(`plugin '${plugin.id}' has no grader (a grader spec and its solver's grade)`);
        out.post({ type: 'graded', id, grade: checkGrade(await solver.grade(message.instance, { progress }), plugin.grader.levels) });
      }
      return;
    }
    if (message.type === 'load') {
      settings = message.settings;
      out.keep(message.keep);
      const { plugin, solver } = await loadModule(message.moduleUrl);
      if (plugin.id !== message.pluginId) {
        throw new Error(`module ${message.moduleUrl} provides plugin '${plugin.id}', not '${message.pluginId}'`);
      }
      // A source is parsed here, off the host's main thread: a slow or failing parse is this worker's.
      const instance = message.source ? instanceFromSource(plugin, message.source) : message.instance;
      split = message.threads > 1 ? solver.split?.(instance, message.threads) : undefined;
      if (split && split.tasks > 1) {
        const maxTasks = message.plan?.maxTasks ?? MAX_CUT_TASKS;
        const cuts = message.plan ? planCuts(split, maxTasks, message.plan.minEstimate) : (message.cuts ?? []);
        split = applyCuts(split, cuts, maxTasks);
        out.post({ type: 'split', tasks: split.tasks, ...(message.plan ? { cuts } : {}) });
        return;
      }
      if (message.cuts && message.cuts.length > 0) throw new Error('the search does not split, but the run names cuts');
      split = undefined;
      if (message.role === 'helper') {
        out.post({ type: 'split', tasks: 0 });
        return;
      }
      const summary: Summary = await solver.solve(instance, contextFor(undefined));
      out.post({ type: 'done', summary });
      return;
    }
    if (!split) throw new Error(`${message.type} received before the search was split`);
    if (message.type === 'merge') {
      const summary = split.finish ? await split.finish(message.summaries, contextFor(undefined)) : (split.merge ?? mergeSummaries)(message.summaries);
      out.post({ type: 'done', summary });
      return;
    }
    if (message.type === 'tasks') {
      const summaries: Summary[] = [];
      for (const task of checkedTasks(message.tasks, split.tasks)) summaries.push(await split.solveTask(task, contextFor(task)));
      out.post({ type: 'tasks-done', summaries });
      return;
    }
    const task = message.task;
    const summary = await split.solveTask(task, contextFor(task));
    out.post({ type: 'task-done', task, summary });
  }

  side.onMessage((message) => {
    if (message.type === 'preload') {
      // Not queued: it runs while the host parses; a failure is reported by the `load` that follows.
      const { moduleUrl } = message;
      void loadModule(moduleUrl).then(
        () => out.post({ type: 'preloaded', moduleUrl }),
        () => out.post({ type: 'preloaded', moduleUrl }),
      );
      return;
    }
    queue = queue.then(() => handle(message)).catch(fail);
  });
}

/** A `tasks` message's list, checked: 1 to MAX_TASKS_PER_EXCHANGE distinct tasks of a split of `tasksTotal`. */
function checkedTasks(tasks: unknown, tasksTotal: number): number[] {
  if (!Array.isArray(tasks) || tasks.length === 0 || tasks.length > MAX_TASKS_PER_EXCHANGE) {
    throw new Error(`a tasks message names 1 to ${MAX_TASKS_PER_EXCHANGE} tasks (got ${Array.isArray(tasks) ? tasks.length : typeof tasks})`);
  }
  const seen = new Set<number>();
  for (const task of tasks) {
    if (!Number.isInteger(task) || task < 0 || task >= tasksTotal)
      throw new Error(`a tasks message names task ${String(task).slice(0, 40)}, not one of the split's ${tasksTotal}`);
    if (seen.has(task)) throw new Error(`a tasks message names task ${task} twice`);
    seen.add(task);
  }
  return tasks as number[];
}
