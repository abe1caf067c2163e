import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { escapeControls, safeLine } from '@kit/core/messages';
import { isInputError, type OptionSpec, type Summary } from '@kit/core';
import type { TaskSearch, TaskThread } from '@kit/core/host';
import { Redis } from 'ioredis';
import { type Job, Queue, Worker, type JobJson, type JobsOptions } from 'bullmq';
import { BULL_PREFIX, blockJobId, bullKey, queueNameOf } from './keys.js';
import { QueueError, connectionFor, probeRedis, redactUrl, redisOptions, type QueueUrl } from './connection.js';
import { BadRecord, LIMITS, RUN_ID, boundedInt, checkSummary, isPlainObject, matching, type Signer } from './trust/index.js';
import { checkSigned, readRun, type RunRecord } from './records.js';
import { readBlockResults } from './results.js';
import { tasksOfBlock, type BlockData, type BlockResult, type RunJobData, type RunResult, type TaskOutcome } from './spec.js';
import { ThreadPool } from './thread-pool.js';
import { HEARTBEAT_EVERY_MS, removeHeartbeat, writeHeartbeat, type WorkerRecord } from './heartbeat.js';
import { pruneRuns } from './prune.js';
import { WorkerMetrics } from './metrics.js';
import { RedisWatch } from './redis-watch.js';

/** A plugin a worker serves: the queue `id@version` is taken from it. */
export interface WorkerPlugin {
  /** The plugin's id. */
  id: string;
  /** The plugin's version. */
  version: string;
  /** Where its module is, for the solver threads to import. */
  moduleUrl: string;
  /** Its option specs: a job's options are checked against them before a thread parses them. */
  options: readonly OptionSpec[];
}

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

/** A job failed on purpose, with a reason the run reports. */
class JobRefused extends Error {
  override readonly name = 'JobRefused';
}

export const DEFAULT_LOCK_MS = 30_000;
export const DEFAULT_JOB_TIMEOUT_MS = 3600_000;
export const DEFAULT_HEAP_MB = 1024;
const IDLE_POLL_MS = { min: 50, max: 500 };
const EMPTY_RECHECK_MS = 500;
/**
 * The longest a stopping worker waits on Redis for one step (its last heartbeat, handing jobs back,
 * closing): a frozen or lost Redis must not keep it alive. A job not handed back in time has its
 * lock lapse and is served again elsewhere.
 */
const STOP_STEP_MS = 2000;
const PRUNE_EVERY_MS = 60_000;

/**
 * The options a job is settled with, decided here: a job's own options come from Redis, where
 * anyone who can write may set `attempts: 1000000` (retried for ever, the queue's head for ever),
 * a backoff, a lifetime. The kit retries nothing itself (a job whose worker died goes back once,
 * through BullMQ's stalled check): a failed job fails, and with a block its run.
 */
export function settledOptions(name: string): JobsOptions {
  return name === 'block' ? { attempts: 1, removeOnComplete: true, failParentOnFailure: true } : { attempts: 1 };
}

/** The JSON fields of a job's hash that BullMQ parses as it fetches the job. */
const JSON_FIELDS = new Set(['data', 'opts', 'progress', 'parent']);

/**
 * BullMQ's Worker, fetched from by hand (one per queue, so one worker process serves several
 * plugins with one thread budget). A fetched job's stored hash is looked at before BullMQ parses
 * it: an oversized or unparseable field is replaced by a marker, and the job is failed for it,
 * rather than the fetch throwing with the job left in `active`.
 */
class GuardedWorker extends Worker {
  protected override createBackend(): void {
    super.createBackend();
    const backend = this.backend;
    const exec = backend.execCommand.bind(backend);
    backend.execCommand = (client, command, args) => {
      const result = exec(client, command, args);
      return command === 'moveToActive' || command === 'moveToFinished' ? Promise.resolve(result).then(markUnreadable) : result;
    };
  }

