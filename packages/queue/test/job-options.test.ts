// A job's BullMQ options and fields come from Redis, where anyone who can write may set them: a
// worker settles every job by its own rules, and a job it cannot read is failed, not left active.
import { Queue } from 'bullmq';
import { Redis as RedisClient } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREFIX, newRunId } from './attacker.js';
import { kit, startRedis, startWorker, stop, type Kit, type Redis, SUMMARY_3X20 } from './support.js';
import { PENTOMINO_VERSION } from './versions.js';

const QUEUE = `pentomino@${PENTOMINO_VERSION}`;
let redis: Redis;
let client: RedisClient;
let queue: Queue;
const workers: Kit[] = [];

beforeAll(async () => {
  redis = await startRedis();
  client = new RedisClient(redis.url);
  queue = new Queue(QUEUE, { connection: { url: redis.url }, prefix: PREFIX });
});
afterAll(async () => {
  await queue?.close();
  client?.disconnect();
  await Promise.all(workers.splice(0).map((worker) => stop(worker, 'SIGINT')));
});

/** `promise`, or a rejection naming `what` after `ms` (a stalled queue fails the test, not the suite's timeout). */
const within = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: nothing after ${ms} ms`)), ms))]);

/** The job's state once it has settled (the worker logs a failure before it stores it). */
async function settled(jobId: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const state = await queue.getJobState(jobId);
    if (state === 'failed' || state === 'completed') return state;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return queue.getJobState(jobId);
}

const logLines = (worker: Kit, jobId: string) =>
  worker
    .stderrText()
    .split('\n')
    .filter((line) => line.includes(`job ${jobId} `)).length;

describe("a job's own options are not the worker's rules", () => {
  it('attempts: 1000000 with a backoff is failed once with its reason, and the next run is served in seconds', async () => {
    workers.push(await startWorker(redis.url));
    const worker = workers[0]!;
    const runId = newRunId();
    const jobId = `${runId}-0`;
    await queue.add('block', { run: runId, block: 0 }, { jobId, attempts: 1_000_000, backoff: { type: 'fixed', delay: 0 }, removeOnFail: true, lifo: true });
    await worker.waitForStderr(`kit: job ${jobId} of ${QUEUE} failed: job ${jobId} is not a block of run ${runId}`, 20_000);
    const started = Date.now();
    const next = await within(kit(['run', 'pentomino', '--size', '3', '--count', '--queue', redis.url]), 20_000, 'the next run');
    expect(next.stdout).toBe(`${SUMMARY_3X20}\n`);
    expect(Date.now() - started).toBeLessThan(15_000);
    // Failed once and kept (its removeOnFail ignored), with the reason; never retried.
    expect(await settled(jobId)).toBe('failed');
    const job = await queue.getJob(jobId);
    expect(job?.failedReason).toBe(`job ${jobId} is not a block of run ${runId}`);
    expect(job?.attemptsMade).toBe(1);
    expect(logLines(worker, jobId)).toBe(1);
  });

  it('a job with its own priority and attempts: 50 is still failed once', async () => {
    const worker = workers[0]!;
    const runId = newRunId();
    await queue.add('block', { run: runId, block: 0 }, { jobId: `${runId}-0`, priority: 1, attempts: 50 });
    await worker.waitForStderr(`kit: job ${runId}-0 of ${QUEUE} failed`, 20_000);
    expect(await settled(`${runId}-0`)).toBe('failed');
    expect((await queue.getJob(`${runId}-0`))?.attemptsMade).toBe(1);
  });
});

describe('unreadable jobs', () => {
  it('a job whose data or options are not JSON is failed with "unreadable job", not left in active', async () => {
    const worker = workers[0]!;
    for (const field of ['data', 'opts']) {
      const runId = newRunId();
      const jobId = `${runId}-0`;
      // Paused, so the worker cannot take the job before its field is spoilt.
      await queue.pause();
      await queue.add('block', { run: runId, block: 0 }, { jobId });
      await client.hset(`${PREFIX}:${QUEUE}:${jobId}`, field, '{"run": "x", not json');
      await queue.resume();
      await worker.waitForStderr(`kit: job ${jobId} of ${QUEUE} failed: job ${jobId}: unreadable job (a field of it in Redis is not JSON)`, 20_000);
      expect(await settled(jobId)).toBe('failed');
      const job = await queue.getJob(jobId).catch(() => undefined);
      expect(job === undefined || job.failedReason?.includes('unreadable job')).toBe(true);
    }
    expect(await queue.getActiveCount()).toBe(0);
    expect(worker.stderrText()).not.toContain('lost Redis');
  });
});

describe('SIGTERM', () => {
  it('an idle worker exits at once; the grace period is for running jobs only', async () => {
    const worker = workers.shift()!;
    const started = Date.now();
    await stop(worker, 'SIGTERM');
    expect(worker.exitCode).toBe(0);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
