import { setTimeout as sleep } from 'node:timers/promises';
import type { Summary } from '@kit/core';
import { Redis } from 'ioredis';
import { Job, Queue } from 'bullmq';
import { BULL_PREFIX, RUNS_KEY, runKey } from './keys.js';
import { QueueError, connectionFor, evictionMessage, outOfMemoryMessage, probeRedis, redactUrl, redisOptions, type QueueUrl } from './connection.js';
import { BadRecord, RUN_ID, type Signer } from './trust/index.js';
import { childFailure, removeRun, snapshotRun, type RunSnapshot } from './run-state.js';
import { readBlockResults } from './results.js';
import { listWorkers, type WorkerRecord } from './heartbeat.js';
import { pruneRuns, type PruneOptions, type PruneReport } from './prune.js';
import { RedisWatch, UNANSWERED_MS } from './redis-watch.js';
import type { RunRecord } from './records.js';
import type { Dealing, RunSpec } from './spec.js';

/**
 * Where a run is: waiting for a worker, running, its parent merging, or ended (completed, failed,
 * cancelled, or lost: gone from Redis).
 */
export type RunState = 'queued' | 'running' | 'merging' | 'completed' | 'failed' | 'cancelled' | 'lost';

/** A run as `kit queue status` shows it. */
export interface RunStatus {
  /** The run's id, `run-` and ten hex digits. */
  runId: string;
  /** The search as submitted. */
  spec: RunSpec;
  /** The BullMQ queue it was submitted to: `plugin@version`. */
  queue: string;
  /** Where the run is. */
  state: RunState;
  /** Tasks whose results are in. */
  tasksDone: number;
  /** Tasks the search was split into. */
  tasksTotal: number;
  /** Why a failed run failed (a block's error, named by the worker that raised it). */
  reason?: string;
  /** The merged summary, once the run has completed. */
  summary?: Summary;
  /** When the run's results will be removed (ms since the epoch), once it has ended. */
  expiresAt?: number;
}

/** A finished run as a local run reports it: every task's solutions in task order, then the merge's. */
export interface RunOutcome {
  /** The run's status when it was read, completed. */
  status: RunStatus;
  /** The plugin's merge of every task's summary: what a local run's done line holds. */
  summary: Summary;
  /** Every task's solutions in task order, then the merge's own (none for a --count run). */
  solutions: unknown[];
  /** From the submit to the merge's end, by the submitter's and the merging worker's clocks. */
  elapsedMs: number;
  /** Each task's summary, in task order (the benchmark weighs the jobs by their tries). */
  taskSummaries: Summary[];
  /** The jobs the tasks were dealt into. */
  blocks: number;
  /** How the tasks were dealt into blocks (tasksOfBlock gives each block's tasks). */
  dealing: Dealing;
}

/** A run that ended without a result: failed, cancelled, or lost (no longer in Redis). */
export class RunFailed extends Error {
  /** `RunFailed`, for code that tells errors apart by name. */
  override readonly name = 'RunFailed';
  constructor(
    /** The run's id, how it ended and why; the message is made from it. */
    readonly status: Pick<RunStatus, 'runId' | 'state' | 'reason'>,
  ) {
    super(
      status.state === 'cancelled'
        ? `run ${status.runId} was cancelled`
        : status.state === 'lost'
          ? `run ${status.runId} is no longer in Redis (removed, expired, or Redis restarted without persistence)`
          : `run ${status.runId} failed: ${status.reason ?? 'no reason given'}`,
    );
  }
}

/** How {@link Runs.open} reads runs. */
export interface OpenOptions {
  /** The shared secret's signer, to check what is read; undefined reads unsigned runs only. */
  signer: Signer | undefined;
  /** A line for the user (an eviction policy that may lose jobs, an outage and its end). */
  warn?(line: string): void;
}

/** An open handle on the runs of one Redis. */
export class Runs {
  readonly #queues = new Map<string, Queue>();

  private constructor(
    /** The Redis the runs are in. */
    readonly url: QueueUrl,
    private readonly redis: Redis,
    private readonly signer: Signer | undefined,
    private readonly watch: RedisWatch,
  ) {}

  /** Connects to the Redis at `url`; warns through `options.warn` when its eviction policy may lose jobs. */
  static async open(url: QueueUrl, options: OpenOptions): Promise<Runs> {
    const info = await probeRedis(url, { requireNoEviction: false });
    const where = redactUrl(url.url);
    if (info.evictionPolicy !== 'noeviction') options.warn?.(evictionMessage(where, info.evictionPolicy));
    const watch = new RedisWatch(where, options.warn ?? (() => {}));
    // Commands wait through an outage: a submitter rides out a Redis restart.
    const redis = new Redis({ ...redisOptions(url), maxRetriesPerRequest: null });
    watch.attach(redis);
    return new Runs(url, redis, options.signer, watch);
  }

  /** Closes the connections to Redis. */
  async close(): Promise<void> {
    await Promise.all([...this.#queues.values()].map((queue) => queue.close().catch(() => {})));
    this.redis.disconnect();
  }

  #queue(name: string): Queue {
    let queue = this.#queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: connectionFor(this.url), prefix: BULL_PREFIX, skipVersionCheck: true });
      this.watch.attachEmitter(queue);
      this.#queues.set(name, queue);
    }
    return queue;
  }

