import type { OptionSpec } from '@kit/core';
import { BULL_PREFIX, queueNameOf } from './keys.js';
import { connectionFor, type QueueUrl } from './connection.js';
import { GuardedWorker } from './guarded-worker.js';
import type { RedisWatch } from './redis-watch.js';

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

/** One plugin's queue as a worker serves it. */
export interface ServedQueue {
  name: string;
  plugin: WorkerPlugin;
  worker: GuardedWorker;
  /** Until when this queue is taken as empty (it was, a moment ago): not asked again before then. */
  emptyUntil: number;
}

/**
 * A queue for each plugin, ready, with BullMQ's stalled check running. The worker named `workerId`
 * holds a job's lock for `lockMs` between renewals.
 */
export async function openQueues(plugins: readonly WorkerPlugin[], url: QueueUrl, workerId: string, lockMs: number, watch: RedisWatch): Promise<ServedQueue[]> {
  const queues = plugins.map((plugin): ServedQueue => {
    const name = queueNameOf(plugin.id, plugin.version);
    const worker = new GuardedWorker(name, null, {
      connection: connectionFor(url),
      prefix: BULL_PREFIX,
      autorun: false,
      skipVersionCheck: true,
      name: workerId,
      lockDuration: lockMs,
      stalledInterval: Math.max(1000, Math.round(lockMs / 2)),
      // A job whose worker died goes back once; if it kills a second worker, it fails (and its run).
      maxStalledCount: 1,
    });
    watch.attachEmitter(worker);
    return { name, plugin, worker, emptyUntil: 0 };
  });
  for (const queue of queues) await queue.worker.waitUntilReady();
  for (const queue of queues) void queue.worker.startStalledCheckTimer();
  return queues;
}
