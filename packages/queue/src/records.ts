// Every record the queue reads back from Redis goes through here: fetched with its size checked in
// Redis first (a Lua script that looks at lengths before anything is sent), parsed, bounded field by
// field, and its signature checked. A record that fails is a BadRecord naming the run or job.
import type { Redis } from 'ioredis';
import {
  BadRecord,
  LIMITS,
  PLUGIN_ID,
  RUN_ID,
  SOLUTION_BOUNDS,
  VERSION,
  boundedInt,
  checkJson,
  checkSummary,
  isPlainObject,
  matching,
  readCuts,
  readSource,
  type Signer,
  type SignedKind,
} from './trust/index.js';
import { queueNameOf, runKey } from './keys.js';
import { tasksOfBlock, type BlockResult, type Dealing, type RunResult, type RunSpec, type TaskOutcome } from './spec.js';

// Hash fields, each with its own limit: lengths are checked in Redis, then the fields are fetched.
const READ_FIELDS = `
for i = 1, #ARGV, 2 do
  local len = redis.call('HSTRLEN', KEYS[1], ARGV[i])
  if len > tonumber(ARGV[i + 1]) then return {'too-big', ARGV[i], len} end
end
local fields = {}
for i = 1, #ARGV, 2 do fields[#fields + 1] = ARGV[i] end
local values = redis.call('HMGET', KEYS[1], unpack(fields))
table.insert(values, 1, 'ok')
return values`;

/** Reads hash fields, each at most its limit in bytes; null for a missing field. */
export async function readFields(redis: Redis, key: string, limits: Record<string, number>, what: string): Promise<Record<string, string | null>> {
  const names = Object.keys(limits);
  let reply: unknown;
  try {
    reply = await redis.eval(READ_FIELDS, 1, key, ...names.flatMap((name) => [name, String(limits[name])]));
  } catch (error) {
    if (/WRONGTYPE/.test((error as Error).message)) throw new BadRecord(`${what} is not a record the kit wrote`);
    throw error;
  }
  const values = reply as (string | number | null)[];
  if (values[0] === 'too-big') throw new BadRecord(`${what}: its ${String(values[1])} is ${String(values[2])} bytes (at most ${limits[String(values[1])]})`);
  return Object.fromEntries(names.map((name, i) => [name, (values[i + 1] as string | null) ?? null]));
}

export function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRecord(`${what} is not JSON`);
  }
}

/** Checks a signature, or its absence when no secret is set (unsigned runs: see docs/distributed.md). */
export function checkSigned(signer: Signer | undefined, kind: SignedKind, value: unknown, signature: unknown, what: string): void {
  if (signer) {
    if (signature === undefined) throw new BadRecord(`${what} is not signed (made without the shared secret)`);
    if (!signer.verify(kind, value, signature)) throw new BadRecord(`${what} has a signature that does not match the shared secret`);
  } else if (signature !== undefined) {
    throw new BadRecord(`${what} is signed, and no shared secret is set here to check it (KIT_QUEUE_SECRET_FILE)`);
  }
}

/** A run's record as stored: its signed spec and whether it was cancelled. */
export interface RunRecord {
  spec: RunSpec;
  /** The spec's cuts, read. */
  cuts: number[][];
  queue: string;
  cancelledAt: number | undefined;
}

/** Reads and checks `kit:run:<id>`; undefined when there is no such run. */
export async function readRun(redis: Redis, signer: Signer | undefined, runId: string): Promise<RunRecord | undefined> {
  const what = `run ${runId}`;
  const fields = await readFields(redis, runKey(runId), { spec: LIMITS.specBytes, sig: 128, cancelledAt: 32 }, what);
  const text = fields['spec'];
  if (text === null || text === undefined) return undefined;
  const spec = checkSpec(parseJson(text, `${what}'s spec`), runId);
  checkSigned(signer, 'run-spec', spec, fields['sig'] ?? undefined, `${what}'s spec`);
  const cancelledAt = fields['cancelledAt'] === null ? undefined : Number(fields['cancelledAt']);
  const cuts = spec.cuts === undefined ? [] : readCuts(spec.cuts, `${what}'s spec: its cuts`);
  return { spec, cuts, queue: queueNameOf(spec.plugin, spec.version), cancelledAt: Number.isSafeInteger(cancelledAt) ? cancelledAt : undefined };
}