  protected override createJob(data: JobJson, jobId: string): Job {
    const json = data as JobJson & Record<string, unknown>;
    if (typeof json.data === 'string' && json.data.length > LIMITS.jobFieldBytes) {
      json.data = JSON.stringify({ oversize: json.data.length });
    }
    for (const field of ['stacktrace', 'returnvalue', 'failedReason'] as const) {
      const value = json[field];
      if (typeof value === 'string' && value.length > LIMITS.jobFieldBytes) delete json[field];
    }
    json.opts = settledOptions(json.name);
    return super.createJob(json, jobId);
  }
}

/**
 * A fetched job's raw hash ([field, value, ...]) with every JSON field BullMQ would parse checked:
 * one that does not parse makes the job a marker the worker fails as "unreadable job".
 */
function markUnreadable(result: unknown): unknown {
  if (!Array.isArray(result) || !Array.isArray(result[0])) return result;
  const fields = result[0] as unknown[];
  let unreadable = false;
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const value = fields[i + 1];
    if (!JSON_FIELDS.has(String(fields[i])) || typeof value !== 'string' || value === '' || value.length > LIMITS.jobFieldBytes) continue;
    try {
      JSON.parse(value);
    } catch {
      unreadable = true;
    }
  }
  if (!unreadable) return result;
  const kept: unknown[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const field = String(fields[i]);
    if (field === 'data' || field === 'opts' || field === 'progress' || field === 'parent') continue;
    kept.push(fields[i], fields[i + 1]);
  }
  kept.push('data', JSON.stringify({ unreadable: true }));
  return [kept, ...result.slice(1)];
}

