// A run's state, read in one Lua script: the parent job's state, its counts and its result are one
// snapshot, so a run that finishes while it is read can never look finished without its result.
import type { Redis } from 'ioredis';
import { Queue } from 'bullmq';
import { BadRecord, LIMITS, type Signer } from './trust/index.js';
import { BULL_PREFIX, RUNS_KEY, bullKey, runKey } from './keys.js';
import { checkRunResult, parseJson, readRun, type RunRecord } from './records.js';
import type { RunResult } from './spec.js';
import { connectionFor, type QueueUrl } from './connection.js';

export type JobState = 'completed' | 'failed' | 'waiting-children' | 'active' | 'waiting' | 'missing';

export interface RunSnapshot {
  record: RunRecord;
  state: JobState;
  /** Block numbers finished. */
  processed: number[];
  /** Blocks not finished (queued or running). */
  pending: number;
  /** Blocks a worker holds now. */
  running: number;
  failedReason: string | undefined;
  finishedOn: number | undefined;
  result: RunResult | undefined;
}

const SNAPSHOT = `
local id = ARGV[1]
local state = 'missing'
if redis.call('EXISTS', KEYS[1]) == 1 then
  if redis.call('ZSCORE', KEYS[2], id) then state = 'completed'
  elseif redis.call('ZSCORE', KEYS[3], id) then state = 'failed'
  elseif redis.call('ZSCORE', KEYS[7], id) then state = 'waiting-children'
  elseif redis.call('LPOS', KEYS[4], id) then state = 'active'
  elseif redis.call('LPOS', KEYS[5], id) or redis.call('ZSCORE', KEYS[6], id) then state = 'waiting'
  else state = 'waiting' end
end
local processedCount = redis.call('HLEN', KEYS[8])
local processed = {}
if processedCount <= tonumber(ARGV[3]) then processed = redis.call('HKEYS', KEYS[8]) end
local pending = redis.call('SCARD', KEYS[9])
local reason = redis.call('HGET', KEYS[1], 'failedReason')
if reason then reason = string.sub(reason, 1, tonumber(ARGV[4])) end
local finishedOn = redis.call('HGET', KEYS[1], 'finishedOn')
local result = false
local resultLength = 0
if state == 'completed' then
  resultLength = redis.call('HSTRLEN', KEYS[1], 'returnvalue')
  if resultLength <= tonumber(ARGV[2]) then result = redis.call('HGET', KEYS[1], 'returnvalue') end
end
local running = 0
local prefix = id .. '-'
for _, job in ipairs(redis.call('LRANGE', KEYS[4], 0, tonumber(ARGV[3]) - 1)) do
  if string.sub(job, 1, #prefix) == prefix then running = running + 1 end
end
local cancelledAt = redis.call('HSTRLEN', KEYS[10], 'cancelledAt')
if cancelledAt <= 32 then cancelledAt = redis.call('HGET', KEYS[10], 'cancelledAt') end
return {state, processedCount, processed, pending, reason, finishedOn, result, resultLength, running, redis.call('EXISTS', KEYS[10]), cancelledAt}`;

/**
 * The run and its parent job's state as one snapshot; undefined when there is no such run. With
 * `known`, the run's record as read before (a waiting submitter polls): its spec is not read and
 * checked again, only whether the record is still there and cancelled.
 */
export async function snapshotRun(redis: Redis, signer: Signer | undefined, runId: string, known?: RunRecord): Promise<RunSnapshot | undefined> {
  const record = known ?? (await readRun(redis, signer, runId));
  if (!record) return undefined;
  const { queue, spec } = record;
  const key = (suffix: string) => bullKey(queue, suffix);
  const reply = (await redis.eval(
    SNAPSHOT,
    10,
    key(runId),
    key('completed'),
    key('failed'),
    key('active'),
    key('wait'),
    key('prioritized'),
    key('waiting-children'),
    key(`${runId}:processed`),
    key(`${runId}:dependencies`),
    runKey(runId),
    runId,
    String(LIMITS.runResultBytes),
    String(LIMITS.blocks),
    String(LIMITS.reason),
  )) as [JobState, number, string[], number, string | null, string | null, string | null, number, number, number, string | number | null];
  const [state, processedCount, fields, pending, reason, finishedOn, result, resultLength, running, recordExists, cancelledText] = reply;
  if (recordExists === 0) return undefined;
  if (typeof cancelledText === 'number') throw new BadRecord(`run ${runId}: its cancelledAt is ${cancelledText} bytes (at most 32)`);
  const cancelledAt = cancelledText === null ? undefined : Number(cancelledText);
  if (processedCount > spec.blocks) throw new BadRecord(`run ${runId} has ${processedCount} block results, but only ${spec.blocks} blocks`);
  const prefix = `${key(runId)}-`;
  const processed = fields
    .map((field) => (field.startsWith(prefix) && /^\d{1,5}$/.test(field.slice(prefix.length)) ? Number(field.slice(prefix.length)) : -1))
    .filter((block) => block >= 0 && block < spec.blocks);
  if (state === 'completed' && result === null) throw new BadRecord(`run ${runId}'s result is ${resultLength} bytes (at most ${LIMITS.runResultBytes})`);
  const finished = finishedOn === null ? undefined : Number(finishedOn);
  return {
    record: { ...record, cancelledAt: Number.isSafeInteger(cancelledAt) ? cancelledAt : undefined },
    state,
    processed,
    pending,
    running,
    failedReason: reason ?? undefined,
    finishedOn: Number.isSafeInteger(finished) ? finished : undefined,
    result: result !== null ? checkRunResult(parseJson(result, `run ${runId}'s result`), spec, signer) : undefined,
  };
}

/** A failed block's own reason (the parent's says only which child failed), bounded. */
export async function childFailure(redis: Redis, queue: string, parentReason: string): Promise<string | undefined> {
  const child = /^child (\S+) failed$/.exec(parentReason)?.[1];
  if (!child?.startsWith(`${BULL_PREFIX}:${queue}:`)) return undefined;
  const reason = (await redis.eval(
    `local r = redis.call('HGET', KEYS[1], 'failedReason') if r then return string.sub(r, 1, tonumber(ARGV[1])) end return false`,
    1,
    child,
    String(LIMITS.reason),
  )) as string | null;
  return reason ?? undefined;
}

/**
 * Removes a run: its jobs (through BullMQ, which refuses while a block is locked by a worker), its
 * record and its index entry. Resolves to false when a block is still running.
 */
export async function removeRun(url: QueueUrl, redis: Redis, runId: string, queue: string | undefined): Promise<boolean> {
  if (queue !== undefined) {
    const bull = new Queue(queue, { connection: connectionFor(url), prefix: BULL_PREFIX, skipVersionCheck: true });
    bull.on('error', () => {});
    try {
      const removed = await bull.remove(runId, { removeChildren: true });
      if (removed === 0 && (await redis.exists(bullKey(queue, runId))) === 1) return false;
    } finally {
      await bull.close();
    }
  }
  await redis.multi().del(runKey(runId)).zrem(RUNS_KEY, runId).exec();
  return true;
}
