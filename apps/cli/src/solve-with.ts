// Where `kit run` solves: on this thread or on worker threads (a shard goes to shard.ts, a queued run
// to queue-run.ts).
import type { DoneEvent, RunRequest } from '@kit/core/host';
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

export async function solveWith(found: DiscoveredPlugin, request: RunRequest, _common: CommonFlags, here: boolean, pool?: WorkerPool): Promise<DoneEvent> {
  if (here) return solveHere(found, request);
  const { runInWorkers } = await import('@kit/core/node');
  return runInWorkers(request, pool);
}
