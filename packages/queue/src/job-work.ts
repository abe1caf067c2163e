import type { Summary } from '@kit/core';
import type { TaskSearch, TaskThread } from '@kit/core/host';
import type { Redis } from 'ioredis';
import type { Job } from 'bullmq';
import { blockJobId, bullKey } from './keys.js';
import { LIMITS, RUN_ID, boundedInt, checkSummary, isPlainObject, matching, type Signer } from './trust/index.js';
import { checkSigned, type RunRecord } from './records.js';
import { readBlockResults } from './results.js';
import { tasksOfBlock, type BlockData, type BlockResult, type RunJobData, type RunResult, type TaskOutcome } from './spec.js';
import type { ThreadPool } from './thread-pool.js';
import { JobRefused, tooMany } from './job-refused.js';
import { RunRecords } from './run-records.js';
import type { ServedQueue, WorkerPlugin } from './served-queue.js';

/** Why a job's work was stopped from outside it: a time limit, a lost lock, handed back, too many solutions. */
export interface JobStop {
  reason?: string;
}

/** Who does the work, and with what. */
export interface JobWorkContext {
  redis: Redis;
  signer: Signer | undefined;
  /** The worker's host name, in a job's failure reason. */
  host: string;
  /** The worker's id, in the results it signs. */
  workerId: string;
  pool: ThreadPool;
  jobTimeoutMs: number;
}

/**
 * The work of a job once fetched: a block runs its tasks on a solver thread and returns their
 * signed summaries and solutions keyed by task; a run's parent job merges them with the plugin's
 * own merge. Nothing a job holds names code or a path: the plugin is this machine's, found by id
 * and version, and the search is text its parser reads.
 */
export class JobWork {
  readonly #context: JobWorkContext;
  readonly #records: RunRecords;
  /** The jobs on a thread now, by job id. */
  readonly #running = new Map<string, { job: Job; thread: TaskThread; stop: JobStop }>();

  constructor(context: JobWorkContext) {
    this.#context = context;
    this.#records = new RunRecords(context.redis, context.signer);
  }

  /** Ends job `jobId`'s thread, if it is on one (its lock was lost: another worker has it). */
  terminate(jobId: string): void {
    this.#running.get(jobId)?.thread.terminate();
  }

  /** Ends job `jobId`'s thread, if it is on one, saying it was handed back to the queue. */
  handBack(jobId: string): void {
    const work = this.#running.get(jobId);
    if (work) work.stop.reason = 'handed back';
    work?.thread.terminate();
  }

