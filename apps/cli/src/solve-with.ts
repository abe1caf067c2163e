// Where `kit run` solves: here on worker threads, one shard of the tasks here, or on queue workers.
import type { DoneEvent, RunRequest } from '@kit/core';
import { runInWorkers, type WorkerPool } from '@kit/core/node';
import type { DiscoveredPlugin } from './discovery.js';
import type { CommonFlags } from './run-flags.js';
import { runShard } from './shard.js';

export async function solveWith(found: DiscoveredPlugin, request: RunRequest, common: CommonFlags, pool?: WorkerPool): Promise<DoneEvent> {
  if (common.shard) return runShard(request, common.shard, { id: found.plugin.id, version: found.plugin.version }, pool);
  if (common.queue !== undefined) {
    const { runQueued } = await import('./queue-run.js');
    return runQueued(found, request, common.queue, common.maxSolutions);
  }
  return runInWorkers(request, pool);
}
