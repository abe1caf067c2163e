// Live workers: each writes a signed record every few seconds (`kit:worker:<id>`, expiring), so a
// submitter can say that no worker serves its plugin, and `kit queue workers` can list them.
import type { Redis } from 'ioredis';
import { BadRecord, LIMITS, boundedInt, isPlainObject, matching, type Signer } from './trust/index.js';
import { WORKER_PREFIX } from './keys.js';
import { checkSigned, parseJson } from './records.js';

/** A worker's heartbeat record, as `kit queue workers` lists it. */
export interface WorkerRecord {
  /** The worker's id, `HOST:PID:RANDOM`. */
  id: string;
  /** The machine's name. */
  host: string;
  /** The worker's process id. */
  pid: number;
  /** The queues it serves: `plugin@version`. */
  queues: string[];
  /** Jobs it runs at once. */
  threads: number;
  /** Jobs it is running. */
  busy: number;
  /** True once it has stopped taking jobs (SIGTERM). */
  draining: boolean;
  /** When it started, ms since the epoch. */
  startedAt: number;
  /** When it last wrote this record, ms since the epoch. */
  seenAt: number;
}

const WORKERS_KEY = 'kit:workers';
/** A worker unheard of for this long is gone. */
export const HEARTBEAT_TTL_MS = 15_000;
export const HEARTBEAT_EVERY_MS = 5_000;
const RECORD_BYTES = 16 * 1024;
const MAX_LISTED = 1000;
const NAME = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]{1,256}$/;
const QUEUE = /^[a-z][a-z0-9-]{0,63}@[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$/;

export async function writeHeartbeat(redis: Redis, signer: Signer | undefined, record: WorkerRecord): Promise<void> {
  const text = JSON.stringify({ record, ...(signer ? { sig: signer.sign('worker', record) } : {}) });
  await redis
    .multi()
    .set(`${WORKER_PREFIX}${record.id}`, text, 'PX', HEARTBEAT_TTL_MS)
    .zadd(WORKERS_KEY, record.seenAt, record.id)
    .zremrangebyscore(WORKERS_KEY, '-inf', record.seenAt - 10 * HEARTBEAT_TTL_MS)
    .exec();
}

export async function removeHeartbeat(redis: Redis, id: string): Promise<void> {
  await redis.multi().del(`${WORKER_PREFIX}${id}`).zrem(WORKERS_KEY, id).exec();
}

const READ_RECORDS = `
local out = {}
for i, key in ipairs(KEYS) do
  local len = redis.call('STRLEN', key)
  if len > tonumber(ARGV[1]) then out[i] = 'too-big' else out[i] = redis.call('GET', key) end
end
return out`;

/** The workers heard from lately; records that are not a worker's (unsigned, forged, odd) are counted, not listed. */
export async function listWorkers(redis: Redis, signer: Signer | undefined, now = Date.now()): Promise<{ workers: WorkerRecord[]; refused: number }> {
  const ids = await redis.zrangebyscore(WORKERS_KEY, now - HEARTBEAT_TTL_MS, '+inf', 'LIMIT', 0, MAX_LISTED);
  if (ids.length === 0) return { workers: [], refused: 0 };
  const values = (await redis.eval(READ_RECORDS, ids.length, ...ids.map((id) => `${WORKER_PREFIX}${id}`), String(RECORD_BYTES))) as (string | null | false)[];
  const workers: WorkerRecord[] = [];
  let refused = 0;
  values.forEach((text, i) => {
    if (typeof text !== 'string') return;
    try {
      if (text === 'too-big') throw new BadRecord('too big');
      const worker = checkWorker(parseJson(text, 'a worker record'), ids[i]!, signer);
      // The time that counts is the one inside the (signed) record, not the list's score nor the
      // key's expiry, which anyone who can write to Redis sets: a replayed old record is not a live worker.
      if (now - worker.seenAt > HEARTBEAT_TTL_MS) return;
      workers.push(worker);
    } catch (error) {
      if (!(error instanceof BadRecord)) throw error;
      refused++;
    }
  });
  return { workers: workers.sort((a, b) => a.id.localeCompare(b.id)), refused };
}

function checkWorker(value: unknown, id: string, signer: Signer | undefined): WorkerRecord {
  if (!isPlainObject(value) || !isPlainObject(value['record'])) throw new BadRecord('not a worker record');
  const record = value['record'];
  const queues = record['queues'];
  if (!Array.isArray(queues) || queues.length > LIMITS.options) throw new BadRecord('no queues');
  const checked: WorkerRecord = {
    id: matching(record['id'], NAME, 'id'),
    host: matching(record['host'], NAME, 'host'),
    pid: boundedInt(record['pid'], 0, 2 ** 31, 'pid'),
    queues: queues.map((queue) => matching(queue, QUEUE, 'queue')),
    threads: boundedInt(record['threads'], 1, 4096, 'threads'),
    busy: boundedInt(record['busy'], 0, 4096, 'busy'),
    draining: record['draining'] === true,
    startedAt: boundedInt(record['startedAt'], 0, Number.MAX_SAFE_INTEGER, 'startedAt'),
    seenAt: boundedInt(record['seenAt'], 0, Number.MAX_SAFE_INTEGER, 'seenAt'),
  };
  if (checked.id !== id) throw new BadRecord('id');
  checkSigned(signer, 'worker', record, value['sig'], 'worker record');
  return checked;
}
