// The blocks' results of a run, as BullMQ keeps them under the parent job (its `processed` hash,
// one field per finished block): listed with their sizes first, fetched in bounded batches, each
// checked and its signature verified.
import type { Redis } from 'ioredis';
import { BadRecord, LIMITS, type Signer } from './trust/index.js';
import { bullKey } from './keys.js';
import { checkBlockResult, parseJson } from './records.js';
import type { BlockResult, RunSpec } from './spec.js';

const LIST_SIZES = `
local n = redis.call('HLEN', KEYS[1])
if n > tonumber(ARGV[1]) then return {'too-many', n} end
local out = {'ok'}
for _, field in ipairs(redis.call('HKEYS', KEYS[1])) do
  out[#out + 1] = field
  out[#out + 1] = redis.call('HSTRLEN', KEYS[1], field)
end
return out`;

/** Batches of results fetched at once: bounded in bytes, so a reply never holds more than this. */
const BATCH_BYTES = 16 * 1024 * 1024;

/** Which block a field of the processed hash holds (the child job's key), or undefined. */
function blockOf(field: string, spec: RunSpec, queue: string): number | undefined {
  const prefix = `${bullKey(queue, spec.run)}-`;
  if (!field.startsWith(prefix)) return undefined;
  const rest = field.slice(prefix.length);
  if (!/^(0|[1-9]\d{0,4})$/.test(rest)) return undefined;
  const block = Number(rest);
  return block < spec.blocks ? block : undefined;
}

/** Every finished block's checked result, by block number. */
export async function readBlockResults(redis: Redis, signer: Signer | undefined, spec: RunSpec, queue: string): Promise<Map<number, BlockResult>> {
  const key = bullKey(queue, `${spec.run}:processed`);
  const listed = (await redis.eval(LIST_SIZES, 1, key, String(spec.blocks))) as (string | number)[];
  if (listed[0] === 'too-many') throw new BadRecord(`run ${spec.run} has ${String(listed[1])} block results, but only ${spec.blocks} blocks`);
  const fields: { field: string; block: number; bytes: number }[] = [];
  let total = 0;
  for (let i = 1; i < listed.length; i += 2) {
    const field = String(listed[i]);
    const bytes = Number(listed[i + 1]);
    const block = blockOf(field, spec, queue);
    if (block === undefined) throw new BadRecord(`run ${spec.run} has a result from a job that is not one of its blocks`);
    if (bytes > LIMITS.blockResultBytes)
      throw new BadRecord(`block ${block} of run ${spec.run}: its result is ${bytes} bytes (at most ${LIMITS.blockResultBytes})`);
    total += bytes;
    if (total > LIMITS.totalResultBytes) throw new BadRecord(`run ${spec.run}: its results pass ${LIMITS.totalResultBytes} bytes`);
    fields.push({ field, block, bytes });
  }
  const results = new Map<number, BlockResult>();
  for (let start = 0; start < fields.length; ) {
    let end = start;
    let bytes = 0;
    while (end < fields.length && (end === start || bytes + fields[end]!.bytes <= BATCH_BYTES)) bytes += fields[end++]!.bytes;
    const batch = fields.slice(start, end);
    const values = await redis.hmget(key, ...batch.map((item) => item.field));
    batch.forEach(({ block }, i) => {
      const text = values[i];
      if (text === null || text === undefined) return;
      if (text.length > LIMITS.blockResultBytes)
        throw new BadRecord(`block ${block} of run ${spec.run}: its result grew past ${LIMITS.blockResultBytes} bytes`);
      results.set(block, checkBlockResult(parseJson(text, `block ${block} of run ${spec.run}: its result`), spec, block, signer));
    });
    start = end;
  }
  return results;
}
