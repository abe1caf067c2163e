import { randomBytes } from 'node:crypto';
import { TaskThread, hostScopedOptions, type AnyPlugin, type SearchSource } from '@kit/core/host';
import { nodeWorkers } from '@kit/core/node';
import { Redis } from 'ioredis';
import { FlowProducer, Queue } from 'bullmq';
import { setTimeout as sleep } from 'node:timers/promises';
import { BULL_PREFIX, RUNS_KEY, blockJobId, queueNameOf, runKey } from './keys.js';
import { QueueError, connectionFor, isOutOfMemory, outOfMemoryMessage, probeRedis, redactUrl, redisOptions, type QueueUrl } from './connection.js';
import { LIMITS, cutsText, type Signer } from './trust/index.js';
import {
  DEFAULT_KEEP_SECONDS,
  DEFAULT_MAX_SOLUTIONS,
  QUEUE_MAX_TASKS,
  QUEUE_MIN_CUT,
  QUEUE_SPLIT_WIDTH,
  QUEUE_UNCUT_SPLIT_WIDTH,
  blockCount,
  type BlockData,
  type RunJobData,
  type RunSpec,
} from './spec.js';

/** What {@link submitRun} submits, and where. */
export interface SubmitOptions {
  /** The Redis to submit to. */
  url: QueueUrl;
  /** The shared secret's signer; without one the run goes unsigned (loopback Redis only). */
  signer: Signer | undefined;
  /** The plugin, and its module's URL: the submitter loads it to split the search into tasks. */
  plugin: Pick<AnyPlugin, 'id' | 'version' | 'options'> & { moduleUrl: string };
  /** The search as the user gave it: options as typed, the input file. */
  source: SearchSource;
  /** False with --count: only summaries travel. */
  solutions: boolean;
  /** The most solutions the run may carry back (`--max-solutions`, default 100000). */
  maxSolutions?: number;
  /** How long the results are kept once the run is over, in seconds (`--keep`). */
  keepSeconds?: number;
}

/** A submitted run: its id, its queue and how it was split. */
export interface Submitted {
  /** The run's id, for `kit queue status|wait|cancel`. */
  runId: string;
  /** The queue it went to: `plugin@version`. */
  queue: string;
  /** Tasks the search was split into. */
  tasksTotal: number;
  /** Jobs the tasks were dealt into. */
  blocks: number;
}

/**
 * Submits a search as one BullMQ flow in its plugin's queue: a parent job `run` (its id is the run
 * id) and one child per block of tasks, the blocks' priorities their numbers, so the blocks of runs
 * submitted later interleave with this one's rather than wait behind them. The search is split
 * here once, on a solver thread, and its largest tasks cut deeper from the plugin's estimates; the
 * spec carries the cuts, so workers apply them and never plan them again.
 */
export async function submitRun(options: SubmitOptions): Promise<Submitted> {
  const hostScoped = hostScopedOptions(options.plugin, options.source);
  if (hostScoped.length > 0)
    throw new QueueError(
      `${hostScoped.join(', ')} cannot be used with --queue: ${hostScoped.length === 1 ? 'it names' : 'they name'} a file or program on this machine, and a queued run only carries the puzzle and its search options`,
    );
  await probeRedis(options.url, { requireNoEviction: true });
  const thread = new TaskThread(nodeWorkers());
  let tasksTotal: number;
  let cuts: string;
  let splitWidth = QUEUE_SPLIT_WIDTH;
  try {
    // The split is planned here once (its largest tasks cut deeper, from the plugin's estimates);
    // workers are given the cuts and only apply them.
    tasksTotal = await thread.load(
      {
        moduleUrl: options.plugin.moduleUrl,
        pluginId: options.plugin.id,
        source: options.source,
        splitWidth: QUEUE_SPLIT_WIDTH,
        plan: { maxTasks: QUEUE_MAX_TASKS, minEstimate: QUEUE_MIN_CUT },
        settings: {},
      },
      'submit',
    );
    cuts = cutsText(thread.cuts);
    if (cuts === '') {
      // No cut planned (a split that cannot be cut): the split for 16 threads would cap the run at a
      // few dozen threads, so the finer split is taken where it has more tasks.
      const uncutTasks = await thread.load(
        { moduleUrl: options.plugin.moduleUrl, pluginId: options.plugin.id, source: options.source, splitWidth: QUEUE_UNCUT_SPLIT_WIDTH, settings: {} },
        'submit-uncut',
      );
      if (uncutTasks > tasksTotal) [splitWidth, tasksTotal] = [QUEUE_UNCUT_SPLIT_WIDTH, uncutTasks];
    }
  } finally {
    thread.terminate();
  }
  if (tasksTotal > LIMITS.tasks) throw new QueueError(`the search splits into ${tasksTotal} tasks, more than a queued run takes (${LIMITS.tasks})`);
  const runId = `run-${randomBytes(5).toString('hex')}`;
  const queue = queueNameOf(options.plugin.id, options.plugin.version);
  const spec: RunSpec = {
    run: runId,
    plugin: options.plugin.id,
    version: options.plugin.version,
    source: options.source,
    splitWidth,
    ...(cuts !== '' ? { cuts } : {}),
    tasksTotal,
    blocks: blockCount(tasksTotal),
    dealing: 'mixed',
    solutions: options.solutions,
    maxSolutions: options.maxSolutions ?? DEFAULT_MAX_SOLUTIONS,
    submittedAt: Date.now(),
    keepSeconds: options.keepSeconds ?? DEFAULT_KEEP_SECONDS,
  };
  const { signer } = options;
  const specText = JSON.stringify(spec);
  if (specText.length > LIMITS.specBytes)
    throw new QueueError(`the run's input is ${specText.length} bytes, more than a queued run carries (${LIMITS.specBytes})`);
  const where = redactUrl(options.url.url);
  const signed = <T extends object>(kind: 'run-job' | 'block-job', data: T): T & { sig?: string } =>
    signer ? { ...data, sig: signer.sign(kind, data) } : data;
  // Storing is retried a few times through a Redis restart; past that, or when Redis is full, what
  // was stored is removed (best effort), so no lost run is left behind, and the submit fails in one line.
  for (let attempt = 1; ; attempt++) {
    try {
      await storeRun(options.url, runId, specText, signer ? signer.sign('run-spec', spec) : undefined, spec.submittedAt);
      await limitEvents(options.url, queue);
      await withTimeout(
        STORE_TIMEOUT_MS,
        (flows) =>
          flows.add({
            name: 'run',
            queueName: queue,
            data: signed('run-job', { run: runId }) satisfies RunJobData,
            opts: { jobId: runId },
            children: Array.from({ length: spec.blocks }, (_, block) => ({
              name: 'block',
              queueName: queue,
              data: signed('block-job', { run: runId, block }) satisfies BlockData,
              // A failed block fails the run: its error is the run's. A finished block's job is removed at
              // once: its result stays under the parent (BullMQ's processed hash), stored once.
              opts: { jobId: blockJobId(runId, block), failParentOnFailure: true, priority: block + 1, removeOnComplete: true },
            })),
          }),
        options.url,
      );
      break;
    } catch (error) {
      const full = isOutOfMemory(error);
      if (!full && attempt < STORE_ATTEMPTS) {
        await sleep(STORE_RETRY_MS);
        continue;
      }
      await unstore(options.url, runId);
      if (full) throw new QueueError(`${outOfMemoryMessage(where)}; run ${runId} was not submitted`);
      throw new QueueError(
        `lost Redis at ${where} while submitting (${(error as Error).message || String(error)}), ${STORE_ATTEMPTS} tries; run ${runId} was not submitted`,
      );
    }
  }
  return { runId, queue, tasksTotal, blocks: spec.blocks };
}

