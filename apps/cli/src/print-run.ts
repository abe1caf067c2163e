// Prints a search that already ran elsewhere (shards merged, a queued run fetched) exactly as a
// local `kit run` prints it: the same outputs fed the same events.
import { mergePalette, type AnyPlugin, type DoneEvent } from '@kit/core';
import { detectColorMode } from '@kit/ansi-render';
import { HumanOutput } from './human-output.js';
import { JsonOutput } from './json-output.js';
import { summaryLine } from './commands/run.js';

export interface PrintFlags {
  json: boolean;
  count: boolean;
  color: boolean;
}

export async function printRun(plugin: AnyPlugin, instance: unknown, solutions: readonly unknown[], done: DoneEvent, flags: PrintFlags): Promise<void> {
  const stdout = process.stdout;
  const output = flags.json
    ? new JsonOutput(stdout, flags.count)
    : new HumanOutput({
        plugin,
        palette: mergePalette(plugin.palette),
        color: detectColorMode({ stream: stdout, noColor: !flags.color, env: process.env }),
        animate: false,
        countOnly: flags.count,
        quiet: true,
        delayMs: 0,
        stepDelayMs: 0,
        stdout,
        status: undefined,
      });
  solutions.forEach((solution, i) => output.event({ type: 'solution', index: i + 1, solution }));
  if (output instanceof HumanOutput) await output.finish(() => summaryLine(plugin, done.summary, instance));
  else output.finish(done);
}
