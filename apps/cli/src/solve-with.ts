// Where `kit run` solves: on this thread, on worker threads, one shard of the tasks here, or on queue workers.
import type { DoneEvent, RunRequest } from '@kit/core';
import type { WorkerPool } from '@kit/core/node';
import type { DiscoveredPlugin } from './discovery.js';
import type { CommonFlags } from './run-flags.js';
import { solveHere } from './solve-here.js';

/**
 * One thread whose output is written as events come (--count, --json, never an animation) runs on
 * this thread: nothing else needs it meanwhile, and a worker's start-up would be most of a short run.
 */
export function solvesHere(common: CommonFlags, animate: boolean): boolean {
  return !animate && (common.count || common.json) && (common.threads === 1 || common.limit !== undefined) && !common.shard && common.queue === undefined;
}

export async function solveWith(found: DiscoveredPlugin, request: RunRequest, common: CommonFlags, here: boolean, pool?: WorkerPool): Promise<DoneEvent> {
  if (here) return solveHere(found, request);
  if (common.shard) return (await import('./shard.js')).runShard(request, common.shard, { id: found.plugin.id, version: found.plugin.version }, pool);
  if (common.queue !== undefined) {
    const { runQueued } = await import('./queue-run.js');
    return runQueued(found, request, common.queue, common.maxSolutions);
  }
  const { runInWorkers } = await import('@kit/core/node');
  return runInWorkers(request, pool);
}
