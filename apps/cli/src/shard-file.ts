// A shard's `--json` file, read as data from elsewhere: every field bounded in one place before use.
// One line naming the file (and the line) for anything that is not what `kit run --shard` writes.
import type { Summary } from '@kit/core';
import { mergeSummaries, type SearchSource } from '@kit/core/host';
import { jsonNestsDeeperThan } from '@kit/core/messages';
import { UsageError } from './errors.js';
import { readTextFile } from './files.js';
import { solutionsHasher, type ShardRecord } from './shard.js';

export interface ShardFile {
  file: string;
  k: number;
  n: number;
  tasks: number[];
  record: ShardRecord;
  solutions: unknown[];
  elapsedMs: number;
}

// A shard's output carries its solutions: far larger than a puzzle file may be.
const SHARD_MAX_BYTES = 512 * 1024 * 1024;
// A done line nests about 20 deep (its merge record's summaries); a solution at most 16 (LIMITS.depth).
const LINE_DEPTH = 64;

type Trust = typeof import('@kit/queue/trust');

export async function readShard(file: string, cwd: string, signer: import('@kit/queue/trust').Signer | undefined): Promise<ShardFile> {
  const trust = await import('@kit/queue/trust');
  const { BadRecord } = trust;
  try {
    return await read(file, cwd, signer, trust);
  } catch (error) {
    if (error instanceof BadRecord) throw new UsageError(`${file}: ${error.message}`);
    throw error;
  }
}

