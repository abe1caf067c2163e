// Retention: a run's results are kept `keepSeconds` after it ends (finished, failed or cancelled),
// then removed. Workers prune every minute (one at a time, under a short lock); `kit queue prune`
// does it on demand.
import type { Redis } from 'ioredis';
import { BadRecord, type Signer } from './trust/index.js';
import { RUNS_KEY } from './keys.js';
import { removeRun, snapshotRun } from './run-state.js';
import type { QueueUrl } from './connection.js';

const LOCK_KEY = 'kit:prune-lock';
// Runs looked at in one pass; more wait for the next.
const MAX_PASS = 100_000;

/** Which runs {@link Runs.prune} removes. */
export interface PruneOptions {
  /** The time to judge by, ms since the epoch (default: now; tests pass their own). */
  now?: number;
  /** Also remove runs that ended more than this long ago, whatever their own keep time. */
  olderThanMs?: number;
  /** A worker's id: prune only if no other worker is pruning (a lock of a minute). */
  lockedBy?: string;
  /** Looks at most at this many runs, oldest first (a worker's pass stays short). */
  limit?: number;
}

/** What a prune did, run by run. */
export interface PruneReport {
  /** The runs removed. */
  removed: string[];
  /** Runs whose time is up but a block still runs: removed on a later pass. */
  busy: string[];
  /**
   * Records this side cannot read (a bad signature, a field out of bounds): kept, since a worker
   * with the wrong secret must not wipe other people's runs, and listed so someone looks.
   */
  unreadable: string[];
}

/** When a run's keep time started: when it ended. Undefined while it runs. */
function endedAt(snapshot: NonNullable<Awaited<ReturnType<typeof snapshotRun>>>): number | undefined {
  if (snapshot.record.cancelledAt !== undefined) return snapshot.record.cancelledAt;
  if (snapshot.state === 'completed' || snapshot.state === 'failed') return snapshot.finishedOn ?? snapshot.record.spec.submittedAt;
  // A run whose jobs are gone (a Redis restarted without persistence) ended when it was submitted.
  if (snapshot.state === 'missing') return snapshot.record.spec.submittedAt;
  return undefined;
}

export async function pruneRuns(redis: Redis, signer: Signer | undefined, url: QueueUrl, options: PruneOptions = {}): Promise<PruneReport> {
  const report: PruneReport = { removed: [], busy: [], unreadable: [] };
  if (options.lockedBy !== undefined && (await redis.set(LOCK_KEY, options.lockedBy, 'PX', 55_000, 'NX')) !== 'OK') return report;
  const now = options.now ?? Date.now();
  const limit = options.limit ?? MAX_PASS;
  const ids = await redis.zrange(RUNS_KEY, 0, Math.min(limit, MAX_PASS) - 1);
  for (const runId of ids) {
    let snapshot;
    try {
      snapshot = await snapshotRun(redis, signer, runId);
    } catch (error) {
      if (!(error instanceof BadRecord)) throw error;
      report.unreadable.push(runId);
      continue;
    }
    if (!snapshot) {
      await redis.zrem(RUNS_KEY, runId);
      continue;
    }
    const ended = endedAt(snapshot);
    if (ended === undefined) continue;
    const expired = ended + snapshot.record.spec.keepSeconds * 1000 <= now || (options.olderThanMs !== undefined && ended + options.olderThanMs <= now);
    if (!expired) continue;
    if (await removeRun(url, redis, runId, snapshot.record.queue)) report.removed.push(runId);
    else report.busy.push(runId);
  }
  return report;
}
