// `kit queue status|wait|cancel|rm|list|prune|workers`: manage runs submitted with `kit run --queue`.
// Everything shown comes from Redis: checked by @kit/queue, and printed through safeLine.
import { isInputError } from '@kit/core';
import { instanceFromSource } from '@kit/core/host';
import { safeLine } from '@kit/core/messages';
import type { RunStatus } from '@kit/queue';
import type { DiscoveredPlugin } from '../discovery.js';
import { UsageError } from '../errors.js';
import { printRun, type PrintFlags } from '../print-run.js';
import type { QueueConfig } from '../queue-config.js';
import { followRun, note, progressText, userFacing } from '../queue-run.js';
import { durationFlag } from '../run-flags.js';
import { summaryLine } from './run.js';

type Lookup = (id: string) => Promise<DiscoveredPlugin>;

async function withRuns<T>(config: QueueConfig, work: (runs: import('@kit/queue').Runs) => Promise<T>): Promise<T> {
  const { Runs } = await import('@kit/queue');
  return userFacing(async () => {
    const runs = await Runs.open(config.url, { signer: config.signer, warn: (line) => void note(line) });
    try {
      return await work(runs);
    } finally {
      await runs.close();
    }
  });
}

/** The plugin a run was made with, at the same version here; its instance parsed from the run's source. */
async function pluginFor(status: Pick<RunStatus, 'runId' | 'spec'>, lookup: Lookup): Promise<{ found: DiscoveredPlugin; instance: unknown }> {
  const { spec } = status;
  const found = await lookup(spec.plugin);
  if (found.plugin.version !== spec.version) {
    throw new UsageError(`run ${status.runId} was made with ${spec.plugin} ${spec.version}, this machine has ${found.plugin.version}`);
  }
  try {
    return { found, instance: instanceFromSource(found.plugin, spec.source) };
  } catch (error) {
    if (isInputError(error)) throw new UsageError(`run ${status.runId}: its input does not parse here: ${error.message}`);
    throw error;
  }
}

function expiry(status: RunStatus): string {
  if (status.expiresAt === undefined) return '';
  const hours = (status.expiresAt - Date.now()) / 3_600_000;
  return hours <= 0
    ? ' · expired'
    : ` · kept ${hours >= 48 ? `${Math.round(hours / 24)}d` : hours >= 2 ? `${Math.round(hours)}h` : `${Math.max(1, Math.round(hours * 60))}m`} more`;
}

export async function queueStatus(config: QueueConfig, runId: string, json: boolean, lookup: Lookup): Promise<void> {
  await withRuns(config, async (runs) => {
    const status = await runs.status(runId);
    if (json) {
      const { spec, summary, ...rest } = status;
      process.stdout.write(`${JSON.stringify({ ...rest, plugin: spec.plugin, version: spec.version, ...(summary ? { summary } : {}) })}\n`);
      return;
    }
    let line = progressText(status, 0, 0);
    if (status.summary) {
      const { found, instance } = await pluginFor(status, lookup);
      line += ` · ${summaryLine(found.plugin, status.summary, instance)}`;
    }
    if (status.reason) line += ` · ${status.reason}`;
    if (status.state === 'queued' || status.state === 'running') {
      const { serving, others } = await runs.servedBy(status.queue);
      if (serving.length === 0)
        line += ` · ${(await import('../queue-run.js')).noWorkerText(
          status,
          others.flatMap((worker) => worker.queues),
        )}`;
    }
    process.stdout.write(`${safeLine(line + expiry(status), 2000)}\n`);
  });
}

