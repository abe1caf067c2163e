// Prints a search that already ran elsewhere (shards merged, a queued run fetched) exactly as a
// local `kit run` prints it: the same outputs fed the same events.
import type { DoneEvent, AnyPlugin } from '@kit/core/host';
import { createRunOutput } from './run-output.js';
import { summaryLine } from './commands/run.js';

export interface PrintFlags {
  json: boolean;
  count: boolean;
  color: boolean;
}

export async function printRun(plugin: AnyPlugin, instance: unknown, solutions: readonly unknown[], done: DoneEvent, flags: PrintFlags): Promise<void> {
  const output = await createRunOutput({
    plugin,
    ...flags,
    quiet: true,
    live: false,
    delayMs: 0,
    stepDelayMs: 0,
    stdout: process.stdout,
    status: undefined,
    env: process.env,
  });
  solutions.forEach((solution, i) => {
    output.event({ type: 'solution', index: i + 1, solution });
  });
  await output.finish(done, () => summaryLine(plugin, done.summary, instance));
}
