import type { ContextSettings } from './context.js';
import { deserializeError } from './errors.js';
import type { Summary } from './events.js';
import { workerTaker, type WorkerSource } from './worker-supply.js';
import { MAX_TASKS_PER_EXCHANGE, type HostMessage, type WorkerMessage, type WorkerPort } from './protocol.js';
import type { SearchSource } from './search-source.js';

/**
 * A search's deterministic task list, wherever its tasks run (shards, queue workers): the solver is
 * split as if for `splitWidth` threads, so every machine computes the same list whatever its cores.
 * A search that does not split is one task, task 0, the whole search.
 */
export interface TaskSearch {
  /** The plugin module's URL, which the thread imports. */
  moduleUrl: string;
  /** The plugin to use from that module. */
  pluginId: string;
  /** The parsed instance, or the search as text (`source`), which the worker thread parses. */
  instance?: unknown;
  /** The search as options and input text, parsed on the thread. */
  source?: SearchSource;
  /** How many tasks to ask the split for (see `SPLIT_WIDTH`). */
  splitWidth: number;
  /** The split's tasks cut deeper, as planned by one machine for all (see cuts.ts). */
  cuts?: number[][];
  /** Plan the cuts while loading, up to `maxTasks` tasks (`TaskThread.cuts` has them). */
  plan?: { maxTasks: number; minEstimate: number };
  /** The run settings every task runs with. */
  settings: Omit<ContextSettings, 'signal'>;
}

/** What one task produced: its summary and the solutions it reported, in order. */
export interface TaskResult {
  /** The task number. */
  task: number;
  /** Its summary. */
  summary: Summary;
  /** Its solutions, in order. */
  solutions: unknown[];
}

/** The default width: enough tasks for a few dozen workers, few enough that each is worth a job. */
export const SPLIT_WIDTH = 16;

/**
 * One solver worker thread that runs tasks of one search at a time, one after another, through the
 * same worker protocol as local runs. It stays loaded between tasks, so a queue worker pays the
 * plugin's import and split once per search, not once per task.
 */
export class TaskThread {
  #port: WorkerPort;
  #loaded: { key: string; tasks: number } | undefined;
  #pending: ((message: WorkerMessage | Error) => void) | undefined;
  #dead: Error | undefined;