const STORE_ATTEMPTS = 3;
const STORE_RETRY_MS = 1500;
const STORE_TIMEOUT_MS = 5000;

/** A client for one short step: it fails within `STORE_TIMEOUT_MS` rather than wait for a Redis that is down or frozen. */
function shortClient(url: QueueUrl): Redis {
  const redis = new Redis({
    ...redisOptions(url),
    maxRetriesPerRequest: 1,
    connectTimeout: STORE_TIMEOUT_MS,
    commandTimeout: STORE_TIMEOUT_MS,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  return redis;
}

/** The run's record first: a worker that takes a block finds its run. */
async function storeRun(url: QueueUrl, runId: string, specText: string, sig: string | undefined, submittedAt: number): Promise<void> {
  const redis = shortClient(url);
  try {
    await redis
      .multi()
      .hset(runKey(runId), { spec: specText, ...(sig !== undefined ? { sig } : {}) })
      .zadd(RUNS_KEY, submittedAt, runId)
      .exec();
  } finally {
    redis.disconnect();
  }
}

/**
 * Removes the record of a run whose submit failed. Best effort: Redis may be gone. A flow is added
 * atomically, so no job of it is left; had one been, a worker fails it for its missing record.
 */
async function unstore(url: QueueUrl, runId: string): Promise<void> {
  const redis = shortClient(url);
  try {
    await redis.multi().del(runKey(runId)).zrem(RUNS_KEY, runId).exec();
  } catch {
    // Redis is down: a worker's pruning (or `kit queue prune`) finds the record without a flow later.
  } finally {
    redis.disconnect();
  }
}

/** Runs `work` with a FlowProducer that is closed, and the step failed, past `ms`. */
async function withTimeout<T>(ms: number, work: (flows: FlowProducer) => Promise<T>, url: QueueUrl): Promise<T> {
  const flows = new FlowProducer({ connection: connectionFor(url), prefix: BULL_PREFIX, skipVersionCheck: true });
  let lastError: Error | undefined;
  flows.on('error', (error: Error) => (lastError = error));
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work(flows),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(lastError?.message ?? `no answer within ${ms / 1000} s`)), ms))),
    ]);
  } finally {
    clearTimeout(timer);
    await Promise.race([flows.close().catch(() => {}), sleep(1000)]);
    void flows.disconnect().catch(() => {});
  }
}

/**
 * BullMQ adds an event (with the job's whole result) to a stream per queue for every step of every
 * job, 10,000 kept by default; the kit reads none of them, so each queue keeps only a few.
 */
async function limitEvents(url: QueueUrl, name: string): Promise<void> {
  const queue = new Queue(name, { connection: connectionFor(url), prefix: BULL_PREFIX, skipVersionCheck: true, streams: { events: { maxLen: EVENTS_KEPT } } });
  queue.on('error', () => {});
  try {
    await queue.getVersion();
  } finally {
    await queue.close();
  }
}

const EVENTS_KEPT = 100;
