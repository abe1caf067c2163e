// Where `kit run` solves: on this thread or on worker threads (a shard goes to shard.ts, a queued run
// to queue-run.ts), by core's one rule (placeRun): a run that draws nothing while it searches (a
// pipe, -q, --count, --json) starts no worker when it has one thread or its search is too small to
// split (the solver's estimate).
import { placeRun, type DoneEvent, type RunPlace, type RunRequest, type RunShape } from '@kit/core/host';
import type { NodeWorkerSupply } from '@kit/core/node';
import type { DiscoveredPlugin } from './discovery.js';
import type { CommonFlags } from './run-flags.js';
import { solveHere } from './solve-here.js';

/**
 * Where this run solves (an animation needs this thread for drawing). Only when the threads alone
 * would send it to workers is the solver loaded here to guess the search's size.
 */
export async function runPlace(found: DiscoveredPlugin, instance: unknown, common: CommonFlags, animate: boolean): Promise<RunPlace> {
  const shape: RunShape = {
    threads: common.threads,
    limit: common.limit,
    drawsMeanwhile: animate,
    distributed: common.shard !== undefined || common.queue !== undefined,
  };
  // Only a run the threads alone send to workers can be kept here by the guess: the rest is decided.
  const byThreads = placeRun(shape);
  if (byThreads === 'here' || shape.drawsMeanwhile || shape.distributed) return byThreads;
  const solver = await found.plugin.solver();
  return placeRun({ ...shape, estimatedTries: solver.estimate?.(instance) });
}

/** `meanwhile`: see solveHere (a search in workers leaves this thread free). */
export async function solveWith(
  found: DiscoveredPlugin,
  request: RunRequest,
  place: RunPlace,
  pool?: NodeWorkerSupply,
  meanwhile?: () => void,
): Promise<DoneEvent> {
  if (place === 'here') return solveHere(found, request, meanwhile);
  const { runInWorkers } = await import('@kit/core/node');
  return runInWorkers(request, pool);
}
