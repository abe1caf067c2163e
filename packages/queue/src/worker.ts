import { hostname } from 'node:os';
import { SPLIT_WIDTH, TaskThread, type Summary, type TaskSearch } from '@kit/core';
import { createNodeWorker, decodeInstance } from '@kit/core/node';
import { Job, UnrecoverableError, Worker } from 'bullmq';
import { PREFIX, QUEUE, connectionFor, probeRedis } from './connection.js';
import type { BlockData, BlockResult, RunData, RunResult, TaskOutcome } from './spec.js';

export interface WorkerPlugin {
  moduleUrl: string;
  version: string;
}

export interface ServeOptions {
  url: string;
  /** Jobs run at once, each on its own solver thread. */
  threads: number;
  /** The plugin with this id as this machine's discovery found it. */
  findPlugin(id: string): WorkerPlugin | undefined;
  /**
   * How long a job's lock lasts without renewal: a worker that dies (kill -9, a lost machine) has its
   * job handed to another after about this long. Renewed by the main thread, which the search never
   * blocks (it runs in worker threads).
   */
  lockMs?: number;
  host?: string;
  log?(line: string): void;
}

export interface QueueWorker {
  /** Stops taking jobs; running ones are abandoned (another worker takes them once their locks expire). */
  close(): Promise<void>;
}

/**
 * Serves BullMQ jobs of kit runs: a block job runs its tasks on a solver thread (the same worker
 * threads as local runs) and returns their summaries and solutions keyed by task; a run's parent job,
 * released by BullMQ when every block is done, merges them with the plugin's own merge.
 */
export async function serveQueue(options: ServeOptions): Promise<QueueWorker> {
  await probeRedis(options.url);
  const host = options.host ?? hostname();
  const lockMs = options.lockMs ?? 30_000;
  const idle: TaskThread[] = [];
  const busy = new Set<TaskThread>();
  let closing = false;
  // A job cut short by close() must not be reported failed (that would fail its run): it is left
  // unsettled, its lock expires, and BullMQ hands it to another worker.
  const abandon = <T>(error: unknown): Promise<T> => (closing ? new Promise<T>(() => {}) : Promise.reject(error));

  const takeThread = (key: string) => {
    const index = idle.findIndex((thread) => thread.loadedKey === key);
    const thread = index >= 0 ? idle.splice(index, 1)[0]! : (idle.pop() ?? new TaskThread(createNodeWorker));
    busy.add(thread);
    return thread;
  };
  const release = (thread: TaskThread) => {
    busy.delete(thread);
    if (thread.dead) return;
    idle.push(thread);
    // Only as many loaded threads as jobs may run at once.
    while (idle.length > options.threads) idle.shift()!.terminate();
  };

  const searchOf = (spec: RunData['spec']): TaskSearch => {
    const found = options.findPlugin(spec.plugin);
    if (!found) throw new UnrecoverableError(`plugin '${spec.plugin}' is not installed on worker ${host}`);
    if (found.version !== spec.version) {
      throw new UnrecoverableError(`plugin ${spec.plugin}: the run was submitted with version ${spec.version}, worker ${host} has ${found.version}`);
    }
    return {
      moduleUrl: found.moduleUrl,
      pluginId: spec.plugin,
      instance: decodeInstance(spec.instance),
      splitWidth: spec.splitWidth ?? SPLIT_WIDTH,
      settings: { wantSolutions: spec.solutions, wantProgress: false },
    };
  };

  const runBlock = async (job: Job<BlockData>): Promise<BlockResult> => {
    const { run, spec, tasks } = job.data;
    const search = searchOf(spec);
    const thread = takeThread(run);
    let found = 0;
    try {
      const total = await thread.load(search, run);
      if (total !== spec.tasksTotal) {
        throw new UnrecoverableError(`worker ${host} splits the search into ${total} tasks, the submitter into ${spec.tasksTotal}`);
      }
      const outcomes: TaskOutcome[] = [];
      for (const task of tasks) {
        const result = await thread.run(task, () => {
          // One block alone past the cap: stop at once rather than fill Redis.
          if (spec.solutions && ++found > spec.maxSolutions) thread.terminate();
        });
        outcomes.push({ task, summary: result.summary, ...(spec.solutions ? { solutions: result.solutions } : {}) });
        await job.updateProgress(outcomes.length);
      }
      return { tasks: outcomes, host };
    } catch (error) {
      if (spec.solutions && found > spec.maxSolutions) throw new UnrecoverableError(tooMany(spec.maxSolutions));
      return abandon(error);
    } finally {
      release(thread);
    }
  };

  const finishRun = async (job: Job<RunData>): Promise<RunResult> => {
    const { spec, cancelled } = job.data;
    if (cancelled) throw new UnrecoverableError('cancelled');
    const byTask = new Map<number, TaskOutcome>();
    for (const value of Object.values(await job.getChildrenValues<BlockResult>())) {
      for (const outcome of value.tasks) byTask.set(outcome.task, outcome);
    }
    const summaries: Summary[] = [];
    let solutions = 0;
    for (let task = 0; task < spec.tasksTotal; task++) {
      const outcome = byTask.get(task);
      if (!outcome) throw new UnrecoverableError(`task ${task} has no result`);
      summaries.push(outcome.summary);
      solutions += outcome.solutions?.length ?? 0;
    }
    if (spec.solutions && solutions > spec.maxSolutions) throw new UnrecoverableError(tooMany(spec.maxSolutions));
    const thread = takeThread(job.id!);
    try {
      await thread.load(searchOf(spec), job.id!);
      const merged = await thread.merge(summaries);
      return { summary: merged.summary, solutions: spec.solutions ? merged.solutions : [], finishedAt: Date.now() };
    } catch (error) {
      return abandon(error);
    } finally {
      release(thread);
    }
  };

  const worker = new Worker(
    QUEUE,
    async (job: Job) => (job.name === 'run' ? finishRun(job as Job<RunData>) : runBlock(job as Job<BlockData>)),
    {
      connection: connectionFor(options.url),
      prefix: PREFIX,
      // Names the machine and process in each job it takes (BullMQ's processedBy).
      name: `${host}:${process.pid}`,
      concurrency: Math.max(1, options.threads),
      lockDuration: lockMs,
      stalledInterval: Math.max(1000, Math.round(lockMs / 2)),
      // A job whose worker died is handed on, again and again if machines keep dying.
      maxStalledCount: 100,
    },
  );
  worker.on('failed', (job, error) => options.log?.(`job ${job?.id ?? '?'} failed: ${error.message}`));
  worker.on('error', (error) => options.log?.(`queue error: ${error.message}`));
  await worker.waitUntilReady();
  return {
    async close() {
      closing = true;
      for (const thread of [...idle.splice(0), ...busy]) thread.terminate();
      await worker.close(true);
    },
  };
}

export function tooMany(max: number): string {
  return `more than ${max} solutions: use --count to count them, or --max-solutions N to carry more`;
}
