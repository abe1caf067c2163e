// `kit merge FILE...`: the `--json` outputs of `kit run --shard K/N`, in any order, printed as the
// whole run prints: the plugin's own merge of every task's summary, solutions in task order.
// A shard file is data from elsewhere: every field is bounded before use (see shard-file.ts), the
// search is re-parsed from its text by the plugin's own parser, and the files must agree with each
// other and with themselves (or, with a shared secret, carry its signature).
import { isInputError, type Summary } from '@kit/core';
import { type DoneEvent, TaskThread, instanceFromSource } from '@kit/core/host';
import { nodeWorkers } from '@kit/core/node';
import type { DiscoveredPlugin } from '../discovery.js';
import { UsageError } from '../errors.js';
import { printRun, type PrintFlags } from '../print-run.js';
import { readShard, sameRun, type ShardFile } from '../shard-file.js';

export async function mergeShards(
  files: readonly string[],
  flags: PrintFlags,
  cwd: string,
  env: Record<string, string | undefined>,
  lookup: (id: string) => Promise<DiscoveredPlugin>,
  warn: (line: string) => void,
): Promise<void> {
  if (files.length === 0) throw new UsageError('kit merge needs the --json files of the shards');
  const { LIMITS, canonicalJson, loadSigner, SecretError } = await import('@kit/queue/trust');
  if (files.length > LIMITS.shards) throw new UsageError(`kit merge takes at most ${LIMITS.shards} files`);
  let signer;
  try {
    signer = await loadSigner(env, cwd);
  } catch (error) {
    if (error instanceof SecretError) throw new UsageError(error.message);
    throw error;
  }
  const shards: ShardFile[] = [];
  for (const file of files) shards.push(await readShard(file, cwd, signer));
  const first = shards[0]!;
  const byK = new Map<number, ShardFile>();
  for (const shard of shards) {
    if (shard.n !== first.n) throw new UsageError(`${shard.file} is shard ${shard.k}/${shard.n}, but ${first.file} is shard ${first.k}/${first.n}`);
    if (!sameRun(shard.record, first.record, canonicalJson)) throw new UsageError(`${shard.file} and ${first.file} are shards of different runs`);
    const seen = byK.get(shard.k);
    if (seen) throw new UsageError(`shard ${shard.k}/${shard.n} is given twice: ${seen.file} and ${shard.file}`);
    byK.set(shard.k, shard);
  }
  // N is at most the task count (readShard checked), so this loop is bounded by the search.
  const missing: number[] = [];
  for (let k = 1; k <= first.n && missing.length <= 10; k++) if (!byK.has(k)) missing.push(k);
  if (missing.length > 0) {
    const named = missing
      .slice(0, 10)
      .map((k) => `shard ${k}/${first.n}`)
      .join(', ');
    throw new UsageError(`${named}${missing.length > 10 ? ' and more' : ''} ${missing.length === 1 ? 'is' : 'are'} missing`);
  }

  const { record } = first;
  const found = await lookup(record.plugin);
  if (found.plugin.version !== record.version) {
    throw new UsageError(`the shards were made with ${record.plugin} ${record.version}, this machine has ${found.plugin.version}`);
  }
  let instance: unknown;
  try {
    instance = instanceFromSource(found.plugin, record.source);
  } catch (error) {
    if (isInputError(error)) throw new UsageError(`${first.file}: the shards' search does not parse here: ${error.message}`);
    throw error;
  }
  // Every task exactly once (readShard checked each shard holds exactly its own), with its solutions.
  const tasks: { summary: Summary; solutions: unknown[] }[] = new Array(record.tasksTotal);
  for (const shard of shards) {
    let at = 0;
    shard.tasks.forEach((task, i) => {
      const count = shard.record.emitted[i]!;
      tasks[task] = { summary: shard.record.summaries[i]!, solutions: shard.solutions.slice(at, at + count) };
      at += count;
    });
  }

  const thread = new TaskThread(nodeWorkers());
  let merged: { summary: Summary; solutions: unknown[] };
  try {
    const total = await thread.load(
      { moduleUrl: found.moduleUrl, pluginId: found.id, source: record.source, splitWidth: record.splitWidth, settings: { wantSolutions: record.solutions } },
      'merge',
    );
    if (total !== record.tasksTotal) throw new UsageError(`this machine splits the search into ${total} tasks, the shards into ${record.tasksTotal}`);
    merged = await thread.merge(tasks.map((task) => task.summary));
  } finally {
    thread.terminate();
  }
  const { checkSummary, BadRecord } = await import('@kit/queue/trust');
  try {
    checkSummary(merged.summary, 'the merged summary');
  } catch (error) {
    if (error instanceof BadRecord) throw new UsageError(`${error.message} (the shards' summaries do not add up)`);
    throw error;
  }
  const solutions = [...tasks.flatMap((task) => task.solutions), ...merged.solutions];
  // A whole run's time: the shards ran side by side, so the longest of them.
  const done: DoneEvent = {
    type: 'done',
    summary: merged.summary,
    stats: { elapsedMs: Math.max(...shards.map((shard) => shard.elapsedMs)), tasksDone: record.tasksTotal, tasksTotal: record.tasksTotal },
  };
  await printRun(found.plugin, instance, solutions, done, flags);
  if (!signer) warn('the shards are not signed (no KIT_QUEUE_SECRET_FILE): they were checked against each other and themselves, not against forgery');
}
