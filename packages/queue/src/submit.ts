import { randomBytes } from 'node:crypto';
import { SPLIT_WIDTH, TaskThread } from '@kit/core';
import { createNodeWorker, encodeInstance } from '@kit/core/node';
import { FlowProducer } from 'bullmq';
import { PREFIX, QUEUE, connectionFor, probeRedis } from './connection.js';
import { DEFAULT_MAX_SOLUTIONS, blocksOf, type BlockData, type RunData, type RunSpec } from './spec.js';

export interface SubmitOptions {
  url: string;
  plugin: { id: string; version: string; moduleUrl: string };
  instance: unknown;
  /** False with --count: only summaries travel. */
  solutions: boolean;
  maxSolutions?: number;
}

/**
 * Submits a search as one BullMQ flow: a parent job `run` (its id is the run id) with one child per
 * task, or per block of tasks when there are very many. The task count comes from splitting the
 * search here once, on a solver thread, exactly as the workers will.
 */
export async function submitRun(options: SubmitOptions): Promise<{ runId: string; tasksTotal: number }> {
  await probeRedis(options.url);
  const thread = new TaskThread(createNodeWorker);
  let tasksTotal: number;
  try {
    tasksTotal = await thread.load(
      { moduleUrl: options.plugin.moduleUrl, pluginId: options.plugin.id, instance: options.instance, splitWidth: SPLIT_WIDTH, settings: {} },
      'submit',
    );
  } finally {
    thread.terminate();
  }
  const runId = `run-${randomBytes(5).toString('hex')}`;
  const spec: RunSpec = {
    plugin: options.plugin.id,
    version: options.plugin.version,
    instance: encodeInstance(options.instance),
    splitWidth: SPLIT_WIDTH,
    tasksTotal,
    solutions: options.solutions,
    maxSolutions: options.maxSolutions ?? DEFAULT_MAX_SOLUTIONS,
    submittedAt: Date.now(),
  };
  const blocks = blocksOf(tasksTotal);
  const flows = new FlowProducer({ connection: connectionFor(options.url), prefix: PREFIX });
  try {
    await flows.add({
      name: 'run',
      queueName: QUEUE,
      data: { spec, blocks: blocks.length } satisfies RunData,
      opts: { jobId: runId },
      children: blocks.map((tasks, index) => ({
        name: 'tasks',
        queueName: QUEUE,
        data: { run: runId, spec, tasks } satisfies BlockData,
        // A failed block fails the run: its error is the run's.
        opts: { jobId: `${runId}-${index}`, failParentOnFailure: true },
      })),
    });
  } finally {
    await flows.close();
  }
  return { runId, tasksTotal };
}
