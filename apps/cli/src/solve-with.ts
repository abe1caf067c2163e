// Where `kit run` solves: on this thread or on worker threads (a shard goes to shard.ts, a queued run
// to queue-run.ts), by core's one rule (placeRun): a run on one thread that draws nothing while it
// searches (a pipe, -q, --count, --json) starts no worker.
import { placeRun, type DoneEvent, type RunPlace, type RunRequest } from '@kit/core/host';
import type { NodeWorkerSupply } from '@kit/core/node';
import type { DiscoveredPlugin } from './discovery.js';
import type { CommonFlags } from './run-flags.js';
import { solveHere } from './solve-here.js';

/** Where this run solves (an animation needs this thread for drawing). */
export function runPlace(common: CommonFlags, animate: boolean): RunPlace {
  return placeRun({ threads: common.threads, limit: common.limit, drawsMeanwhile: animate, distributed: common.shard !== undefined || common.queue !== undefined });
}

export async function solveWith(found: DiscoveredPlugin, request: RunRequest, place: RunPlace, pool?: NodeWorkerSupply): Promise<DoneEvent> {
  if (place === 'here') return solveHere(found, request);
  const { runInWorkers } = await import('@kit/core/node');
  return runInWorkers(request, pool);
}
