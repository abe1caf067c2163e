// What `kit run` (and the commands that print a run made elsewhere) write, as one interface over
// the three outputs. The drawing one, and the terminal library it needs, is loaded only when used:
// --count and --json runs do without both.
import { mergePalette } from '@kit/core';
import type { DoneEvent, SolveEvent, AnyPlugin } from '@kit/core/host';
import { JsonOutput, type LineWriter } from './json-output.js';
import type { StatusLine } from './status-line.js';
import { SummaryOutput } from './summary-output.js';

export interface RunOutput {
  /** Whether progress is drawn in place (a terminal, or FORCE_COLOR). */
  readonly animate: boolean;
  event(event: SolveEvent): void;
  /** Everything queued is written, then the end: the done line, or the summary line. */
  finish(done: DoneEvent, summaryLine: () => string): Promise<void>;
  /** Ctrl-C: the status line cleared and the cursor shown again at once. */
  interrupt(): void;
  /** Writes held output that has waited long enough (a search on this thread calls in now and then). */
  flushIfDue(): void;
  /** The error that stopped drawing (a plugin's view() threw), if any. */
  readonly fault: { error: unknown } | undefined;
}

export interface RunOutputOptions {
  plugin: AnyPlugin;
  json: boolean;
  count: boolean;
  quiet: boolean;
  color: boolean;
  /** Whether progress may be drawn in place at all (false when printing a finished run). */
  live: boolean;
  delayMs: number;
  stepDelayMs: number;
  stdout: LineWriter & { isTTY?: boolean };
  status: StatusLine | undefined;
  env: Record<string, string | undefined>;
  onFault?: (error: unknown) => void;
}

export async function createRunOutput(options: RunOutputOptions): Promise<RunOutput> {
  const { stdout, status } = options;
  if (options.json) {
    const json = new JsonOutput(stdout, options.count);
    return {
      animate: false,
      fault: undefined,
      event: (event) => json.event(event),
      finish: async (done) => json.finish(done),
      interrupt: () => {},
      flushIfDue: () => {},
    };
  }
  if (options.count) {
    const summary = new SummaryOutput(stdout, status);
    return {
      animate: false,
      fault: undefined,
      event: (event) => summary.event(event),
      finish: async (_done, line) => summary.finish(lastLine(line())),
      interrupt: () => summary.interrupt(),
      flushIfDue: () => {},
    };
  }
  const [{ canAnimate, detectColorMode }, { HumanOutput }] = await Promise.all([import('@kit/ansi-render'), import('./human-output.js')]);
  const animate = options.live && !options.quiet && canAnimate({ stream: stdout, env: options.env });
  const human = new HumanOutput({
    plugin: options.plugin,
    palette: mergePalette(options.plugin.palette),
    color: detectColorMode({ stream: stdout, noColor: !options.color, env: options.env }),
    animate,
    quiet: options.quiet,
    delayMs: options.delayMs,
    stepDelayMs: options.stepDelayMs,
    stdout,
    status,
    ...(options.onFault ? { onFault: options.onFault } : {}),
    // A terminal shows each solution as it comes; a pipe or a file takes them in few writes.
    batch: !animate && stdout.isTTY !== true,
  });
  return {
    animate,
    get fault() {
      return human.fault;
    },
    event: (event) => human.event(event),
    finish: (_done, line) => human.finish(line),
    interrupt: () => human.interrupt(),
    flushIfDue: () => human.flushIfDue(),
  };
}

/**
 * `--count` prints the summary alone: a plugin's summary may open with a table (Puyo's chain by
 * chain), and its last line is the summary proper (docs/contract.md).
 */
function lastLine(text: string): string {
  return text.trimEnd().split('\n').at(-1) ?? '';
}
