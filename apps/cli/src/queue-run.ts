// `kit run ... --queue URL` and `kit queue wait`: submit a search to queue workers (or find one
// submitted before), show its progress, and hand its results on as the events of a local run.
import type { DoneEvent, RunRequest, SolveEvent } from '@kit/core';
import { QueueError, RunFailed, Runs, redactUrl, submitRun, type RunStatus } from '@kit/queue';
import type { DiscoveredPlugin } from './discovery.js';
import { UsageError } from './errors.js';
import { StatusLine, compactNumber } from './status-line.js';

/** Queue errors the user can act on are usage errors: one line, exit 2. */
export async function userFacing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof QueueError) throw new UsageError(error.message);
    if (error instanceof RunFailed && /^more than \d+ solutions/.test(error.status.reason ?? '')) throw new UsageError(error.message);
    throw error;
  }
}

export async function runQueued(found: DiscoveredPlugin, request: RunRequest, url: string, maxSolutions: number | undefined): Promise<DoneEvent> {
  return userFacing(async () => {
    const { plugin } = found;
    const { runId, tasksTotal } = await submitRun({
      url,
      plugin: { id: plugin.id, version: plugin.version, moduleUrl: found.moduleUrl },
      instance: request.instance,
      solutions: request.wantSolutions ?? true,
      ...(maxSolutions !== undefined ? { maxSolutions } : {}),
    });
    process.stderr.write(`kit: run ${runId} submitted to ${redactUrl(url)}: ${tasksTotal} task${tasksTotal === 1 ? '' : 's'} (Ctrl-C detaches)\n`);
    // Ctrl-C ends this process only: the run goes on in Redis and on the workers.
    const detached = () => process.stderr.write(`kit: detached; run ${runId} goes on (kit queue wait ${runId} --queue ${redactUrl(url)})\n`);
    process.prependListener('SIGINT', detached);
    try {
      return await followRun(url, runId, request.onEvent ?? (() => {}), request.signal);
    } finally {
      process.off('SIGINT', detached);
    }
  });
}

/** Waits for a run, showing its progress on a terminal, then emits its solutions in task order and done. */
export async function followRun(url: string, runId: string, emit: (event: SolveEvent) => void, signal?: AbortSignal): Promise<DoneEvent> {
  const runs = await Runs.open(url);
  try {
    const status = process.stderr.isTTY && process.env['TERM'] !== 'dumb' ? new StatusLine(process.stderr) : undefined;
    const watchedFrom = { at: performance.now(), done: -1 };
    const outcome = await runs.wait(runId, {
      ...(signal ? { signal } : {}),
      onProgress: (progress) => {
        if (watchedFrom.done < 0) watchedFrom.done = progress.tasksDone;
        status?.show(progressText(progress, (performance.now() - watchedFrom.at) / 1000, progress.tasksDone - watchedFrom.done));
      },
    });
    status?.clear();
    outcome.solutions.forEach((solution, i) => emit({ type: 'solution', index: i + 1, solution }));
    const done: DoneEvent = {
      type: 'done',
      summary: outcome.summary,
      stats: { elapsedMs: outcome.elapsedMs, tasksDone: outcome.status.tasksTotal, tasksTotal: outcome.status.tasksTotal },
    };
    emit(done);
    return done;
  } finally {
    await runs.close();
  }
}

/** `run-x: tasks 34/128 (26%) · 2.1 tasks/s · ~45s left` */
export function progressText(status: RunStatus, seconds: number, doneWhileWatched: number): string {
  const { tasksDone, tasksTotal } = status;
  const parts = [`${status.runId} ${status.state}`, `tasks ${tasksDone}/${tasksTotal} (${Math.floor((tasksDone * 100) / Math.max(1, tasksTotal))}%)`];
  if (doneWhileWatched > 0 && seconds > 0) {
    const rate = doneWhileWatched / seconds;
    parts.push(`${compactNumber(rate)} tasks/s`.replace(/^0 /, `${rate.toFixed(2)} `));
    parts.push(`~${Math.round((tasksTotal - tasksDone) / rate)}s left`);
  }
  return parts.join(' · ');
}
