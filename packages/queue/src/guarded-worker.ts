import { type Job, Worker, type JobJson, type JobsOptions } from 'bullmq';
import { LIMITS } from './trust/index.js';

/**
 * The options a job is settled with, decided here: a job's own options come from Redis, where
 * anyone who can write may set `attempts: 1000000` (retried for ever, the queue's head for ever),
 * a backoff, a lifetime. The kit retries nothing itself (a job whose worker died goes back once,
 * through BullMQ's stalled check): a failed job fails, and with a block its run.
 */
export function settledOptions(name: string): JobsOptions {
  return name === 'block' ? { attempts: 1, removeOnComplete: true, failParentOnFailure: true } : { attempts: 1 };
}

/** The JSON fields of a job's hash that BullMQ parses as it fetches the job. */
const JSON_FIELDS = new Set(['data', 'opts', 'progress', 'parent']);

/**
 * BullMQ's Worker, fetched from by hand (one per queue, so one worker process serves several
 * plugins with one thread budget). A fetched job's stored hash is looked at before BullMQ parses
 * it: an oversized or unparseable field is replaced by a marker, and the job is failed for it,
 * rather than the fetch throwing with the job left in `active`.
 */
export class GuardedWorker extends Worker {
  protected override createBackend(): void {
    super.createBackend();
    const backend = this.backend;
    const exec = backend.execCommand.bind(backend);
    backend.execCommand = (client, command, args) => {
      const result = exec(client, command, args);
      return command === 'moveToActive' || command === 'moveToFinished' ? Promise.resolve(result).then(markUnreadable) : result;
    };
  }

  protected override createJob(data: JobJson, jobId: string): Job {
    const json = data as JobJson & Record<string, unknown>;
    if (typeof json.data === 'string' && json.data.length > LIMITS.jobFieldBytes) {
      json.data = JSON.stringify({ oversize: json.data.length });
    }
    for (const field of ['stacktrace', 'returnvalue', 'failedReason'] as const) {
      const value = json[field];
      if (typeof value === 'string' && value.length > LIMITS.jobFieldBytes) delete json[field];
    }
    json.opts = settledOptions(json.name);
    return super.createJob(json, jobId);
  }
}

/**
 * A fetched job's raw hash ([field, value, ...]) with every JSON field BullMQ would parse checked:
 * one that does not parse makes the job a marker the worker fails as "unreadable job".
 */
function markUnreadable(result: unknown): unknown {
  if (!Array.isArray(result) || !Array.isArray(result[0])) return result;
  const fields = result[0] as unknown[];
  let unreadable = false;
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const value = fields[i + 1];
    if (!JSON_FIELDS.has(String(fields[i])) || typeof value !== 'string' || value === '' || value.length > LIMITS.jobFieldBytes) continue;
    try {
      JSON.parse(value);
    } catch {
      unreadable = true;
    }
  }
  if (!unreadable) return result;
  const kept: unknown[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const field = String(fields[i]);
    if (field === 'data' || field === 'opts' || field === 'progress' || field === 'parent') continue;
    kept.push(fields[i], fields[i + 1]);
  }
  kept.push('data', JSON.stringify({ unreadable: true }));
  return [kept, ...result.slice(1)];
}
