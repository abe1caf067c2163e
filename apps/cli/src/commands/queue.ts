// `kit queue status|wait|cancel|rm ID --queue URL`: manage runs submitted with `kit run --queue`.
import { decodeInstance } from '@kit/core/node';
import type { DiscoveredPlugin } from '../discovery.js';
import { UsageError } from '../errors.js';
import { printRun, type PrintFlags } from '../print-run.js';
import { followRun, progressText, userFacing } from '../queue-run.js';
import { summaryLine } from './run.js';

type Lookup = (id: string) => Promise<DiscoveredPlugin>;

export async function queueStatus(url: string, runId: string, json: boolean, lookup: Lookup): Promise<void> {
  const { Runs } = await import('@kit/queue');
  await userFacing(async () => {
    const runs = await Runs.open(url);
    try {
      const status = await runs.status(runId);
      if (json) {
        const { spec, result, ...rest } = status;
        process.stdout.write(`${JSON.stringify({ ...rest, plugin: spec.plugin, version: spec.version, ...(result ? { summary: result.summary } : {}) })}\n`);
        return;
      }
      let line = progressText(status, 0, 0);
      if (status.result) line += ` · ${summaryLine((await lookup(status.spec.plugin)).plugin, status.result.summary, decodeInstance(status.spec.instance))}`;
      if (status.reason) line += ` · ${status.reason}`;
      process.stdout.write(`${line}\n`);
    } finally {
      await runs.close();
    }
  });
}

/** Reattaches to a run and prints it as `kit run` would have. */
export async function queueWait(url: string, runId: string, flags: PrintFlags, lookup: Lookup): Promise<void> {
  const { Runs } = await import('@kit/queue');
  await userFacing(async () => {
    const runs = await Runs.open(url);
    const { spec } = await runs.status(runId).finally(() => runs.close());
    const found = await lookup(spec.plugin);
    if (found.plugin.version !== spec.version) {
      throw new UsageError(`run ${runId} was made with ${spec.plugin} ${spec.version}, this machine has ${found.plugin.version}`);
    }
    const solutions: unknown[] = [];
    const done = await followRun(url, runId, (event) => {
      if (event.type === 'solution') solutions.push(event.solution);
    });
    await printRun(found.plugin, decodeInstance(spec.instance), solutions, done, flags);
  });
}

export async function queueCancel(url: string, runId: string): Promise<void> {
  const { Runs } = await import('@kit/queue');
  await userFacing(async () => {
    const runs = await Runs.open(url);
    try {
      const status = await runs.cancel(runId);
      process.stdout.write(`${runId} ${status.state}\n`);
    } finally {
      await runs.close();
    }
  });
}

export async function queueRemove(url: string, runId: string): Promise<void> {
  const { Runs } = await import('@kit/queue');
  await userFacing(async () => {
    const runs = await Runs.open(url);
    try {
      await runs.remove(runId);
      process.stdout.write(`${runId} removed\n`);
    } finally {
      await runs.close();
    }
  });
}
