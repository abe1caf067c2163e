import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { safeLine } from '@kit/core/messages';
import { Redis } from 'ioredis';
import { QueueError, probeRedis, redactUrl, redisOptions, type QueueUrl } from './connection.js';
import type { Signer } from './trust/index.js';
import { ThreadPool } from './thread-pool.js';
import { WorkerMetrics } from './metrics.js';
import { RedisWatch } from './redis-watch.js';
import { openQueues, type WorkerPlugin } from './served-queue.js';
import { JobWork } from './job-work.js';
import { JobLoop } from './job-loop.js';
import { RunningWorker } from './running-worker.js';

export type { WorkerPlugin } from './served-queue.js';

/** What {@link serveQueue} serves, and how. */
export interface ServeOptions {
  /** The Redis to take jobs from. */
  url: QueueUrl;
  /** The shared secret's signer; without one only unsigned runs are served (loopback Redis only). */
  signer: Signer | undefined;
  /** Jobs run at once, each on its own solver thread. */
  threads: number;
  /** The plugins served, one queue each. */
  plugins: readonly WorkerPlugin[];
  /**
   * How long a job's lock lasts without renewal: a worker that dies (kill -9, a lost machine) has its
   * job handed to another after about this long.
   */
  lockMs?: number;
  /** The longest a job may run; past it the job fails (and with it the run), naming the limit. */
  jobTimeoutMs?: number;
  /** The heap of each solver thread, in MB. */
  heapMb?: number;
  /** The name the worker goes by in its id and records (default: the machine's host name). */
  host?: string;
  /** A line for the operator: a failed job, a lost or regained connection. */
  log?(line: string): void;
}

/** A running worker, as {@link serveQueue} resolves it. */
export interface QueueWorker {
  /** `HOST:PID:RANDOM`, as `kit queue workers` lists it. */
  readonly id: string;
  /** Its counters: jobs done and failed, their times, jobs handed back. */
  readonly metrics: WorkerMetrics;
  /** Ready: connected to Redis and taking jobs. */
  readonly ready: boolean;
  /** Prometheus text: this worker's counters and BullMQ's job counts of its queues. */
  metricsText(): Promise<string>;
  /**
   * Stops taking jobs; waits up to `graceMs` for the ones running, then hands the rest back to the
   * queue (another worker takes them at once) and closes. Resolves to how many were handed back.
   */
  drain(graceMs: number): Promise<number>;
  /** Hands back every job at once and closes. */
  close(): Promise<number>;
}

export const DEFAULT_LOCK_MS = 30_000;
export const DEFAULT_JOB_TIMEOUT_MS = 3600_000;
export const DEFAULT_HEAP_MB = 1024;

/**
 * Serves the queues of this machine's plugins: a block job runs its tasks on a solver thread (the
 * same worker threads as local runs) and returns their signed summaries and solutions keyed by task;
 * a run's parent job, released by BullMQ when every block is done, merges them with the plugin's
 * own merge (the work: job-work.ts; fetching and settling jobs: job-loop.ts; heartbeat and
 * shutdown: running-worker.ts).
 */
export async function serveQueue(options: ServeOptions): Promise<QueueWorker> {
  if (options.plugins.length === 0) throw new QueueError('no plugins to serve: a worker serves the plugins kit list shows here');
  await probeRedis(options.url, { requireNoEviction: true });
  const host = options.host ?? hostname();
  const id = `${host}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const lockMs = options.lockMs ?? DEFAULT_LOCK_MS;
  const log = (line: string) => options.log?.(safeLine(line, 1000));
  const { signer, threads, url } = options;
  const watch = new RedisWatch(redactUrl(url.url), log);
  const metrics = new WorkerMetrics(threads);
  const pool = new ThreadPool(threads, options.heapMb ?? DEFAULT_HEAP_MB);
  const redis = new Redis({ ...redisOptions(url), maxRetriesPerRequest: null });
  watch.attach(redis);
  // Every command of a worker waits through an outage, so a frozen Redis would go unsaid.
  const stopWatchdog = watch.watchdog(redis);
  const startedAt = Date.now();
  const queues = await openQueues(options.plugins, url, id, lockMs, watch);
  const work = new JobWork({ redis, signer, host, workerId: id, pool, jobTimeoutMs: options.jobTimeoutMs ?? DEFAULT_JOB_TIMEOUT_MS });
  const loop = new JobLoop({ queues, work, workerId: id, threads, lockMs, watch, metrics, log });
  const running = new RunningWorker({ id, host, url, signer, threads, startedAt, redis, watch, stopWatchdog, metrics, pool, queues, work, loop, log });
  await running.start();
  return {
    id,
    metrics,
    get ready() {
      return running.ready;
    },
    metricsText: () => running.metricsText(),
    drain: (graceMs) => running.stop(graceMs),
    close: () => running.stop(0),
  };
}
