import type { ContextSettings } from './context.js';
import { deserializeError } from './errors.js';
import type { DoneEvent, SolveEvent, SolveStats } from './events.js';
import { workerTaker, type WorkerSource } from './worker-supply.js';
import type { KeepPolicy, WorkerMessage, WorkerPort } from './protocol.js';
import { AbortedError } from './aborted.js';
import { searchThreads } from './run-place.js';
import { type Arrived, SplitTasks } from './split-tasks.js';

/** How a solve runs, wherever it runs: the context's settings plus where the events go. */
export interface SolveOptions extends ContextSettings {
  /** Sees every event of the solve, in order: solutions, progress, steps, then done. */
  onEvent?: (event: SolveEvent) => void;
}

/** A search for {@link runSolver}: which plugin, which instance, on how many workers. */
export interface RunRequest extends SolveOptions {
  /** The module that exports the plugin; each worker imports it. */
  moduleUrl: string;
  /** The plugin's id in that module. */
  pluginId: string;
  /** The instance the plugin's parse made (plain data: it is cloned to the workers). */
  instance: unknown;
  /** Workers to use when the solver can split its search. A `limit` forces one. */
  threads?: number;
  /**
   * The solutions this host keeps (see `solutionsToKeep`): each worker task sends that many whole
   * and the rest only as counts, which reach `onCounted` instead of `solution` events. The first
   * solutions of the whole search, as many as the policy keeps, still come as `solution` events in
   * order; in a split search a later task's first ones may follow counted ones (their `index` says
   * where they belong).
   */
  keep?: KeepPolicy;
  /** With `keep`: solutions were counted without being sent; `solutions` is the count so far. */
  onCounted?: (solutions: number) => void;
}

/** Tasks a worker holds beyond the one it runs; few, so the last tasks still go to whoever is free. */
const TASKS_AHEAD = 2;

/**
 * Runs a plugin's solver in workers and turns what they send into one ordered event stream.
 * Split searches: every worker takes the next free tasks (a few queued ahead); solutions are held back until all earlier
 * tasks are done, so the order is the same with 1 or N threads. Cancelling terminates every worker
 * at once (a synchronous search cannot be interrupted any other way).
 */
export function runSolver(request: RunRequest, supply: WorkerSource<'solver'>): Promise<DoneEvent> {
  const createWorker = workerTaker(supply, 'solver');
  const started = performance.now();
  const threads = searchThreads({ threads: request.threads ?? 1, limit: request.limit });
  const settings: Omit<ContextSettings, 'signal'> = {
    limit: request.limit,
    wantSolutions: request.wantSolutions ?? true,
    wantProgress: request.wantProgress ?? false,
    progressIntervalMs: request.progressIntervalMs ?? 100,
  };
  const emit = request.onEvent ?? (() => {});
  const interval = settings.progressIntervalMs ?? 100;
  const workers: WorkerPort[] = [];
  let solutionIndex = 0;
  let lastProgressAt = -Infinity;

  const stats = (extra: Partial<SolveStats> = {}): SolveStats => ({ elapsedMs: Math.round(performance.now() - started), ...extra });

  return new Promise<DoneEvent>((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | undefined, done?: DoneEvent) => {
      if (settled) return;
      settled = true;
      request.signal?.removeEventListener('abort', onAbort);
      for (const worker of workers) worker.terminate();
      if (error) reject(error);
      else {
        emit(done!);
        resolve(done!);
      }
    };
    const onAbort = () => finish(new AbortedError());
    if (request.signal?.aborted) return onAbort();
    request.signal?.addEventListener('abort', onAbort, { once: true });

    const emitSolution = (solution: unknown) => emit({ type: 'solution', index: ++solutionIndex, solution });
    const emitArrived = (arrived: Arrived) => {
      if (typeof arrived !== 'number') return arrived.forEach(emitSolution);
      solutionIndex += arrived;
      request.onCounted?.(solutionIndex);
    };
    const emitProgress = (state: unknown, counters: Record<string, number>, extra: Partial<SolveStats> = {}) => {
      const now = performance.now();
      if (now - lastProgressAt < interval) return;
      lastProgressAt = now;
      emit({ type: 'progress', state, counters, stats: stats(extra) });
    };

    const tasks = new SplitTasks(emitArrived);

    const listen = (worker: WorkerPort, first: boolean) => (message: WorkerMessage) => {
      if (settled) return;
      switch (message.type) {
        case 'error':
          return finish(deserializeError(message.error));
        case 'split':
          // A helper whose solver does not split has nothing to do (the lead runs the whole search).
          if (message.tasks === 0 && !first) return worker.terminate();
          if (tasks.total === 0) tasks.total = message.tasks;
          else if (message.tasks !== tasks.total) {
            return finish(new Error(`workers disagree on the split: ${message.tasks} vs ${tasks.total} tasks`));
          }
          // One task to run and TASKS_AHEAD queued behind it: a worker that finishes a task starts
          // the next at once instead of waiting for this thread to answer its task-done (a page's
          // main thread may be busy drawing for tens of milliseconds).
          for (let i = 0; i <= TASKS_AHEAD; i++) tasks.assign(worker);
          return;
        case 'solution':
          return tasks.take(message.task, [message.solution]);
        case 'solutions':
          return tasks.take(message.task, message.solutions);
        case 'counted':
          return tasks.take(message.task, message.count);
        case 'preloaded':
          return;
        case 'progress':
          if (message.task === undefined) return emitProgress(message.state, message.counters);
          return emitProgress(message.state, tasks.progress(message.task, message.counters), { tasksDone: tasks.done, tasksTotal: tasks.total });
        case 'step':
          return emit({ type: 'step', state: message.state, ...(message.data ? { data: message.data } : {}) });
        case 'done':
          return finish(undefined, {
            type: 'done',
            summary: message.summary,
            stats: stats(tasks.total ? { tasksDone: tasks.done, tasksTotal: tasks.total } : {}),
          });
        case 'task-done': {
          tasks.finish(message.task, message.summary);
          // The plugin's own merge lives in the worker: the first worker combines the summaries.
          if (tasks.done === tasks.total) return workers[0]!.post({ type: 'merge', summaries: tasks.summaries });
          return tasks.assign(worker);
        }
      }
    };

    const spawn = (first: boolean) => {
      let worker: WorkerPort;
      try {
        worker = createWorker();
      } catch (error) {
        return finish(error instanceof Error ? error : new Error(String(error)));
      }
      workers.push(worker);
      worker.onMessage(listen(worker, first));
      worker.onCrash((error) => finish(error));
      worker.post({
        type: 'load',
        moduleUrl: request.moduleUrl,
        pluginId: request.pluginId,
        instance: request.instance,
        threads,
        role: first ? 'lead' : 'helper',
        settings,
        ...(request.keep ? { keep: request.keep } : {}),
      });
    };
    // All workers start at once: each loads the solver and splits the search itself, so the helpers'
    // start-up overlaps the lead's instead of following it.
    spawn(true);
    for (let i = 1; i < threads; i++) spawn(false);
  });
}