async function read(file: string, cwd: string, signer: import('@kit/queue/trust').Signer | undefined, trust: Trust): Promise<ShardFile> {
  const { BadRecord, LIMITS, PLUGIN_ID, VERSION, boundedInt, canonicalJson, checkJson, checkSummary, isPlainObject, matching, readSource, SOLUTION_BOUNDS } =
    trust;
  const text = (await readTextFile(file, cwd, { maxBytes: SHARD_MAX_BYTES })).text;
  const solutions: unknown[] = [];
  const digest = solutionsHasher(canonicalJson);
  let done: Record<string, unknown> | undefined;
  let line = 0;
  for (let start = 0; start < text.length; ) {
    const end = text.indexOf('\n', start);
    const content = text.slice(start, end < 0 ? text.length : end);
    start = end < 0 ? text.length : end + 1;
    line++;
    if (content.trim() === '') continue;
    // Checked before parsing: a done line's value nested 100,000 deep overflowed the stack when quoted.
    if (jsonNestsDeeperThan(content, LINE_DEPTH))
      throw new UsageError(`${file}:${line}: nests arrays and objects more than ${LINE_DEPTH} deep, past the limit for a line of kit run --json output`);
    let record: unknown;
    try {
      record = JSON.parse(content);
    } catch {
      throw new UsageError(`${file}:${line}: not a line of kit run --json output`);
    }
    if (done) throw new UsageError(`${file}:${line}: a line after the done line`);
    if (!isPlainObject(record)) throw new UsageError(`${file}:${line}: not a line of kit run --json output`);
    if (record['type'] === 'solution') {
      if (solutions.length >= LIMITS.maxSolutions) throw new BadRecord(`more than ${LIMITS.maxSolutions} solutions`);
      checkJson(record['solution'], SOLUTION_BOUNDS, `line ${line}'s solution`);
      digest.add(record['solution']);
      solutions.push(record['solution']);
    } else if (record['type'] === 'done') {
      done = record;
    }
  }
  const shard = typeof done?.['shard'] === 'string' ? /^(\d{1,9})\/(\d{1,9})$/.exec(done['shard']) : null;
  const merge = done?.['merge'];
  if (!done || !shard || !isPlainObject(merge) || !Array.isArray(done['tasks'])) {
    throw new UsageError(`${file}: not the --json output of a finished kit run --shard (no done line with a shard)`);
  }
  const tasksTotal = boundedInt(merge['tasksTotal'], 1, LIMITS.tasks, 'its task count');
  const [k, n] = [Number(shard[1]), Number(shard[2])];
  if (n > tasksTotal) throw new BadRecord(`shard ${k}/${n} of a search of ${tasksTotal} task${tasksTotal === 1 ? '' : 's'}: N cannot be more than the tasks`);
  if (n < 1 || k < 1 || k > n) throw new BadRecord(`shard ${k}/${n}: K must be from 1 to N`);
  // Exactly this shard's tasks, in order: t = k-1, k-1+n, ... below the task count.
  const expected = Math.floor((tasksTotal - k) / n) + 1;
  const tasks = done['tasks'];
  if (tasks.length !== expected || tasks.some((task, i) => task !== k - 1 + i * n)) {
    throw new BadRecord(`its tasks are not those of shard ${k}/${n} of ${tasksTotal} (t % ${n} == ${k - 1})`);
  }
  const summaries = merge['summaries'];
  const emitted = merge['emitted'];
  if (!Array.isArray(summaries) || summaries.length !== expected || !Array.isArray(emitted) || emitted.length !== expected) {
    throw new BadRecord(`it does not hold a summary and a solution count for each of its ${expected} tasks`);
  }
  if (typeof merge['solutions'] !== 'boolean') throw new BadRecord('it does not say whether it carries solutions');
  const record: ShardRecord = {
    plugin: matching(merge['plugin'], PLUGIN_ID, 'its plugin'),
    version: matching(merge['version'], VERSION, 'its plugin version'),
    tasksTotal,
    splitWidth: boundedInt(merge['splitWidth'], 1, LIMITS.splitWidth, 'its split width'),
    solutions: merge['solutions'],
    source: readSource(merge['source'], 'its search') as SearchSource,
    summaries: summaries.map((summary, i) => checkSummary(summary, `task ${tasks[i]}'s summary`) as Summary),
    emitted: emitted.map((count, i) => boundedInt(count, 0, LIMITS.maxSolutions, `task ${tasks[i]}'s solution count`)),
    solutionsDigest: matching(merge['solutionsDigest'], /^[0-9a-f]{64}$/, 'its solutions digest'),
  };
  const known = new Set([...Object.keys(record), 'sig']);
  const extra = Object.keys(merge).find((key) => !known.has(key));
  if (extra !== undefined) throw new BadRecord(`its merge record has an unknown field ${JSON.stringify(extra.slice(0, 40))}`);

  // The shard against itself: its solution lines are the ones its tasks counted and digested, and
  // its own summary is the sum of its tasks'.
  const lines = record.emitted.reduce((sum, count) => sum + count, 0);
  if (lines !== solutions.length) throw new BadRecord(`${solutions.length} solution lines, but its tasks count ${lines}`);
  if (!record.solutions && lines > 0) throw new BadRecord('solution lines in a --count shard');
  if (digest.digest() !== record.solutionsDigest) throw new BadRecord('its solution lines are not the ones its tasks wrote (their digest differs)');
  const own = mergeSummaries(record.summaries);
  for (const [key, value] of Object.entries(own)) {
    if (typeof value === 'number' && done[key] !== value) {
      throw new BadRecord(`its done line says ${key} ${JSON.stringify(done[key])}, but its tasks' summaries add up to ${value}`);
    }
  }
  // Signed with the shared secret, or unsigned when none is set here.
  const signature = merge['sig'];
  const signed = { shard: `${k}/${n}`, tasks, merge: record };
  if (signer) {
    if (signature === undefined) throw new BadRecord('it is not signed, and a shared secret is set here (KIT_QUEUE_SECRET_FILE): make the shards with it');
    if (!signer.verify('shard', signed, signature))
      throw new BadRecord('its signature does not match the shared secret: the file was changed, or made with another secret');
  } else if (signature !== undefined) {
    throw new BadRecord('it is signed: set the shared secret (KIT_QUEUE_SECRET_FILE) to check it');
  }
  const elapsed = done['elapsedMs'];
  return {
    file,
    k,
    n,
    tasks: tasks as number[],
    record,
    solutions,
    elapsedMs: typeof elapsed === 'number' && Number.isSafeInteger(elapsed) && elapsed >= 0 ? elapsed : 0,
  };
}

/** The same run: same plugin, version, search, split and output mode. */
export function sameRun(a: ShardRecord, b: ShardRecord, canonicalJson: (value: unknown) => string = JSON.stringify): boolean {
  const key = (r: ShardRecord) => canonicalJson([r.plugin, r.version, r.tasksTotal, r.splitWidth, r.solutions, r.source]);
  return key(a) === key(b);
}
