// `kit run ... --shard K/N`: this machine's share of a split search. The `done` line carries what
// `kit merge` needs to rebuild the whole run from the shards' files alone: the search as text (the
// options as typed, the input file; never a parsed instance), each task's summary, how many
// solution lines each task wrote and a digest of them, and, with a shared secret, a signature.
import { createHash } from 'node:crypto';
import type { JsonValue, Summary } from '@kit/core';
import { mergeSummaries, type DoneEvent, AbortedError, SPLIT_WIDTH, runTasks, type AnyPlugin, type RunRequest, type SearchSource } from '@kit/core/host';
import { nodeWorkers, type NodeWorkerSupply } from '@kit/core/node';
import { UsageError } from './errors.js';

/** The merge data of a shard's done line (under `merge`, beside `shard` and `tasks`). */
export interface ShardRecord {
  plugin: string;
  version: string;
  tasksTotal: number;
  splitWidth: number;
  /** Whether solutions were written (not --count): every shard of a run must agree. */
  solutions: boolean;
  /** The search as the user gave it, host-scoped options (files, programs) left out. */
  source: SearchSource;
  /** Per task run, in `tasks` order: the task's summary and how many solution lines it wrote. */
  summaries: Summary[];
  emitted: number[];
  /** SHA-256 of the solution lines' canonical JSON, in order (a line edited or swapped shows). */
  solutionsDigest: string;
  /** HMAC with the shared secret (KIT_QUEUE_SECRET_FILE) over the shard, its tasks and this record. */
  sig?: string;
}

/** The solutions' digest as `kit merge` recomputes it. */
export function solutionsHasher(canonicalJson: (value: unknown) => string): { add(solution: unknown): void; digest(): string } {
  const hash = createHash('sha256');
  return {
    add: (solution) => hash.update(`${canonicalJson(solution)}\n`),
    digest: () => hash.digest('hex'),
  };
}

/** A source without the options that name things on this host: they never leave it. */
export function portableSource(plugin: AnyPlugin, source: SearchSource): SearchSource {
  const options: SearchSource['options'] = {};
  for (const [name, value] of Object.entries(source.options)) {
    if (value !== undefined && !plugin.options.some((spec) => spec.name === name && spec.terminalOnly)) options[name] = value;
  }
  return { options, ...(source.input ? { input: source.input } : {}) };
}

export async function runShard(
  request: RunRequest,
  shard: { k: number; n: number },
  plugin: AnyPlugin,
  source: SearchSource,
  env: Record<string, string | undefined>,
  cwd: string,
  pool?: NodeWorkerSupply,
): Promise<DoneEvent> {
  const started = performance.now();
  const emit = request.onEvent ?? (() => {});
  const workers = pool ?? nodeWorkers();
  const { canonicalJson, loadSigner, SecretError } = await import('@kit/queue/trust');
  let signer;
  try {
    signer = await loadSigner(env, cwd);
  } catch (error) {
    if (error instanceof SecretError) throw new UsageError(error.message);
    throw error;
  }
  const digest = solutionsHasher(canonicalJson);
  let index = 0;
  let outcome;
  try {
    outcome = await runTasks(
      {
        moduleUrl: request.moduleUrl,
        pluginId: request.pluginId,
        instance: request.instance,
        splitWidth: SPLIT_WIDTH,
        settings: { wantSolutions: request.wantSolutions ?? true, wantProgress: false },
      },
      workers,
      {
        select: (total) => {
          if (shard.n > total)
            throw new UsageError(`--shard ${shard.k}/${shard.n}: the search has only ${total} task${total === 1 ? '' : 's'}, so N must be at most ${total}`);
          return Array.from({ length: total }, (_, task) => task).filter((task) => task % shard.n === shard.k - 1);
        },
        threads: request.threads ?? 1,
        ...(request.signal ? { signal: request.signal } : {}),
        onSolution: (solution) => {
          digest.add(solution);
          emit({ type: 'solution', index: ++index, solution });
        },
      },
    );
  } catch (error) {
    if (request.signal?.aborted) throw new AbortedError();
    throw error;
  }
  const { tasksTotal, results } = outcome;
  const record: ShardRecord = {
    plugin: plugin.id,
    version: plugin.version,
    tasksTotal,
    splitWidth: SPLIT_WIDTH,
    solutions: request.wantSolutions ?? true,
    source: portableSource(plugin, source),
    summaries: results.map((result) => result.summary),
    emitted: results.map((result) => result.solutions.length),
    solutionsDigest: digest.digest(),
  };
  const tasks = results.map((result) => result.task);
  const shardName = `${shard.k}/${shard.n}`;
  if (signer) record.sig = signer.sign('shard', { shard: shardName, tasks, merge: record });
  const summary: Summary = {
    ...mergeSummaries(record.summaries),
    shard: shardName,
    tasks,
    merge: record as unknown as JsonValue,
  };
  const done: DoneEvent = {
    type: 'done',
    summary,
    stats: { elapsedMs: Math.round(performance.now() - started), tasksDone: results.length, tasksTotal },
  };
  emit(done);
  return done;
}