  /** `workers`: the host's supply (a solver worker is taken from it), or a function that starts one. */
  constructor(workers: WorkerSource<'solver'>) {
    this.#port = workerTaker(workers, 'solver')();
    this.#port.onMessage((message) => this.#pending?.(message));
    this.#port.onCrash((error) => {
      this.#dead = error;
      this.#pending?.(error);
    });
  }

  /** True once the thread crashed or was terminated. */
  get dead(): boolean {
    return this.#dead !== undefined;
  }

  /** The search this thread holds (a caller's key for it), if any. */
  get loadedKey(): string | undefined {
    return this.#loaded?.key;
  }

  /** Loads a search (unless it is the one loaded); resolves to its number of tasks. */
  async load(search: TaskSearch, key: string): Promise<number> {
    if (this.#loaded?.key === key) return this.#loaded.tasks;
    this.#loaded = undefined;
    let tasks = 0;
    this.#cuts = [];
    await this.#exchange(this.#loadMessage(search, 'helper'), (message) => {
      if (message.type !== 'split') return false;
      tasks = message.tasks;
      this.#cuts = message.cuts ?? [];
      return true;
    });
    this.#loaded = { key, tasks: Math.max(1, tasks) };
    this.#search = search;
    this.#splits = tasks > 0;
    return this.#loaded.tasks;
  }

  #search: TaskSearch | undefined;
  #splits = false;
  #cuts: number[][] = [];

  /** The cuts the loaded search's plan made (empty unless it was loaded with `plan`). */
  get cuts(): number[][] {
    return this.#cuts;
  }

  /** Runs one task of the loaded search; `onSolution` sees each solution as it comes. */
  async run(task: number, onSolution?: (solution: unknown) => void): Promise<TaskResult> {
    const search = this.#search;
    if (!this.#loaded || !search) throw new Error('no search loaded');
    const solutions: unknown[] = [];
    const keep = (solution: unknown) => {
      solutions.push(solution);
      onSolution?.(solution);
    };
    let summary: Summary | undefined;
    if (this.#splits) {
      await this.#exchange({ type: 'task', task }, (message) => {
        if (message.type === 'solution' && message.task === task) keep(message.solution);
        else if (message.type === 'solutions' && message.task === task) message.solutions.forEach(keep);
        else if (message.type === 'task-done' && message.task === task) summary = message.summary;
        return summary !== undefined;
      });
    } else {
      if (task !== 0) throw new Error(`task ${task} of a search that does not split`);
      // The whole search: the worker loads it again as the lead, which runs it at once.
      this.#loaded = undefined;
      await this.#exchange(this.#loadMessage(search, 'lead'), (message) => {
        if (message.type === 'solution') keep(message.solution);
        else if (message.type === 'solutions') message.solutions.forEach(keep);
        else if (message.type === 'done') summary = message.summary;
        return summary !== undefined;
      });
    }
    return { task, summary: summary!, solutions };
  }

  /**
   * Runs several tasks of the loaded search, in the order given, in one exchange with the thread
   * (one per MAX_TASKS_PER_EXCHANGE tasks) rather than one each: a queue job's 16 tasks cost the
   * worker's main thread one message out and one summary reply. Results as `run` gives them, in order;
   * `onSolution` sees each solution as it comes, with its task.
   */
  async runBlock(tasks: readonly number[], onSolution?: (solution: unknown, task: number) => void): Promise<TaskResult[]> {
    if (!this.#loaded || !this.#search) throw new Error('no search loaded');
    if (new Set(tasks).size !== tasks.length) throw new Error('a block names a task twice');
    const results: TaskResult[] = [];
    if (!this.#splits) {
      for (const task of tasks) results.push(await this.run(task, (solution) => onSolution?.(solution, task)));
      return results;
    }
    for (let start = 0; start < tasks.length; start += MAX_TASKS_PER_EXCHANGE) {
      const chunk = tasks.slice(start, start + MAX_TASKS_PER_EXCHANGE);
      const found = new Map<number, unknown[]>(chunk.map((task) => [task, []]));
      const keep = (task: number | undefined, solutions: readonly unknown[]) => {
        const kept = task === undefined ? undefined : found.get(task);
        if (!kept) return;
        for (const solution of solutions) {
          kept.push(solution);
          onSolution?.(solution, task!);
        }
      };
      let summaries: Summary[] | undefined;
      await this.#exchange({ type: 'tasks', tasks: chunk }, (message) => {
        if (message.type === 'solution') keep(message.task, [message.solution]);
        else if (message.type === 'solutions') keep(message.task, message.solutions);
        else if (message.type === 'tasks-done') summaries = message.summaries;
        return summaries !== undefined;
      });
      if (!Array.isArray(summaries) || summaries.length !== chunk.length) {
        throw new Error(`the solver thread answered ${Array.isArray(summaries) ? summaries.length : 'no'} summaries for ${chunk.length} tasks`);
      }
      for (const [i, task] of chunk.entries()) results.push({ task, summary: summaries[i]!, solutions: found.get(task)! });
    }
    return results;
  }

  /** The plugin's own merge (or finish) of every task's summary, in task order. */
  async merge(summaries: Summary[]): Promise<{ summary: Summary; solutions: unknown[] }> {
    if (!this.#splits) return { summary: summaries[0]!, solutions: [] };
    const solutions: unknown[] = [];
    let summary: Summary | undefined;
    await this.#exchange({ type: 'merge', summaries }, (message) => {
      if (message.type === 'solution') solutions.push(message.solution);
      else if (message.type === 'solutions') solutions.push(...message.solutions);
      else if (message.type === 'done') summary = message.summary;
      return summary !== undefined;
    });
    return { summary: summary!, solutions };
  }

  /** Stops the thread; a task in flight fails with "solver worker terminated". */
  terminate(): void {
    this.#dead ??= new Error('solver worker terminated');
    this.#pending?.(this.#dead);
    // Once: a caller may stop it from every solution of a batch, and each call would wait on the worker.
    if (this.#terminated) return;
    this.#terminated = true;
    this.#port.terminate();
  }

  #terminated = false;

  #loadMessage(search: TaskSearch, role: 'lead' | 'helper'): HostMessage {
    return {
      type: 'load',
      moduleUrl: search.moduleUrl,
      pluginId: search.pluginId,
      ...(search.source ? { source: search.source } : { instance: search.instance }),
      threads: Math.max(2, search.splitWidth),
      ...(search.cuts && search.cuts.length > 0 ? { cuts: search.cuts } : {}),
      ...(search.plan && role === 'helper' ? { plan: search.plan } : {}),
      role,
      settings: search.settings,
    };
  }

  /** Posts a message and feeds the replies to `take` until it says the exchange is over. */
  #exchange(message: HostMessage, take: (message: WorkerMessage) => boolean): Promise<void> {
    if (this.#dead) return Promise.reject(this.#dead);
    if (this.#pending) return Promise.reject(new Error('the thread is busy'));
    return new Promise<void>((resolve, reject) => {
      this.#pending = (reply) => {
        let finished: Error | true | false;
        if (reply instanceof Error) finished = reply;
        else if (reply.type === 'error') finished = deserializeError(reply.error);
        else finished = take(reply);
        if (finished === false) return;
        this.#pending = undefined;
        if (finished === true) resolve();
        else reject(finished);
      };
      this.#port.post(message);
    });
  }
}

