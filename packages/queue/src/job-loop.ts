import { setTimeout as sleep } from 'node:timers/promises';
import { escapeControls } from '@kit/core/messages';
import { isInputError } from '@kit/core';
import type { Job } from 'bullmq';
import { QueueError } from './connection.js';
import { BadRecord, LIMITS } from './trust/index.js';
import type { BlockResult, RunResult } from './spec.js';
import type { WorkerMetrics } from './metrics.js';
import type { RedisWatch } from './redis-watch.js';
import { JobRefused, refuse } from './job-refused.js';
import type { JobStop, JobWork } from './job-work.js';
import type { ServedQueue } from './served-queue.js';

const IDLE_POLL_MS = { min: 50, max: 500 };
const EMPTY_RECHECK_MS = 500;

/** What the loop needs from the worker around it. */
export interface JobLoopContext {
  queues: ServedQueue[];
  work: JobWork;
  workerId: string;
  /** Jobs run at once. */
  threads: number;
  lockMs: number;
  watch: RedisWatch;
  metrics: WorkerMetrics;
  log(line: string): void;
}

/** A job fetched and being settled: `done` once its result or failure is stored (or given up). */
export interface ActiveJob {
  job: Job;
  token: string;
  queue: ServedQueue;
  done: Promise<void>;
}

/**
 * Fetching and settling jobs: up to `threads` at once, from the worker's queues in turn, each job's
 * lock renewed while it runs and its result or failure stored when it ends.
 */
export class JobLoop {
  /** The jobs fetched and not yet settled, by job id. */
  readonly active = new Map<string, ActiveJob>();
  /** Resolves once the loop has stopped fetching (see {@link stop}). */
  readonly stopped: Promise<void>;
  readonly #context: JobLoopContext;
  #taking = true;
  #wake: (() => void) | undefined;
  /** The queue to ask first next time. */
  #next = 0;
  #tokens = 0;

  constructor(context: JobLoopContext) {
    this.#context = context;
    this.stopped = this.#loop();
  }

  /** Taking jobs: false once stopped. */
  get taking(): boolean {
    return this.#taking;
  }

  /** Takes no more jobs; the ones fetched go on. */
  stop(): void {
    this.#taking = false;
    this.#wake?.();
  }

  async #loop(): Promise<void> {
    const { threads, watch } = this.#context;
    let idleMs = IDLE_POLL_MS.min;
    while (this.#taking) {
      if (this.active.size >= threads) {
        await new Promise<void>((resolve) => (this.#wake = resolve));
        continue;
      }
      let fetched;
      try {
        fetched = await this.#fetchJob();
        watch.ok();
      } catch (error) {
        watch.failed(error as Error);
        await sleep(1000);
        continue;
      }
      if (!this.#taking) {
        // Stopped while the fetch was on its way: this job goes straight back.
        if (fetched) await fetched.job.moveToWait(fetched.token).catch(() => {});
        break;
      }
      if (!fetched) {
        await Promise.race([sleep(idleMs), new Promise<void>((resolve) => (this.#wake = resolve))]);
        idleMs = Math.min(IDLE_POLL_MS.max, idleMs * 2);
        continue;
      }
      idleMs = IDLE_POLL_MS.min;
      const { job, token, queue } = fetched;
      const entry: ActiveJob = { job, token, queue, done: Promise.resolve() };
      entry.done = this.#settle(job, token, queue).finally(() => {
        this.active.delete(job.id!);
        this.#wake?.();
      });
      this.active.set(job.id!, entry);
    }
  }

  /**
   * The next job of any of this worker's queues, taking them in turn (no plugin starves the others).
   * A queue found empty is not asked again for EMPTY_RECHECK_MS: a worker serves every plugin it
   * has, and asking each empty one before every job cost more CPU than the jobs' own bookkeeping.
   */
  async #fetchJob(): Promise<{ job: Job; token: string; queue: ServedQueue } | undefined> {
    const { queues, workerId } = this.#context;
    const now = Date.now();
    for (let i = 0; i < queues.length; i++) {
      const queue = queues[(this.#next + i) % queues.length]!;
      if (queue.emptyUntil > now) continue;
      const token = `${workerId}:${this.#tokens++}`;
      const job = (await queue.worker.getNextJob(token, { block: false })) as Job | undefined;
      if (job) {
        this.#next = (this.#next + i + 1) % queues.length;
        return { job, token, queue };
      }
      queue.emptyUntil = now + EMPTY_RECHECK_MS;
    }
    return undefined;
  }

  /** Runs a fetched job and stores its result or failure; a job whose lock was lost or that was handed back is left alone. */
  async #settle(job: Job, token: string, queue: ServedQueue): Promise<void> {
    const { work, lockMs, metrics, log } = this.#context;
    const stop: JobStop = {};
    const started = performance.now();
    const kind = job.name === 'run' ? 'merge' : 'block';
    // BullMQ renews no lock for jobs fetched by hand: this does, and notices a lock lost (the job
    // went to another worker while this one was frozen), which stops the work.
    const renew = setInterval(
      () => {
        job.extendLock(token, lockMs).then(
          (ok) => {
            if (!ok) {
              stop.reason ??= 'lost';
              work.terminate(job.id!);
            }
          },
          () => {},
        );
      },
      Math.max(250, Math.round(lockMs / 2)),
    );
    try {
      let value: BlockResult | RunResult;
      try {
        // A parent whose block failed comes back with BullMQ's note of it: the run fails.
        if (job.deferredFailure) throw new JobRefused(job.deferredFailure);
        value =
          job.name === 'run'
            ? await work.finishRun(job, queue, stop)
            : job.name === 'block'
              ? await work.runBlock(job, queue, stop)
              : refuse(`job ${job.id} is not a kit job`);
        const size = JSON.stringify(value).length;
        if (size > LIMITS.blockResultBytes) throw new JobRefused(`job ${job.id}'s result is ${size} bytes (at most ${LIMITS.blockResultBytes})`);
      } catch (error) {
        if (stop.reason === 'lost' || stop.reason === 'handed back') return;
        const reason =
          error instanceof JobRefused || error instanceof BadRecord || error instanceof QueueError || isInputError(error)
            ? error.message
            : `${(error as Error).name ?? 'Error'}: ${(error as Error).message ?? String(error)}`;
        const message = escapeControls(reason).slice(0, LIMITS.reason);
        log(`job ${job.id ?? '?'} of ${queue.name} failed: ${message}`);
        metrics.finished(queue.name, kind, 'failed', performance.now() - started);
        await job
          .moveToFailed(new Error(message), token, false)
          .catch((failure: Error) => log(`job ${job.id}: could not be marked failed: ${failure.message}`));
        return;
      }
      if (stop.reason === 'lost' || stop.reason === 'handed back') return;
      await job.moveToCompleted(value, token, false);
      // A run's last block releases its parent job into this queue: look at once.
      queue.emptyUntil = 0;
      metrics.finished(queue.name, kind, 'completed', performance.now() - started);
    } catch (error) {
      // Redis went away between the work and its report: the lock expires and the job is run again.
      log(`job ${job.id}: its result could not be stored (${(error as Error).message}); it will run again`);
    } finally {
      clearInterval(renew);
    }
  }
}