  async #snapshot(runId: string): Promise<RunSnapshot> {
    const snapshot = RUN_ID.test(runId) ? await this.#read(runId) : undefined;
    if (!snapshot) throw new QueueError(`no run ${JSON.stringify(runId.slice(0, 80))} on ${redactUrl(this.url.url)}`);
    return snapshot;
  }

  async #read(runId: string, known?: RunRecord): Promise<RunSnapshot | undefined> {
    try {
      return await snapshotRun(this.redis, this.signer, runId, known);
    } catch (error) {
      if (error instanceof BadRecord) throw new QueueError(error.message);
      throw error;
    }
  }

  /** The run's status now; a QueueError when there is no such run. */
  async status(runId: string): Promise<RunStatus> {
    return this.#statusOf(await this.#snapshot(runId));
  }

  async #statusOf(snapshot: RunSnapshot): Promise<RunStatus> {
    const { record, state } = snapshot;
    const { spec } = record;
    const tasksDone = snapshot.processed.reduce((sum, block) => sum + Math.floor((spec.tasksTotal - 1 - block) / spec.blocks) + 1, 0);
    const status: RunStatus = { runId: spec.run, spec, queue: record.queue, state: 'queued', tasksDone, tasksTotal: spec.tasksTotal };
    const expires = (from: number | undefined) => (from === undefined ? {} : { expiresAt: from + spec.keepSeconds * 1000 });
    if (state === 'completed')
      return { ...status, state: 'completed', tasksDone: spec.tasksTotal, summary: snapshot.result!.summary, ...expires(snapshot.finishedOn) };
    if (record.cancelledAt !== undefined) return { ...status, state: 'cancelled', ...expires(record.cancelledAt) };
    if (state === 'failed') {
      const reason = snapshot.failedReason ?? 'failed';
      const own = await childFailure(this.redis, record.queue, reason);
      if ((own ?? reason) === 'cancelled') return { ...status, state: 'cancelled', ...expires(snapshot.finishedOn) };
      return { ...status, state: 'failed', reason: stalledReason(own ?? reason), ...expires(snapshot.finishedOn) };
    }
    if (state === 'missing') return { ...status, state: 'lost' };
    if (state === 'waiting-children') return { ...status, state: snapshot.processed.length > 0 || snapshot.running > 0 ? 'running' : 'queued' };
    return { ...status, state: 'merging' };
  }

  /**
   * Redis's memory as a waiting submitter reports it: a message naming `maxmemory` when used memory
   * has reached it (workers can then store neither heartbeats nor results), else undefined.
   */
  async memoryProblem(): Promise<string | undefined> {
    const info = await this.redis.info('memory');
    const field = (name: string) => Number(new RegExp(`^${name}:(\\d+)`, 'm').exec(info)?.[1] ?? Number.NaN);
    const used = field('used_memory');
    const max = field('maxmemory');
    return max > 0 && used >= max ? outOfMemoryMessage(redactUrl(this.url.url)) : undefined;
  }

  /** The live workers that serve `queue` (its plugin and version), and the others. */
  async servedBy(queue: string): Promise<{ serving: WorkerRecord[]; others: WorkerRecord[] }> {
    const { workers } = await listWorkers(this.redis, this.signer);
    return { serving: workers.filter((worker) => worker.queues.includes(queue)), others: workers.filter((worker) => !worker.queues.includes(queue)) };
  }

  /**
   * Waits until the run is over; `onProgress` sees each status while it runs. Rejects RunFailed, or
   * QueueError once Redis has been lost or silent for longer than `outageMs` (default: waits on).
   */
  async wait(
    runId: string,
    options: { onProgress?: (status: RunStatus) => void; pollMs?: number; signal?: AbortSignal; outageMs?: number } = {},
  ): Promise<RunOutcome> {
    const bounded = <T>(work: Promise<T>) => this.#withinOutage(work, runId, options.outageMs ?? Number.POSITIVE_INFINITY);
    const started = performance.now();
    // Read and checked once: each poll then reads the run's state alone.
    let known: RunRecord | undefined;
    for (;;) {
      // A frozen Redis keeps the connection and never answers, which no error reports: said once
      // past a few seconds, and again when it answers.
      const unanswered = setTimeout(() => this.watch.unanswered(UNANSWERED_MS / 1000), UNANSWERED_MS);
      let snapshot: RunSnapshot | undefined;
      try {
        snapshot = await bounded(this.#read(runId, known));
      } finally {
        clearTimeout(unanswered);
      }
      this.watch.ok();
      if (!snapshot) throw new RunFailed({ runId, state: 'lost' });
      known = snapshot.record;
      const status = await bounded(this.#statusOf(snapshot));
      if (status.state === 'completed') return bounded(this.#outcome(snapshot, status));
      if (status.state === 'failed' || status.state === 'cancelled' || status.state === 'lost') throw new RunFailed(status);
      options.onProgress?.(status);
      // A quarter second at first, a second once the run has gone on for 15 s: a long run's
      // submitter then costs little CPU, a short one still ends within a moment.
      const pollMs = options.pollMs ?? Math.min(1000, 250 + (performance.now() - started) / 20);
      await sleep(pollMs, undefined, options.signal ? { signal: options.signal } : {});
    }
  }

  /** `work`, or a QueueError once Redis has been lost or silent for more than `limitMs`. */
  #withinOutage<T>(work: Promise<T>, runId: string, limitMs: number): Promise<T> {
    if (!Number.isFinite(limitMs)) return work;
    let timer: NodeJS.Timeout | undefined;
    const givenUp = new Promise<never>((_, reject) => {
      timer = setInterval(() => {
        const outage = this.watch.outageMs();
        if (outage <= limitMs) return;
        const where = redactUrl(this.url.url);
        reject(
          new QueueError(
            `gave up waiting for run ${runId}: Redis at ${where} has been unreachable or silent for ${Math.round(outage / 1000)} s; the run goes on if Redis comes back (kit queue wait ${runId} --queue ${where})`,
          ),
        );
      }, 250);
    });
    // The command left behind settles when Redis answers or the connection closes: not an error then.
    work.catch(() => {});
    return Promise.race([work, givenUp]).finally(() => clearInterval(timer));
  }

  async #outcome(snapshot: RunSnapshot, status: RunStatus): Promise<RunOutcome> {
    const { spec, queue } = snapshot.record;
    const result = snapshot.result!;
    let results;
    try {
      results = await readBlockResults(this.redis, this.signer, spec, queue);
    } catch (error) {
      if (error instanceof BadRecord) throw new QueueError(error.message);
      throw error;
    }
    const taskSummaries: Summary[] = new Array(spec.tasksTotal);
    const byTask: unknown[][] = new Array(spec.tasksTotal);
    for (const block of results.values()) {
      for (const outcome of block.tasks) {
        taskSummaries[outcome.task] = outcome.summary;
        byTask[outcome.task] = outcome.solutions ?? [];
      }
    }
    if (results.size !== spec.blocks) throw new RunFailed({ runId: spec.run, state: 'lost' });
    const solutions = spec.solutions ? [...byTask.flat(), ...result.solutions] : [];
    return {
      status,
      summary: result.summary,
      solutions,
      elapsedMs: Math.max(0, result.finishedAt - spec.submittedAt),
      taskSummaries,
      blocks: spec.blocks,
      dealing: spec.dealing,
    };
  }

  /** Stops handing out the run's tasks; blocks already running finish, and the run ends as cancelled. */
  async cancel(runId: string): Promise<RunStatus> {
    const status = await this.status(runId);
    if (status.state === 'completed' || status.state === 'failed' || status.state === 'cancelled' || status.state === 'lost') return status;
    await this.redis.hset(runKey(runId), 'cancelledAt', String(Date.now()));
    const parent = await Job.fromId(this.#queue(status.queue), runId);
    await parent?.removeUnprocessedChildren();
    return this.status(runId);
  }

  /** Removes the run and its results from Redis; a run still going must be cancelled first. */
  async remove(runId: string): Promise<void> {
    const snapshot = await this.#snapshot(runId);
    const status = await this.#statusOf(snapshot);
    if (status.state === 'running' || status.state === 'queued' || status.state === 'merging') {
      throw new QueueError(`run ${runId} is still going: kit queue cancel ${runId} first`);
    }
    if (!(await removeRun(this.url, this.redis, runId, snapshot.record.queue))) {
      throw new QueueError(`run ${runId} still has a block running: try again when it is done`);
    }
  }

  /** The runs in Redis, newest first (at most `limit`); records this side cannot read are named apart. */
  async list(limit = 1000): Promise<{ runs: RunStatus[]; unreadable: { runId: string; reason: string }[] }> {
    const ids = await this.redis.zrevrange(RUNS_KEY, 0, limit - 1);
    const runs: RunStatus[] = [];
    const unreadable: { runId: string; reason: string }[] = [];
    for (const runId of ids) {
      try {
        const snapshot = await snapshotRun(this.redis, this.signer, runId);
        if (snapshot) runs.push(await this.#statusOf(snapshot));
      } catch (error) {
        if (!(error instanceof BadRecord)) throw error;
        unreadable.push({ runId, reason: error.message });
      }
    }
    return { runs, unreadable };
  }

  /** Removes the runs whose keep time is up (`kit queue prune`). */
  prune(options: PruneOptions = {}): Promise<PruneReport> {
    return pruneRuns(this.redis, this.signer, this.url, options);
  }

  /** The live workers, and how many heartbeat records were refused as unreadable (`kit queue workers`). */
  async workers(): Promise<{ workers: WorkerRecord[]; refused: number }> {
    return listWorkers(this.redis, this.signer);
  }
}

/** BullMQ's words for a job that stalled too often, in ours. */
function stalledReason(reason: string): string {
  return /stalled more than allowable limit/.test(reason) ? `a block stopped two workers (killed or lost mid-job): ${reason}` : reason;
}