/** How `runTasks` runs a selection of tasks. */
export interface RunTasksOptions {
  /** Which tasks to run, given how many there are (default: all), in the order they are wanted. */
  select?: (tasksTotal: number) => readonly number[];
  /** Worker threads to use (at least 1). */
  threads: number;
  /** Cancels the run and terminates the threads. */
  signal?: AbortSignal;
  /** Solutions in the selection's order: a task's are held until every earlier selected task is done. */
  onSolution?: (solution: unknown, task: number) => void;
  /** Called as each task finishes, with the counts so far. */
  onTaskDone?: (result: TaskResult, done: number, selected: number, tasksTotal: number) => void;
}

/** Runs some tasks of a search on `threads` threads; resolves to the task count and the results in order. */
export async function runTasks(
  search: TaskSearch,
  workers: WorkerSource<'solver'>,
  options: RunTasksOptions,
): Promise<{ tasksTotal: number; results: TaskResult[] }> {
  const threads: TaskThread[] = [new TaskThread(workers)];
  const stop = () =>
    threads.forEach((thread) => {
      thread.terminate();
    });
  options.signal?.addEventListener('abort', stop, { once: true });
  try {
    const tasksTotal = await threads[0]!.load(search, 'search');
    const selected = [...(options.select?.(tasksTotal) ?? Array.from({ length: tasksTotal }, (_, task) => task))];
    const results: (TaskResult | undefined)[] = selected.map(() => undefined);
    const held = new Map<number, unknown[]>();
    let emitted = 0;
    let done = 0;
    let next = 0;
    const flush = () => {
      while (emitted < selected.length) {
        const task = selected[emitted]!;
        for (const solution of held.get(emitted) ?? []) options.onSolution?.(solution, task);
        held.delete(emitted);
        if (!results[emitted]) return;
        emitted++;
      }
    };
    const serve = async (thread: TaskThread) => {
      await thread.load(search, 'search');
      while (next < selected.length) {
        const slot = next++;
        const task = selected[slot]!;
        const result = await thread.run(task, (solution) => {
          if (slot === emitted) options.onSolution?.(solution, task);
          else held.set(slot, [...(held.get(slot) ?? []), solution]);
        });
        results[slot] = result;
        done++;
        flush();
        options.onTaskDone?.(result, done, selected.length, tasksTotal);
      }
    };
    for (let i = 1; i < Math.min(options.threads, selected.length); i++) threads.push(new TaskThread(workers));
    await Promise.all(threads.map(serve));
    return { tasksTotal, results: results as TaskResult[] };
  } finally {
    options.signal?.removeEventListener('abort', stop);
    stop();
  }
}
