// `kit run ... --queue URL` and `kit queue wait`: submit a search to queue workers (or find one
// submitted before), show its progress, and hand its results on as the events of a local run.
import type { DoneEvent, SolveEvent, SearchSource } from '@kit/core/host';
import { QueueError, RunFailed, Runs, redactUrl, submitRun, type RunStatus } from '@kit/queue';
import type { DiscoveredPlugin } from './discovery.js';
import { UsageError } from './errors.js';
import type { QueueConfig } from './queue-config.js';
import { StatusLine, compactNumber } from './status-line.js';

/** Queue errors the user can act on are usage errors: one line, exit 2. */
export async function userFacing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof QueueError) throw new UsageError(error.message);
    // Redis refused a command (an ACL without the rights, a read-only replica): the setup's to fix.
    if (error instanceof Error && error.name === 'ReplyError') throw new UsageError(`Redis refused a command: ${error.message}`);
    if (error instanceof RunFailed && /^more than \d+ solutions/.test(error.status.reason ?? '')) throw new UsageError(error.message);
    throw error;
  }
}

/** Writes a note to stderr: `kit: ...`, one safe line. */
export async function note(line: string): Promise<void> {
  const [{ safeLine }, { errorPrefix }] = await Promise.all([import('@kit/core/messages'), import('./error-prefix.js')]);
  process.stderr.write(`${errorPrefix()}${safeLine(line)}\n`);
}

export interface QueuedRun {
  found: DiscoveredPlugin;
  source: SearchSource;
  solutions: boolean;
  maxSolutions: number | undefined;
  keepSeconds: number | undefined;
  onEvent: (event: SolveEvent) => void;
  signal?: AbortSignal;
}

export async function runQueued(config: QueueConfig, run: QueuedRun): Promise<DoneEvent> {
  return userFacing(async () => {
    const { plugin } = run.found;
    for (const warning of config.warnings) await note(warning);
    const { runId, tasksTotal, blocks } = await submitRun({
      url: config.url,
      signer: config.signer,
      plugin: { id: plugin.id, version: plugin.version, options: plugin.options, moduleUrl: run.found.moduleUrl },
      source: run.source,
      solutions: run.solutions,
      ...(run.maxSolutions !== undefined ? { maxSolutions: run.maxSolutions } : {}),
      ...(run.keepSeconds !== undefined ? { keepSeconds: run.keepSeconds } : {}),
    });
    const where = redactUrl(config.url.url);
    process.stderr.write(
      `kit: run ${runId} submitted to ${where}: ${tasksTotal} task${tasksTotal === 1 ? '' : 's'} in ${blocks} job${blocks === 1 ? '' : 's'} (Ctrl-C detaches)\n`,
    );
    // Ctrl-C ends this process only: the run goes on in Redis and on the workers.
    const detached = () => process.stderr.write(`kit: detached; run ${runId} goes on (kit queue wait ${runId} --queue ${where})\n`);
    process.prependListener('SIGINT', detached);
    try {
      return await followRun(config, runId, run.onEvent, run.signal);
    } finally {
      process.off('SIGINT', detached);
    }
  });
}

/** How often the submitter looks for workers serving its run (a list of heartbeats). */
const WORKERS_EVERY_MS = 5000;

/** Waits for a run, showing its progress on a terminal, then emits its solutions in task order and done. */
export async function followRun(config: QueueConfig, runId: string, emit: (event: SolveEvent) => void, signal?: AbortSignal): Promise<DoneEvent> {
  const warn = (line: string) => void note(line);
  const runs = await Runs.open(config.url, { signer: config.signer, warn });
  try {
    const status = process.stderr.isTTY && process.env['TERM'] !== 'dumb' ? new StatusLine(process.stderr) : undefined;
    const watchedFrom = { at: performance.now(), done: -1 };
    let workers: { at: number; text: string | undefined } = { at: -Infinity, text: undefined };
    // Without a status line (a pipe, a log), said whenever it changes: a worker that died without
    // a goodbye is listed until its heartbeat is out of date, so the first line can name it.
    let waitingSaid: string | undefined;
    const outcome = await runs.wait(runId, {
      ...(signal ? { signal } : {}),
      outageMs: config.outageMs,
      onProgress: (progress) => {
        if (watchedFrom.done < 0) watchedFrom.done = progress.tasksDone;
        const now = performance.now();
        if (now - workers.at > WORKERS_EVERY_MS) {
          workers = { at: now, text: workers.text };
          // A full Redis first: its workers cannot report, so "no worker" would be the wrong reason.
          void Promise.all([runs.memoryProblem().catch(() => undefined), runs.servedBy(progress.queue)]).then(
            ([full, found]) => {
              workers.text =
                full ??
                (found.serving.length > 0
                  ? undefined
                  : noWorkerText(
                      progress,
                      found.others.flatMap((worker) => worker.queues),
                    ));
              if (!workers.text) waitingSaid = undefined;
              else if (!status && workers.text !== waitingSaid) {
                waitingSaid = workers.text;
                warn(`run ${runId} waits: ${workers.text}`);
              }
            },
            () => {},
          );
        }
        const line = progressText(progress, (now - watchedFrom.at) / 1000, progress.tasksDone - watchedFrom.done);
        status?.show(workers.text ? `${line} · ${workers.text}` : line);
      },
    });
    status?.clear();
    outcome.solutions.forEach((solution, i) => {
      emit({ type: 'solution', index: i + 1, solution });
    });
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

/** `no worker serves pentomino 0.1.0 (connected: 2 workers, for pentomino 0.2.0)` */
export function noWorkerText(status: Pick<RunStatus, 'spec'>, otherQueues: string[]): string {
  const wanted = `${status.spec.plugin} ${status.spec.version}`;
  if (otherQueues.length === 0) return `no worker is connected (start one: kit worker, serving ${wanted})`;
  const others = [...new Set(otherQueues)].map((queue) => queue.replace('@', ' ')).sort();
  return `no worker serves ${wanted} (connected workers serve ${others.slice(0, 5).join(', ')}${others.length > 5 ? ', ...' : ''})`;
}

/** `run-x running · tasks 34/128 (26%) · 2.1 tasks/s · ~45s left` */
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
