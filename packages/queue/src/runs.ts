import { setTimeout as sleep } from 'node:timers/promises';
import { Job, Queue } from 'bullmq';
import { PREFIX, QUEUE, QueueError, connectionFor, probeRedis } from './connection.js';
import { blocksOf, type BlockResult, type RunData, type RunResult, type RunSpec } from './spec.js';

export type RunState = 'queued' | 'running' | 'merging' | 'completed' | 'failed' | 'cancelled';

export interface RunStatus {
  runId: string;
  spec: RunSpec;
  state: RunState;
  tasksDone: number;
  tasksTotal: number;
  /** Why a failed run failed (a block's error, named by the worker that raised it). */
  reason?: string;
  result?: RunResult;
}

/** A finished run as a local run reports it: every task's solutions in task order, then the merge's. */
export interface RunOutcome {
  status: RunStatus;
  summary: RunResult['summary'];
  solutions: unknown[];
  elapsedMs: number;
}

/** An open handle on the runs queue of one Redis. */
export class Runs {
  private constructor(
    readonly url: string,
    private readonly queue: Queue,
  ) {}

  static async open(url: string): Promise<Runs> {
    await probeRedis(url);
    const queue = new Queue(QUEUE, { connection: connectionFor(url), prefix: PREFIX });
    await queue.waitUntilReady();
    return new Runs(url, queue);
  }

  async close(): Promise<void> {
    await this.queue.close();
  }

  private async parent(runId: string): Promise<Job<RunData, RunResult>> {
    const job = /^run-[0-9a-f]+$/.test(runId) ? await Job.fromId<RunData, RunResult>(this.queue, runId) : undefined;
    if (!job || job.name !== 'run') throw new QueueError(`no run ${JSON.stringify(runId)} on ${this.url.replace(/\/\/[^@/]*@/, '//')}`);
    return job;
  }

  async status(runId: string): Promise<RunStatus> {
    const job = await this.parent(runId);
    const { spec, blocks, cancelled } = job.data;
    const sizes = blocksOf(spec.tasksTotal).map((block) => block.length);
    const state = await job.getState();
    const counts = await job.getDependenciesCount({ processed: true });
    const processed = counts.processed ?? 0;
    // Blocks are dealt round-robin, so their sizes differ by at most one: exact when every block is one task.
    const tasksDone = blocks === spec.tasksTotal ? processed : Math.min(spec.tasksTotal, processed * (sizes[0] ?? 1));
    const status: RunStatus = { runId, spec, state: 'queued', tasksDone, tasksTotal: spec.tasksTotal };
    if (state === 'completed') return { ...status, state: 'completed', tasksDone: spec.tasksTotal, result: job.returnvalue };
    if (cancelled) return { ...status, state: 'cancelled' };
    if (state === 'failed') return { ...status, state: 'failed', reason: await this.reason(job) };
    if (state === 'waiting-children') return { ...status, state: processed > 0 || (await this.anyActive(runId, blocks)) ? 'running' : 'queued' };
    return { ...status, state: 'merging' };
  }

  private async anyActive(runId: string, blocks: number): Promise<boolean> {
    const first = await Job.fromId(this.queue, `${runId}-0`);
    return blocks > 0 && first !== undefined && (await first.getState()) === 'active';
  }

  /** A run failed by a block says which block and why; the block's own error is the useful part. */
  private async reason(job: Job): Promise<string> {
    const child = /^child .*:([^:]+) failed$/.exec(job.failedReason ?? '');
    if (child) {
      const block = await Job.fromId(this.queue, child[1]!);
      if (block?.failedReason) return block.failedReason;
    }
    return job.failedReason || 'failed';
  }

  /** Waits until the run is over; `onProgress` sees each status while it runs. */
  async wait(runId: string, options: { onProgress?: (status: RunStatus) => void; pollMs?: number; signal?: AbortSignal } = {}): Promise<RunOutcome> {
    for (;;) {
      const status = await this.status(runId);
      if (status.state === 'completed') return this.outcome(runId, status);
      if (status.state === 'failed' || status.state === 'cancelled') return Promise.reject(new RunFailed(status));
      options.onProgress?.(status);
      await sleep(options.pollMs ?? 250, undefined, options.signal ? { signal: options.signal } : {});
    }
  }

  private async outcome(runId: string, status: RunStatus): Promise<RunOutcome> {
    const job = await this.parent(runId);
    const result = status.result!;
    const solutions: unknown[] = [];
    if (status.spec.solutions) {
      const byTask = new Map<number, unknown[]>();
      for (const value of Object.values(await job.getChildrenValues<BlockResult>())) {
        for (const outcome of value.tasks) byTask.set(outcome.task, outcome.solutions ?? []);
      }
      for (let task = 0; task < status.spec.tasksTotal; task++) solutions.push(...(byTask.get(task) ?? []));
      solutions.push(...result.solutions);
    }
    return { status, summary: result.summary, solutions, elapsedMs: Math.max(0, result.finishedAt - status.spec.submittedAt) };
  }

  /** Stops handing out the run's tasks; blocks already running finish, and the run ends as cancelled. */
  async cancel(runId: string): Promise<RunStatus> {
    const job = await this.parent(runId);
    const status = await this.status(runId);
    if (status.state === 'completed' || status.state === 'failed' || status.state === 'cancelled') return status;
    await job.updateData({ ...job.data, cancelled: true });
    await job.removeUnprocessedChildren();
    return { ...status, state: 'cancelled' };
  }

  /** Removes the run and its results from Redis; a run still going must be cancelled first. */
  async remove(runId: string): Promise<void> {
    const job = await this.parent(runId);
    const status = await this.status(runId);
    if (status.state === 'running' || status.state === 'queued' || status.state === 'merging') {
      if (!job.data.cancelled) throw new QueueError(`run ${runId} is still going: kit queue cancel ${runId} first`);
    }
    try {
      await job.remove({ removeChildren: true });
    } catch (error) {
      throw new QueueError(`run ${runId} still has a block running: try again when it is done (${(error as Error).message})`);
    }
  }
}

export class RunFailed extends Error {
  override readonly name = 'RunFailed';
  constructor(readonly status: RunStatus) {
    super(status.state === 'cancelled' ? `run ${status.runId} was cancelled` : `run ${status.runId} failed: ${status.reason}`);
  }
}