/** A spec from elsewhere, field by field: the bounds a submitter's spec always meets. */
export function checkSpec(value: unknown, runId: string): RunSpec {
  const what = `run ${runId}'s spec`;
  if (!isPlainObject(value)) throw new BadRecord(`${what} is not a record`);
  const run = matching(value['run'], RUN_ID, `${what}: its id`);
  if (run !== runId) throw new BadRecord(`${what} belongs to run ${run}`);
  const tasksTotal = boundedInt(value['tasksTotal'], 1, LIMITS.tasks, `${what}: tasksTotal`);
  if (typeof value['solutions'] !== 'boolean') throw new BadRecord(`${what}: solutions is not true or false`);
  const spec: RunSpec = {
    run,
    plugin: matching(value['plugin'], PLUGIN_ID, `${what}: its plugin`),
    version: matching(value['version'], VERSION, `${what}: its plugin version`),
    source: readSource(value['source'], `run ${runId}'s search`),
    splitWidth: boundedInt(value['splitWidth'], 1, LIMITS.splitWidth, `${what}: splitWidth`),
    ...(value['cuts'] !== undefined ? { cuts: value['cuts'] as string } : {}),
    tasksTotal,
    blocks: boundedInt(value['blocks'], 1, Math.min(tasksTotal, LIMITS.blocks), `${what}: blocks`),
    dealing: dealingOf(value['dealing'], what),
    solutions: value['solutions'],
    maxSolutions: boundedInt(value['maxSolutions'], 1, LIMITS.maxSolutions, `${what}: maxSolutions`),
    submittedAt: boundedInt(value['submittedAt'], 0, Number.MAX_SAFE_INTEGER, `${what}: submittedAt`),
    keepSeconds: boundedInt(value['keepSeconds'], LIMITS.keepSeconds.min, LIMITS.keepSeconds.max, `${what}: keepSeconds`),
  };
  if (spec.cuts !== undefined) readCuts(spec.cuts, `${what}: its cuts`);
  const known = new Set(Object.keys(spec));
  const extra = Object.keys(value).find((key) => !known.has(key));
  if (extra !== undefined) throw new BadRecord(`${what} has an unknown field ${JSON.stringify(extra.slice(0, 40))}`);
  return spec;
}

function dealingOf(value: unknown, what: string): Dealing {
  if (value !== 'mixed') throw new BadRecord(`${what}: its dealing is not "mixed"`);
  return value;
}

const HOST = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]{1,256}$/;

/** A block's result from elsewhere: every task of the block once, in order, each summary bounded. */
export function checkBlockResult(value: unknown, spec: RunSpec, block: number, signer: Signer | undefined): BlockResult {
  const what = `block ${block} of run ${spec.run}`;
  if (!isPlainObject(value)) throw new BadRecord(`${what}: its result is not a record`);
  const { sig, ...signed } = value;
  if (value['run'] !== spec.run || value['block'] !== block) throw new BadRecord(`${what}: its result is for another block`);
  const host = matching(value['host'], HOST, `${what}: its worker's name`);
  const expected = tasksOfBlock(block, spec.blocks, spec.tasksTotal, spec.dealing);
  const tasks = value['tasks'];
  if (!Array.isArray(tasks) || tasks.length !== expected.length) throw new BadRecord(`${what}: its result does not hold its ${expected.length} tasks`);
  const outcomes: TaskOutcome[] = tasks.map((item: unknown, i) => {
    const task = expected[i]!;
    if (!isPlainObject(item) || item['task'] !== task) throw new BadRecord(`${what}: its result does not hold task ${task} in its place`);
    const summary = checkSummary(item['summary'], `${what}: task ${task}'s summary`);
    const solutions = item['solutions'];
    if (spec.solutions !== Array.isArray(solutions))
      throw new BadRecord(`${what}: task ${task} ${spec.solutions ? 'lacks its solutions' : 'carries solutions of a --count run'}`);
    if (Array.isArray(solutions)) {
      if (solutions.length > spec.maxSolutions) throw new BadRecord(`${what}: task ${task} carries more than ${spec.maxSolutions} solutions`);
      solutions.forEach((solution, n) => {
        checkJson(solution, SOLUTION_BOUNDS, `${what}: task ${task}'s solution ${n + 1}`);
      });
    }
    return { task, summary: summary as TaskOutcome['summary'], ...(Array.isArray(solutions) ? { solutions } : {}) };
  });
  checkSigned(signer, 'block-result', signed, sig, `${what}: its result`);
  return { run: spec.run, block, host, tasks: outcomes };
}

/** The run's merged result from elsewhere. */
export function checkRunResult(value: unknown, spec: RunSpec, signer: Signer | undefined): RunResult {
  const what = `run ${spec.run}'s result`;
  if (!isPlainObject(value) || value['run'] !== spec.run) throw new BadRecord(`${what} is not this run's`);
  const { sig, ...signed } = value;
  const summary = checkSummary(value['summary'], `${what}: its summary`);
  const solutions = value['solutions'];
  if (!Array.isArray(solutions) || solutions.length > spec.maxSolutions)
    throw new BadRecord(`${what}: its solutions are not a list of at most ${spec.maxSolutions}`);
  solutions.forEach((solution, n) => {
    checkJson(solution, SOLUTION_BOUNDS, `${what}: solution ${n + 1}`);
  });
  const result: RunResult = {
    run: spec.run,
    host: matching(value['host'], HOST, `${what}: its worker's name`),
    summary: summary as RunResult['summary'],
    solutions,
    finishedAt: boundedInt(value['finishedAt'], 0, Number.MAX_SAFE_INTEGER, `${what}: finishedAt`),
  };
  checkSigned(signer, 'run-result', signed, sig, what);
  return result;
}
