import type { Redis } from 'ioredis';
import type { Signer } from './trust/index.js';
import { readRun, type RunRecord } from './records.js';
import { JobRefused } from './job-refused.js';

/** Runs remembered at most: a worker serves runs for days, and forgets the ones not seen lately. */
const REMEMBERED = 64;

/** Runs' checked records, read once while their blocks come by. */
export class RunRecords {
  readonly #runs = new Map<string, { record: Promise<RunRecord>; usedAt: number }>();

  constructor(
    private readonly redis: Redis,
    private readonly signer: Signer | undefined,
  ) {}

  /** Run `runId`'s record; refused when it is gone or belongs to another queue than `queue`. */
  of(runId: string, queue: string): Promise<RunRecord> {
    const runs = this.#runs;
    let entry = runs.get(runId);
    if (!entry) {
      const record = readRun(this.redis, this.signer, runId).then((found) => {
        if (!found) throw new JobRefused(`run ${runId} has no record (removed or expired)`);
        if (found.queue !== queue) throw new JobRefused(`run ${runId} is for ${found.queue}, not ${queue}`);
        return found;
      });
      record.catch(() => runs.delete(runId));
      entry = { record, usedAt: Date.now() };
      runs.set(runId, entry);
      if (runs.size > REMEMBERED) {
        const oldest = [...runs.entries()].sort((a, b) => a[1].usedAt - b[1].usedAt)[0]!;
        runs.delete(oldest[0]);
      }
    }
    entry.usedAt = Date.now();
    return entry.record;
  }
}
