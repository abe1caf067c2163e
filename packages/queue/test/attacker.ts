// What someone with access to Redis can do without the kit: write a run's record and its BullMQ
// flow by hand, with any contents, signed with any secret or not at all. The tests use it to play
// a hostile client against real workers.
import { randomBytes } from 'node:crypto';
import { FlowProducer, Worker, type Job } from 'bullmq';
import { Redis as RedisClient } from 'ioredis';
import { Signer } from '../src/trust/index.js';
import { PENTOMINO_VERSION } from './versions.js';

export const PREFIX = 'kitq';

export interface Crafted {
  runId: string;
  queue: string;
}

export function newRunId(): string {
  return `run-${randomBytes(5).toString('hex')}`;
}

/** A spec as the kit writes one, with `change` applied (any field, any value). */
export function craftedSpec(runId: string, fields: Record<string, unknown>): Record<string, unknown> {
  return {
    run: runId,
    plugin: 'pentomino',
    version: PENTOMINO_VERSION,
    source: { options: { size: '3' } },
    splitWidth: 256,
    tasksTotal: 1,
    blocks: 1,
    dealing: 'mixed',
    solutions: false,
    maxSolutions: 100000,
    submittedAt: Date.now(),
    keepSeconds: 3600,
    ...fields,
  };
}

/**
 * Writes `kit:run:<id>` and a flow (a parent and `blocks` children) into the plugin's queue, as a
 * submitter would, but with whatever spec and job data the caller likes.
 */
export async function inject(
  url: string,
  spec: Record<string, unknown>,
  options: { secret?: string; queue?: string; blocks?: number; blockData?: (block: number) => Record<string, unknown>; jobId?: (block: number) => string } = {},
): Promise<Crafted> {
  const runId = String(spec['run']);
  const queue = options.queue ?? `${String(spec['plugin'])}@${String(spec['version'])}`;
  const signer = options.secret ? new Signer(options.secret) : undefined;
  const client = new RedisClient(url);
  try {
    await client.hset(`kit:run:${runId}`, { spec: JSON.stringify(spec), ...(signer ? { sig: signer.sign('run-spec', spec) } : {}) });
    await client.zadd('kit:runs', Date.now(), runId);
  } finally {
    client.disconnect();
  }
  const sign = (kind: 'run-job' | 'block-job', data: Record<string, unknown>) => (signer ? { ...data, sig: signer.sign(kind, data) } : data);
  const flows = new FlowProducer({ connection: { url }, prefix: PREFIX });
  try {
    await flows.add({
      name: 'run',
      queueName: queue,
      data: sign('run-job', { run: runId }),
      opts: { jobId: runId },
      children: Array.from({ length: options.blocks ?? 1 }, (_, block) => ({
        name: 'block',
        queueName: queue,
        data: options.blockData?.(block) ?? sign('block-job', { run: runId, block }),
        opts: { jobId: options.jobId?.(block) ?? `${runId}-${block}`, failParentOnFailure: true, priority: block + 1, removeOnComplete: true },
      })),
    });
  } finally {
    await flows.close();
  }
  return { runId, queue };
}

/**
 * A rogue worker on a queue: takes jobs as a kit worker would and answers each with `answer`
 * (made-up results), until stopped.
 */
export function rogueWorker(url: string, queue: string, answer: (job: Job) => unknown, concurrency = 4): Worker {
  const worker = new Worker(queue, async (job) => answer(job), { connection: { url, maxRetriesPerRequest: null }, prefix: PREFIX, concurrency });
  worker.on('error', () => {});
  return worker;
}
