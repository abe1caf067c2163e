// `kit run ... --shard K/N`: this machine's share of a split search. The `done` line carries what
// `kit merge` needs to rebuild the whole run from the shards' files alone.
import { AbortedError, SPLIT_WIDTH, mergeSummaries, runTasks, type DoneEvent, type JsonValue, type RunRequest, type Summary } from '@kit/core';
import { createNodeWorker, encodeInstance, type WorkerPool } from '@kit/core/node';

/** The merge data of a shard's done line (under `merge`, beside `shard` and `tasks`). */
export interface ShardRecord {
  plugin: string;
  version: string;
  tasksTotal: number;
  splitWidth: number;
  /** Whether solutions were written (not --count): every shard of a run must agree. */
  solutions: boolean;
  instance: JsonValue;
  /** Per task run, in `tasks` order: the task's summary and how many solution lines it wrote. */
  summaries: Summary[];
  emitted: number[];
}

export async function runShard(
  request: RunRequest,
  shard: { k: number; n: number },
  plugin: { id: string; version: string },
  pool?: WorkerPool,
): Promise<DoneEvent> {
  const started = performance.now();
  const emit = request.onEvent ?? (() => {});
  const createWorker = pool ? () => pool.take() : createNodeWorker;
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
      createWorker,
      {
        select: (total) => Array.from({ length: total }, (_, task) => task).filter((task) => task % shard.n === shard.k - 1),
        threads: request.threads ?? 1,
        ...(request.signal ? { signal: request.signal } : {}),
        onSolution: (solution) => emit({ type: 'solution', index: ++index, solution }),
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
    instance: encodeInstance(request.instance),
    summaries: results.map((result) => result.summary),
    emitted: results.map((result) => result.solutions.length),
  };
  const summary: Summary = {
    ...mergeSummaries(record.summaries),
    shard: `${shard.k}/${shard.n}`,
    tasks: results.map((result) => result.task),
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
