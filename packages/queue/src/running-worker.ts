import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { Queue } from 'bullmq';
import { BULL_PREFIX } from './keys.js';
import { connectionFor, type QueueUrl } from './connection.js';
import type { Signer } from './trust/index.js';
import { HEARTBEAT_EVERY_MS, removeHeartbeat, writeHeartbeat, type WorkerRecord } from './heartbeat.js';
import { pruneRuns } from './prune.js';
import type { WorkerMetrics } from './metrics.js';
import type { RedisWatch } from './redis-watch.js';
import type { ThreadPool } from './thread-pool.js';
import type { JobLoop } from './job-loop.js';
import type { JobWork } from './job-work.js';
import type { ServedQueue } from './served-queue.js';

/**
 * The longest a stopping worker waits on Redis for one step (its last heartbeat, handing jobs back,
 * closing): a frozen or lost Redis must not keep it alive. A job not handed back in time has its
 * lock lapse and is served again elsewhere.
 */
const STOP_STEP_MS = 2000;
const PRUNE_EVERY_MS = 60_000;

/** The parts of a worker, made by serveQueue. */
export interface WorkerParts {
  id: string;
  host: string;
  url: QueueUrl;
  signer: Signer | undefined;
  threads: number;
  startedAt: number;
  redis: Redis;
  watch: RedisWatch;
  /** Stops the watch's pings of `redis`. */
  stopWatchdog(): void;
  metrics: WorkerMetrics;
  pool: ThreadPool;
  queues: ServedQueue[];
  work: JobWork;
  loop: JobLoop;
  log(line: string): void;
}

/**
 * A worker once its loop takes jobs: its heartbeat and pruning of expired runs, its metrics, and
 * how it stops (jobs running are given a grace period, then handed back to the queue).
 */
export class RunningWorker {
  readonly #parts: WorkerParts;
  #draining = false;
  #heartbeat: ReturnType<typeof setInterval> | undefined;
  #prune: ReturnType<typeof setInterval> | undefined;
  /** BullMQ's export of job counts is a Queue's: one per queue, made when metrics are first asked for. */
  #exporters: Queue[] | undefined;
  #closed: Promise<number> | undefined;
  /** A step Redis leaves unanswered marks it silent: the steps after it wait no more than a moment. */
  #silent = false;

  constructor(parts: WorkerParts) {
    this.#parts = parts;
  }

  /** Ready: connected to Redis and taking jobs. */
  get ready(): boolean {
    return this.#parts.loop.taking && this.#parts.watch.connected;
  }

  /** Writes the first heartbeat, then one every HEARTBEAT_EVERY_MS, and prunes expired runs now and then. */
  async start(): Promise<void> {
    const { redis, signer, url, id, log } = this.#parts;
    await this.#beat();
    this.#heartbeat = setInterval(() => this.#beat(), HEARTBEAT_EVERY_MS);
    this.#prune = setInterval(() => {
      pruneRuns(redis, signer, url, { lockedBy: id, limit: 5000 }).catch((error: Error) => log(`pruning expired runs: ${error.message}`));
    }, PRUNE_EVERY_MS);
  }

  /** Prometheus text: this worker's counters and BullMQ's job counts of its queues. */
  async metricsText(): Promise<string> {
    const { queues, url, watch, metrics, loop } = this.#parts;
    this.#exporters ??= queues.map((queue) => {
      const exporter = new Queue(queue.name, { connection: connectionFor(url), prefix: BULL_PREFIX, skipVersionCheck: true });
      watch.attachEmitter(exporter);
      return exporter;
    });
    const own = metrics.render({ busy: loop.active.size, ready: loop.taking && watch.connected, connected: watch.connected });
    const bull = await Promise.all(this.#exporters.map((exporter) => exporter.exportPrometheusMetrics().catch(() => '')));
    return own + bull.filter(Boolean).join('\n') + (bull.some(Boolean) ? '\n' : '');
  }

  /** Stops once (a second call gets the first one's answer): resolves to how many jobs were handed back. */
  stop(graceMs: number): Promise<number> {
    this.#closed ??= this.#stopAll(graceMs);
    return this.#closed;
  }

  #record(): WorkerRecord {
    const { id, host, queues, threads, loop, startedAt } = this.#parts;
    return {
      id,
      host,
      pid: process.pid,
      queues: queues.map((queue) => queue.name),
      threads,
      busy: loop.active.size,
      draining: this.#draining,
      startedAt,
      seenAt: Date.now(),
    };
  }

  #beat(): Promise<void> {
    const { redis, signer, watch } = this.#parts;
    return writeHeartbeat(redis, signer, this.#record()).then(
      () => watch.ok(),
      (error: Error) => watch.failed(error),
    );
  }

  async #briefly<T>(work: Promise<T>): Promise<T | undefined> {
    const late = Symbol('late');
    const result = await Promise.race([work, sleep(this.#silent ? 100 : STOP_STEP_MS, late, { ref: false })]);
    if (result !== late) return result as T;
    this.#silent = true;
    return undefined;
  }

  async #stopAll(graceMs: number): Promise<number> {
    const { loop } = this.#parts;
    this.#draining = true;
    loop.stop();
    await this.#briefly(this.#beat());
    await this.#briefly(loop.stopped);
    const handedBack = await this.#handBack(graceMs);
    this.#parts.metrics.handedBack(handedBack);
    await this.#close();
    return handedBack;
  }

  /** Jobs still running after the grace period go back to the queue, to be taken at once elsewhere. */
  async #handBack(graceMs: number): Promise<number> {
    const { active } = this.#parts.loop;
    const finished = Promise.all([...active.values()].map((entry) => entry.done));
    if (graceMs > 0 && active.size > 0) {
      // The grace timer is cancelled once the jobs are done: a pending one would keep an idle
      // process alive for the whole grace period.
      const graceOver = new AbortController();
      await Promise.race([finished, sleep(graceMs, undefined, { signal: graceOver.signal }).catch(() => {})]);
      graceOver.abort();
    }
    const returned = await Promise.all(
      [...active.values()].map(async (entry) => {
        this.#parts.work.handBack(entry.job.id!);
        // Refused when its lock was already lost, unanswered when Redis is: the stalled check returns it.
        return (
          (await this.#briefly(
            entry.job.moveToWait(entry.token).then(
              () => true,
              () => false,
            ),
          )) === true
        );
      }),
    );
    const handedBack = returned.filter(Boolean).length;
    await this.#briefly(finished);
    return handedBack;
  }

  /** Ends the timers and threads, takes the heartbeat away and closes every connection. */
  async #close(): Promise<void> {
    const { redis, id, queues, watch, pool } = this.#parts;
    clearInterval(this.#heartbeat);
    clearInterval(this.#prune);
    this.#parts.stopWatchdog();
    watch.quiet();
    pool.terminateAll();
    await this.#briefly(removeHeartbeat(redis, id).catch(() => {}));
    await this.#briefly(
      Promise.all(
        [...queues.map((queue) => queue.worker.close(true)), ...(this.#exporters ?? []).map((exporter) => exporter.close())].map((closing) =>
          closing.catch(() => {}),
        ),
      ),
    );
    redis.disconnect();
  }
}