/**
 * Serves the queues of this machine's plugins: a block job runs its tasks on a solver thread (the
 * same worker threads as local runs) and returns their signed summaries and solutions keyed by task;
 * a run's parent job, released by BullMQ when every block is done, merges them with the plugin's
 * own merge. Nothing a job holds names code or a path: the plugin is this machine's, found by id and
 * version, and the search is text its parser reads.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: not split yet (issue 32): its jobs, heartbeat and shutdown share the worker's state as closures; splitting means a class, left for a later change.
export async function serveQueue(options: ServeOptions): Promise<QueueWorker> {
  if (options.plugins.length === 0) throw new QueueError('no plugins to serve: a worker serves the plugins kit list shows here');
  await probeRedis(options.url, { requireNoEviction: true });
  const host = options.host ?? hostname();
  const id = `${host}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const lockMs = options.lockMs ?? DEFAULT_LOCK_MS;
  const jobTimeoutMs = options.jobTimeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
  const log = (line: string) => options.log?.(safeLine(line, 1000));
  const signer = options.signer;
  const where = redactUrl(options.url.url);
  const watch = new RedisWatch(where, log);
  const metrics = new WorkerMetrics(options.threads);
  const pool = new ThreadPool(options.threads, options.heapMb ?? DEFAULT_HEAP_MB);
  const redis = new Redis({ ...redisOptions(options.url), maxRetriesPerRequest: null });
  watch.attach(redis);
  // Every command of a worker waits through an outage, so a frozen Redis would go unsaid.
  const stopWatchdog = watch.watchdog(redis);
  const startedAt = Date.now();

  const queues = options.plugins.map((plugin) => {
    const name = queueNameOf(plugin.id, plugin.version);
    const worker = new GuardedWorker(name, null, {
      connection: connectionFor(options.url),
      prefix: BULL_PREFIX,
      autorun: false,
      skipVersionCheck: true,
      name: id,
      lockDuration: lockMs,
      stalledInterval: Math.max(1000, Math.round(lockMs / 2)),
      // A job whose worker died goes back once; if it kills a second worker, it fails (and its run).
      maxStalledCount: 1,
    });
    watch.attachEmitter(worker);
    // Until when this queue is taken as empty (it was, a moment ago): not asked again before then.
    return { name, plugin, worker, emptyUntil: 0 };
  });
  for (const queue of queues) await queue.worker.waitUntilReady();
  for (const queue of queues) void queue.worker.startStalledCheckTimer();

  // Runs' checked records, while their blocks come by.
  const runs = new Map<string, { record: Promise<RunRecord>; usedAt: number }>();
  const recordOf = (runId: string, queue: string): Promise<RunRecord> => {
    let entry = runs.get(runId);
    if (!entry) {
      const record = readRun(redis, signer, runId).then((found) => {
        if (!found) throw new JobRefused(`run ${runId} has no record (removed or expired)`);
        if (found.queue !== queue) throw new JobRefused(`run ${runId} is for ${found.queue}, not ${queue}`);
        return found;
      });
      record.catch(() => runs.delete(runId));
      entry = { record, usedAt: Date.now() };
      runs.set(runId, entry);
      // A worker serves runs for days: forget the ones not seen lately.
      if (runs.size > 64) {
        const oldest = [...runs.entries()].sort((a, b) => a[1].usedAt - b[1].usedAt)[0]!;
        runs.delete(oldest[0]);
      }
    }
    entry.usedAt = Date.now();
    return entry.record;
  };

  const searchOf = (record: RunRecord, plugin: WorkerPlugin): TaskSearch => {
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
  };

  /** Runs `work` on a thread, ending it (and failing the job) past the time limit or when the lock is lost. */
  const onThread = async <T>(job: Job, key: string, work: (thread: TaskThread) => Promise<T>, stop: { reason?: string }): Promise<T> => {
    const thread = pool.take(key);
    running.set(job.id!, { job, thread, stop });
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
      running.delete(job.id!);
      pool.release(thread);
    }
  };

  const runBlock = async (job: Job, queue: (typeof queues)[number], stop: { reason?: string }): Promise<BlockResult> => {
    const data = readJobData(job, 'block');
    const block = boundedInt(data['block'], 0, LIMITS.blocks - 1, `job ${job.id}: its block`);
    const run = data.run;
    if (job.id !== blockJobId(run, block) || job.parentKey !== bullKey(queue.name, run)) throw new JobRefused(`job ${job.id} is not a block of run ${run}`);
    checkSigned(signer, 'block-job', { run, block }, data.sig, `job ${job.id}`);
    const record = await recordOf(run, queue.name);
    const { spec } = record;
    if (block >= spec.blocks) throw new JobRefused(`job ${job.id}: run ${run} has ${spec.blocks} blocks`);
    if (record.cancelledAt !== undefined) throw new JobRefused(`run ${run} was cancelled`);
    const search = searchOf(record, queue.plugin);
    let found = 0;
    const outcomes = await onThread(job, run, async (thread) => {
      const total = await loadSearch(thread, search, run, run);
      if (total !== spec.tasksTotal) throw new JobRefused(`worker ${host} splits the search of run ${run} into ${total} tasks, the submitter into ${spec.tasksTotal}`);
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
    }, stop);
    const result: BlockResult = { run, block, host: id, tasks: outcomes };
    return signer ? { ...result, sig: signer.sign('block-result', result) } : result;
  };

  const finishRun = async (job: Job, queue: (typeof queues)[number], stop: { reason?: string }): Promise<RunResult> => {
    const data = readJobData(job, 'run');
    const run = data.run;
    if (job.id !== run) throw new JobRefused(`job ${job.id} is not run ${run}'s`);
    checkSigned(signer, 'run-job', { run }, data.sig, `job ${job.id}`);
    const record = await recordOf(run, queue.name);
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
    const merged = await onThread(job, `${run}:merge`, async (thread) => {
      const total = await loadSearch(thread, search, `${run}:merge`, run);
      if (total !== spec.tasksTotal) throw new JobRefused(`worker ${host} splits the search of run ${run} into ${total} tasks, the submitter into ${spec.tasksTotal}`);
      return thread.merge(byTask as Summary[]);
    }, stop);
    checkSummary(merged.summary, `run ${run}'s merged summary`);
    const result: RunResult = { run, host: id, summary: merged.summary, solutions: spec.solutions ? merged.solutions : [], finishedAt: Date.now() };
    const size = JSON.stringify(result).length;
    if (size > LIMITS.runResultBytes) throw new JobRefused(`run ${run}'s merged result is ${size} bytes (at most ${LIMITS.runResultBytes})`);
    return signer ? { ...result, sig: signer.sign('run-result', result) } : result;
  };

  // ---- fetching and settling jobs ----------------------------------------------------------------

  const running = new Map<string, { job: Job; thread: TaskThread; stop: { reason?: string } }>();
  const active = new Map<string, { job: Job; token: string; queue: (typeof queues)[number]; done: Promise<void> }>();
  let taking = true;
  let wake: (() => void) | undefined;
  let next = 0;
  let tokens = 0;

  const settle = async (job: Job, token: string, queue: (typeof queues)[number]): Promise<void> => {
    const stop: { reason?: string } = {};
    const started = performance.now();
    const kind = job.name === 'run' ? 'merge' : 'block';
    // BullMQ renews no lock for jobs fetched by hand: this does, and notices a lock lost (the job
    // went to another worker while this one was frozen), which stops the work.
    const renew = setInterval(() => {
      job.extendLock(token, lockMs).then(
        (ok) => {
          if (!ok) {
            stop.reason ??= 'lost';
            running.get(job.id!)?.thread.terminate();
          }
        },
        () => {},
      );
    }, Math.max(250, Math.round(lockMs / 2)));
    try {
      let value: BlockResult | RunResult;
      try {
        // A parent whose block failed comes back with BullMQ's note of it: the run fails.
        if (job.deferredFailure) throw new JobRefused(job.deferredFailure);
        value = job.name === 'run' ? await finishRun(job, queue, stop) : job.name === 'block' ? await runBlock(job, queue, stop) : refuse(`job ${job.id} is not a kit job`);
        const size = JSON.stringify(value).length;
        if (size > LIMITS.blockResultBytes) throw new JobRefused(`job ${job.id}'s result is ${size} bytes (at most ${LIMITS.blockResultBytes})`);
      } catch (error) {
        if (stop.reason === 'lost' || stop.reason === 'handed back') return;
        const reason = error instanceof JobRefused || error instanceof BadRecord || error instanceof QueueError || isInputError(error) ? error.message : `${(error as Error).name ?? 'Error'}: ${(error as Error).message ?? String(error)}`;
        const message = escapeControls(reason).slice(0, LIMITS.reason);
        log(`job ${job.id ?? '?'} of ${queue.name} failed: ${message}`);
        metrics.finished(queue.name, kind, 'failed', performance.now() - started);
        await job.moveToFailed(new Error(message), token, false).catch((failure: Error) => log(`job ${job.id}: could not be marked failed: ${failure.message}`));
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
  };

  /**
   * The next job of any of this worker's queues, taking them in turn (no plugin starves the others).
   * A queue found empty is not asked again for EMPTY_RECHECK_MS: a worker serves every plugin it
   * has, and asking each empty one before every job cost more CPU than the jobs' own bookkeeping.
   */
  const fetchJob = async (): Promise<{ job: Job; token: string; queue: (typeof queues)[number] } | undefined> => {
    const now = Date.now();
    for (let i = 0; i < queues.length; i++) {
      const queue = queues[(next + i) % queues.length]!;
      if (queue.emptyUntil > now) continue;
      const token = `${id}:${tokens++}`;
      const job = (await queue.worker.getNextJob(token, { block: false })) as Job | undefined;
      if (job) {
        next = (next + i + 1) % queues.length;
        return { job, token, queue };
      }
      queue.emptyUntil = now + EMPTY_RECHECK_MS;
    }
    return undefined;
  };

  const loop = (async () => {
    let idleMs = IDLE_POLL_MS.min;
    while (taking) {
      if (active.size >= options.threads) {
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      let fetched;
      try {
        fetched = await fetchJob();
        watch.ok();
      } catch (error) {
        watch.failed(error as Error);
        await sleep(1000);
        continue;
      }
      if (!taking) {
        // Stopped while the fetch was on its way: this job goes straight back.
        if (fetched) await fetched.job.moveToWait(fetched.token).catch(() => {});
        break;
      }
      if (!fetched) {
        await Promise.race([sleep(idleMs), new Promise<void>((resolve) => (wake = resolve))]);
        idleMs = Math.min(IDLE_POLL_MS.max, idleMs * 2);
        continue;
      }
      idleMs = IDLE_POLL_MS.min;
      const { job, token, queue } = fetched;
      const entry = { job, token, queue, done: Promise.resolve() };
      entry.done = settle(job, token, queue).finally(() => {
        active.delete(job.id!);
        wake?.();
      });
      active.set(job.id!, entry);
    }
  })();

  // ---- heartbeat, retention ----------------------------------------------------------------------

  let draining = false;
  const record = (): WorkerRecord => ({
    id,
    host,
    pid: process.pid,
    queues: queues.map((queue) => queue.name),
    threads: options.threads,
    busy: active.size,
    draining,
    startedAt,
    seenAt: Date.now(),
  });
  const beat = () => writeHeartbeat(redis, signer, record()).then(() => watch.ok(), (error: Error) => watch.failed(error));
  await beat();
  const heartbeat = setInterval(beat, HEARTBEAT_EVERY_MS);
  const prune = setInterval(() => {
    pruneRuns(redis, signer, options.url, { lockedBy: id, limit: 5000 }).catch((error: Error) => log(`pruning expired runs: ${error.message}`));
  }, PRUNE_EVERY_MS);
  // BullMQ's export of job counts is a Queue's: one per queue, made when metrics are first asked for.
  let exporters: Queue[] | undefined;
  const metricsText = async () => {
    exporters ??= queues.map((queue) => {
      const exporter = new Queue(queue.name, { connection: connectionFor(options.url), prefix: BULL_PREFIX, skipVersionCheck: true });
      watch.attachEmitter(exporter);
      return exporter;
    });
    const own = metrics.render({ busy: active.size, ready: taking && watch.connected, connected: watch.connected });
    const bull = await Promise.all(exporters.map((exporter) => exporter.exportPrometheusMetrics().catch(() => '')));
    return own + bull.filter(Boolean).join('\n') + (bull.some(Boolean) ? '\n' : '');
  };

  let closed: Promise<number> | undefined;
  // A step Redis leaves unanswered marks it silent: the steps after it wait no more than a moment.
  let silent = false;
  const briefly = async <T>(work: Promise<T>): Promise<T | undefined> => {
    const late = Symbol('late');
    const result = await Promise.race([work, sleep(silent ? 100 : STOP_STEP_MS, late, { ref: false })]);
    if (result !== late) return result as T;
    silent = true;
    return undefined;
  };

  const stopAll = async (graceMs: number): Promise<number> => {
    draining = true;
    taking = false;
    wake?.();
    await briefly(beat());
    await briefly(loop);
    // Jobs still running after the grace period go back to the queue, to be taken at once elsewhere.
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
        const work = running.get(entry.job.id!);
        if (work) work.stop.reason = 'handed back';
        work?.thread.terminate();
        // Refused when its lock was already lost, unanswered when Redis is: the stalled check returns it.
        return (await briefly(entry.job.moveToWait(entry.token).then(() => true, () => false))) === true;
      }),
    );
    const handedBack = returned.filter(Boolean).length;
    await briefly(finished);
    metrics.handedBack(handedBack);
    clearInterval(heartbeat);
    clearInterval(prune);
    stopWatchdog();
    watch.quiet();
    pool.terminateAll();
    await briefly(removeHeartbeat(redis, id).catch(() => {}));
    await briefly(Promise.all([...queues.map((queue) => queue.worker.close(true)), ...(exporters ?? []).map((exporter) => exporter.close())].map((closing) => closing.catch(() => {}))));
    redis.disconnect();
    return handedBack;
  };

  return {
    id,
    metrics,
    get ready() {
      return taking && watch.connected;
    },
    metricsText,
    drain(graceMs) {
      closed ??= stopAll(graceMs);
      return closed;
    },
    close() {
      closed ??= stopAll(0);
      return closed;
    },
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
    if (search.cuts && /^(cut |the cuts |the search('s split)? )/.test((error as Error).message ?? '')) throw new JobRefused(`run ${run}: ${(error as Error).message}`);
    throw error;
  }
}

function refuse(reason: string): never {
  throw new JobRefused(reason);
}

export function tooMany(max: number): string {
  return `more than ${max} solutions: use --count to count them, or --max-solutions N to carry more`;
}