  async runBlock(job: Job, queue: ServedQueue, stop: JobStop): Promise<BlockResult> {
    const { signer, host, workerId } = this.#context;
    const data = readJobData(job, 'block');
    const block = boundedInt(data['block'], 0, LIMITS.blocks - 1, `job ${job.id}: its block`);
    const run = data.run;
    if (job.id !== blockJobId(run, block) || job.parentKey !== bullKey(queue.name, run)) throw new JobRefused(`job ${job.id} is not a block of run ${run}`);
    checkSigned(signer, 'block-job', { run, block }, data.sig, `job ${job.id}`);
    const record = await this.#records.of(run, queue.name);
    const { spec } = record;
    if (block >= spec.blocks) throw new JobRefused(`job ${job.id}: run ${run} has ${spec.blocks} blocks`);
    if (record.cancelledAt !== undefined) throw new JobRefused(`run ${run} was cancelled`);
    const search = searchOf(record, queue.plugin);
    let found = 0;
    const outcomes = await this.#onThread(
      job,
      run,
      async (thread) => {
        const total = await loadSearch(thread, search, run, run);
        if (total !== spec.tasksTotal)
          throw new JobRefused(`worker ${host} splits the search of run ${run} into ${total} tasks, the submitter into ${spec.tasksTotal}`);
        // The block's tasks in one exchange with the thread: a message per task cost this main thread
        // more than BullMQ's own bookkeeping of the job.
        const results = await thread.runBlock(tasksOfBlock(block, spec.blocks, spec.tasksTotal, spec.dealing), () => {
          // One block alone past the cap: stop at once rather than fill Redis.
          if (spec.solutions && ++found > spec.maxSolutions) {
            stop.reason ??= tooMany(spec.maxSolutions);
            thread.terminate();
          }
        });
        return results.map(({ task, summary, solutions }): TaskOutcome => ({ task, summary, ...(spec.solutions ? { solutions } : {}) }));
      },
      stop,
    );
    const result: BlockResult = { run, block, host: workerId, tasks: outcomes };
    return signer ? { ...result, sig: signer.sign('block-result', result) } : result;
  }

  async finishRun(job: Job, queue: ServedQueue, stop: JobStop): Promise<RunResult> {
    const { redis, signer, host, workerId } = this.#context;
    const data = readJobData(job, 'run');
    const run = data.run;
    if (job.id !== run) throw new JobRefused(`job ${job.id} is not run ${run}'s`);
    checkSigned(signer, 'run-job', { run }, data.sig, `job ${job.id}`);
    const record = await this.#records.of(run, queue.name);
    const { spec } = record;
    if (record.cancelledAt !== undefined) throw new JobRefused('cancelled');
    const results = await readBlockResults(redis, signer, spec, queue.name);
    const byTask: (Summary | undefined)[] = new Array(spec.tasksTotal);
    let solutions = 0;
    for (let block = 0; block < spec.blocks; block++) {
      const result = results.get(block);
      if (!result) throw new JobRefused(`block ${block} of run ${run} has no result`);
      for (const outcome of result.tasks) {
        byTask[outcome.task] = outcome.summary;
        solutions += outcome.solutions?.length ?? 0;
      }
    }
    if (spec.solutions && solutions > spec.maxSolutions) throw new JobRefused(tooMany(spec.maxSolutions));
    const search = searchOf(record, queue.plugin);
    const merged = await this.#onThread(
      job,
      `${run}:merge`,
      async (thread) => {
        const total = await loadSearch(thread, search, `${run}:merge`, run);
        if (total !== spec.tasksTotal)
          throw new JobRefused(`worker ${host} splits the search of run ${run} into ${total} tasks, the submitter into ${spec.tasksTotal}`);
        return thread.merge(byTask as Summary[]);
      },
      stop,
    );
    checkSummary(merged.summary, `run ${run}'s merged summary`);
    const result: RunResult = { run, host: workerId, summary: merged.summary, solutions: spec.solutions ? merged.solutions : [], finishedAt: Date.now() };
    const size = JSON.stringify(result).length;
    if (size > LIMITS.runResultBytes) throw new JobRefused(`run ${run}'s merged result is ${size} bytes (at most ${LIMITS.runResultBytes})`);
    return signer ? { ...result, sig: signer.sign('run-result', result) } : result;
  }

  /** Runs `work` on a thread, ending it (and failing the job) past the time limit or when the lock is lost. */
  async #onThread<T>(job: Job, key: string, work: (thread: TaskThread) => Promise<T>, stop: JobStop): Promise<T> {
    const { pool, jobTimeoutMs, host } = this.#context;
    const thread = pool.take(key);
    this.#running.set(job.id!, { job, thread, stop });
    const timer = setTimeout(() => {
      stop.reason ??= `ran past the time limit of ${Math.round(jobTimeoutMs / 1000)} s on worker ${host}`;
      thread.terminate();
    }, jobTimeoutMs);
    try {
      return await work(thread);
    } catch (error) {
      if (stop.reason !== undefined) throw new JobRefused(stop.reason);
      throw error;
    } finally {
      clearTimeout(timer);
      this.#running.delete(job.id!);
      pool.release(thread);
    }
  }
}

/** The search a run's job loads: its source checked against this machine's plugin's options. */
function searchOf(record: RunRecord, plugin: WorkerPlugin): TaskSearch {
  const unknown = Object.keys(record.spec.source.options).filter((name) => !plugin.options.some((spec) => spec.name === name));
  if (unknown.length > 0) throw new JobRefused(`run ${record.spec.run}: ${plugin.id} ${plugin.version} has no option --${unknown[0]}`);
  return {
    moduleUrl: plugin.moduleUrl,
    pluginId: plugin.id,
    source: record.spec.source,
    splitWidth: record.spec.splitWidth,
    ...(record.cuts.length > 0 ? { cuts: record.cuts } : {}),
    settings: { wantSolutions: record.spec.solutions, wantProgress: false },
  };
}

/** A job's data as stored: small, a reference to its run and a signature. */
function readJobData(job: Job, kind: 'block' | 'run'): (BlockData | RunJobData) & Record<string, unknown> {
  const data: unknown = job.data;
  if (!isPlainObject(data)) throw new JobRefused(`job ${job.id}: its data is not a record`);
  if (data['unreadable'] === true) throw new JobRefused(`job ${job.id}: unreadable job (a field of it in Redis is not JSON)`);
  if (typeof data['oversize'] === 'number') throw new JobRefused(`job ${job.id}: its data is ${data['oversize']} bytes (at most ${LIMITS.jobFieldBytes})`);
  const run = matching(data['run'], RUN_ID, `job ${job.id}: its run id`);
  const allowed = kind === 'block' ? ['run', 'block', 'sig'] : ['run', 'sig'];
  const extra = Object.keys(data).find((key) => !allowed.includes(key));
  if (extra !== undefined) throw new JobRefused(`job ${job.id}: its data has an unknown field ${JSON.stringify(extra.slice(0, 40))}`);
  return { ...data, run } as (BlockData | RunJobData) & Record<string, unknown>;
}

/** Loads a run's search on a thread; cuts its split refuses fail the job in one line. */
async function loadSearch(thread: TaskThread, search: TaskSearch, key: string, run: string): Promise<number> {
  try {
    return await thread.load(search, key);
  } catch (error) {
    if (search.cuts && /^(cut |the cuts |the search('s split)? )/.test((error as Error).message ?? ''))
      throw new JobRefused(`run ${run}: ${(error as Error).message}`);
    throw error;
  }
}
