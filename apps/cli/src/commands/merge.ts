// `kit merge FILE...`: the `--json` outputs of `kit run --shard K/N`, in any order, printed as the
// whole run prints: the plugin's own merge of every task's summary, solutions in task order.
import { TaskThread, type DoneEvent, type JsonValue, type Summary } from '@kit/core';
import { createNodeWorker, decodeInstance } from '@kit/core/node';
import type { DiscoveredPlugin } from '../discovery.js';
import { UsageError } from '../errors.js';
import { readTextFile } from '../files.js';
import { printRun, type PrintFlags } from '../print-run.js';
import type { ShardRecord } from '../shard.js';

interface ShardFile {
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

async function readShard(file: string, cwd: string): Promise<ShardFile> {
  const lines = (await readTextFile(file, cwd, SHARD_MAX_BYTES)).text.split('\n');
  const solutions: unknown[] = [];
  let done: Record<string, JsonValue> | undefined;
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    let record: Record<string, JsonValue>;
    try {
      record = JSON.parse(line) as Record<string, JsonValue>;
    } catch {
      throw new UsageError(`${file}:${i + 1}: not a line of kit run --json output`);
    }
    if (done) throw new UsageError(`${file}:${i + 1}: a line after the done line`);
    if (record['type'] === 'solution') solutions.push(record['solution']);
    else if (record['type'] === 'done') done = record;
  });
  const shard = typeof done?.['shard'] === 'string' ? /^(\d+)\/(\d+)$/.exec(done['shard']) : null;
  const record = done?.['merge'] as unknown as ShardRecord | undefined;
  if (!done || !shard || !record || !Array.isArray(done['tasks'])) {
    throw new UsageError(`${file}: not the --json output of a finished kit run --shard (no done line with a shard)`);
  }
  const emitted = record.emitted.reduce((n, count) => n + count, 0);
  if (emitted !== solutions.length) throw new UsageError(`${file}: ${solutions.length} solution lines, but its done line counts ${emitted}`);
  return { file, k: Number(shard[1]), n: Number(shard[2]), tasks: done['tasks'] as number[], record, solutions, elapsedMs: Number(done['elapsedMs'] ?? 0) };
}

/** The same run: same plugin, version, options, split and output mode. */
function sameRun(a: ShardRecord, b: ShardRecord): boolean {
  const key = (r: ShardRecord) => JSON.stringify([r.plugin, r.version, r.tasksTotal, r.splitWidth, r.solutions, r.instance]);
  return key(a) === key(b);
}

export async function mergeShards(files: readonly string[], flags: PrintFlags, cwd: string, lookup: (id: string) => Promise<DiscoveredPlugin>): Promise<void> {
  if (files.length === 0) throw new UsageError('kit merge needs the --json files of the shards');
  const shards = await Promise.all(files.map((file) => readShard(file, cwd)));
  const first = shards[0]!;
  const byK = new Map<number, ShardFile>();
  for (const shard of shards) {
    if (shard.n !== first.n) throw new UsageError(`${shard.file} is shard ${shard.k}/${shard.n}, but ${first.file} is shard ${first.k}/${first.n}`);
    if (!sameRun(shard.record, first.record)) throw new UsageError(`${shard.file} and ${first.file} are shards of different runs`);
    const seen = byK.get(shard.k);
    if (seen) throw new UsageError(`shard ${shard.k}/${shard.n} is given twice: ${seen.file} and ${shard.file}`);
    byK.set(shard.k, shard);
  }
  const missing = Array.from({ length: first.n }, (_, i) => i + 1).filter((k) => !byK.has(k));
  if (missing.length > 0) throw new UsageError(`${missing.map((k) => `shard ${k}/${first.n}`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing`);

  const { record } = first;
  const found = await lookup(record.plugin);
  if (found.plugin.version !== record.version) {
    throw new UsageError(`the shards were made with ${record.plugin} ${record.version}, this machine has ${found.plugin.version}`);
  }
  // Every task exactly once, each with its own solutions.
  const tasks = new Map<number, { summary: Summary; solutions: unknown[] }>();
  for (const shard of shards) {
    let at = 0;
    shard.tasks.forEach((task, i) => {
      const count = shard.record.emitted[i] ?? 0;
      if (task % shard.n !== shard.k - 1 || tasks.has(task)) throw new UsageError(`${shard.file}: task ${task} does not belong to shard ${shard.k}/${shard.n}`);
      tasks.set(task, { summary: shard.record.summaries[i]!, solutions: shard.solutions.slice(at, at + count) });
      at += count;
    });
  }
  for (let task = 0; task < record.tasksTotal; task++) {
    if (!tasks.has(task)) throw new UsageError(`task ${task} is in no shard (shard ${(task % first.n) + 1}/${first.n} is cut short)`);
  }

  const instance = decodeInstance(record.instance);
  const thread = new TaskThread(createNodeWorker);
  let merged: { summary: Summary; solutions: unknown[] };
  try {
    const total = await thread.load(
      { moduleUrl: found.moduleUrl, pluginId: found.id, instance, splitWidth: record.splitWidth, settings: { wantSolutions: record.solutions } },
      'merge',
    );
    if (total !== record.tasksTotal) throw new UsageError(`this machine splits the search into ${total} tasks, the shards into ${record.tasksTotal}`);
    merged = await thread.merge(Array.from({ length: record.tasksTotal }, (_, task) => tasks.get(task)!.summary));
  } finally {
    thread.terminate();
  }
  const solutions = [...Array.from({ length: record.tasksTotal }, (_, task) => tasks.get(task)!.solutions).flat(), ...merged.solutions];
  // A whole run's time: the shards ran side by side, so the longest of them.
  const done: DoneEvent = {
    type: 'done',
    summary: merged.summary,
    stats: { elapsedMs: Math.max(...shards.map((shard) => shard.elapsedMs)), tasksDone: record.tasksTotal, tasksTotal: record.tasksTotal },
  };
  await printRun(found.plugin, instance, solutions, done, flags);
}