/** Reattaches to a run and prints it as `kit run` would have. */
export async function queueWait(config: QueueConfig, runId: string, flags: PrintFlags, lookup: Lookup): Promise<void> {
  const status = await withRuns(config, (runs) => runs.status(runId));
  const found = await lookup(status.spec.plugin);
  if (found.plugin.version !== status.spec.version) {
    throw new UsageError(`run ${runId} was made with ${status.spec.plugin} ${status.spec.version}, this machine has ${found.plugin.version}`);
  }
  const solutions: unknown[] = [];
  const done = await userFacing(() =>
    followRun(config, runId, (event) => {
      if (event.type === 'solution') solutions.push(event.solution);
    }),
  );
  // Parsed once the run is over: a run that failed (its input refused by the workers) says so first.
  const { instance } = await pluginFor(status, lookup);
  await printRun(found.plugin, instance, solutions, done, flags);
}

export async function queueCancel(config: QueueConfig, runId: string): Promise<void> {
  await withRuns(config, async (runs) => {
    const status = await runs.cancel(runId);
    process.stdout.write(`${runId} ${status.state}\n`);
  });
}

export async function queueRemove(config: QueueConfig, runId: string): Promise<void> {
  await withRuns(config, async (runs) => {
    await runs.remove(runId);
    process.stdout.write(`${runId} removed\n`);
  });
}

export async function queueList(config: QueueConfig, json: boolean): Promise<void> {
  await withRuns(config, async (runs) => {
    const { runs: listed, unreadable } = await runs.list();
    for (const status of listed) {
      const { spec, summary, ...rest } = status;
      if (json) {
        process.stdout.write(
          `${JSON.stringify({ ...rest, plugin: spec.plugin, version: spec.version, submittedAt: spec.submittedAt, ...(summary ? { solutions: summary.solutions } : {}) })}\n`,
        );
        continue;
      }
      const solutions = summary && typeof summary.solutions === 'number' ? ` · ${summary.solutions} solution${summary.solutions === 1 ? '' : 's'}` : '';
      const submitted = new Date(spec.submittedAt).toISOString().replace(/\.\d+Z$/, 'Z');
      process.stdout.write(
        `${safeLine(`${progressText(status, 0, 0)} · ${spec.plugin} ${spec.version} · submitted ${submitted}${solutions}${expiry(status)}`, 2000)}\n`,
      );
    }
    for (const { runId, reason } of unreadable) await note(`run ${runId} cannot be read here: ${reason}`);
    if (listed.length === 0 && unreadable.length === 0 && !json) process.stdout.write('no runs\n');
  });
}

export async function queuePrune(config: QueueConfig, olderThan: string | undefined): Promise<void> {
  const olderThanMs = olderThan === undefined ? undefined : durationFlag('--older-than', olderThan, { min: 0, max: 365 * 86400 }) * 1000;
  await withRuns(config, async (runs) => {
    const report = await runs.prune(olderThanMs !== undefined ? { olderThanMs } : {});
    const count = report.removed.length;
    process.stdout.write(`${count} run${count === 1 ? '' : 's'} removed${count > 0 ? `: ${report.removed.join(', ')}` : ''}\n`);
    if (report.busy.length > 0) await note(`${report.busy.join(', ')}: a block still runs; removed once it is done`);
    for (const runId of report.unreadable) await note(`run ${runId} cannot be read here (kept): kit queue list says why`);
  });
}

export async function queueWorkers(config: QueueConfig, json: boolean): Promise<void> {
  await withRuns(config, async (runs) => {
    const { workers, refused } = await runs.workers();
    for (const worker of workers) {
      if (json) {
        process.stdout.write(`${JSON.stringify(worker)}\n`);
        continue;
      }
      const plugins = worker.queues.map((queue) => queue.replace('@', ' ')).join(', ');
      const seconds = Math.max(0, Math.round((Date.now() - worker.seenAt) / 1000));
      process.stdout.write(
        `${safeLine(`${worker.id} · ${plugins} · ${worker.busy}/${worker.threads} threads busy${worker.draining ? ' · draining' : ''} · seen ${seconds}s ago`, 2000)}\n`,
      );
    }
    if (refused > 0) await note(`${refused} worker record${refused === 1 ? '' : 's'} not signed with this secret (not listed)`);
    if (workers.length === 0 && !json) process.stdout.write('no workers connected\n');
  });
}
