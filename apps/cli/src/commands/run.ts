import { isInputError, type ParsedOptions, type TextFile, type Summary } from '@kit/core';
import { type DoneEvent, AbortedError, type RawOptions, type RunRequest, parseOptions, type AnyPlugin } from '@kit/core/host';
import { escapeControls, safeLine } from '@kit/core/messages';
import type { NodeWorkerSupply } from '@kit/core/node';
import type { DiscoveredPlugin } from '../discovery.js';
import { EXIT, isCommanderError, UsageError } from '../errors.js';
import { readTextFile } from '../files.js';
import { collectRunArguments, suggestedStepDelay, type ParsedRunArguments } from '../run-flags.js';
import { parseRunArgsQuickly } from '../run-args-quick.js';
import { createRunOutput } from '../run-output.js';
import { StatusLine } from '../status-line.js';
import { runPlace, solveWith } from '../solve-with.js';
import { PluginFault } from '../plugin-fault.js';
import { loadOptional } from '../optional-package.js';

export interface RunContext {
  cwd: string;
  env: Record<string, string | undefined>;
  /** Workers started ahead of time (see prestart.ts). */
  pool?: NodeWorkerSupply;
}

/** The human summary: the plugin's own line, or `N solutions`. */
export function summaryLine(plugin: AnyPlugin, summary: Summary, instance: unknown): string {
  const own = plugin.summarize?.(summary, instance);
  // Line by line through the one escaping function: a summary may quote its input (a file's name,
  // a BurrTools problem's name), and some summaries are tables of several lines.
  if (own !== undefined && own !== '') return own.split('\n').map(escapeControls).join('\n');
  return `${summary.solutions} solution${summary.solutions === 1 ? '' : 's'}`;
}

/** The abort reason of a run whose stdout was closed by its reader. */
const READER_GONE = Symbol('the reader of stdout went away');

/** `kit run <id> [file] [options]` for one discovered plugin; resolves to the exit code. */
export async function runPlugin(found: DiscoveredPlugin, args: string[], context: RunContext): Promise<number> {
  const { plugin } = found;
  let parsed = parseRunArgsQuickly(plugin, args);
  if (!parsed) {
    const fromCommander = await parseWithCommander(plugin, args);
    if (typeof fromCommander === 'number') return fromCommander;
    parsed = fromCommander;
  }
  const warnings: string[] = [];
  const { common, raw, file, exampleInput } = await collectRunArguments(parsed, plugin, context.cwd, (message) => warnings.push(message));
  if (warnings.length > 0) {
    // Loaded only for a note: the colours of a terminal's stderr.
    const { errorPrefix } = await import('../error-prefix.js');
    for (const message of warnings) process.stderr.write(`${errorPrefix()}${safeLine(message)}\n`);
  }
  const options = parseOptions(plugin.options, raw);
  if (plugin.input?.required && file === undefined && exampleInput === undefined) {
    throw new UsageError(`kit run ${plugin.id} needs a file (${plugin.input.formats.join(', ')}) or --example NAME (see kit info ${plugin.id})`);
  }
  const input = file !== undefined ? await readTextFile(file, context.cwd, { maxBytes: plugin.input?.maxBytes, gzip: plugin.input?.gzip }) : exampleInput;
  const instance: unknown = parseWith(plugin, options, input);

  const stdout = process.stdout;
  const stderr = process.stderr;
  const status = stderr.isTTY && context.env['TERM'] !== 'dumb' ? new StatusLine(stderr) : undefined;
  const controller = new AbortController();
  const output = await createRunOutput({
    plugin,
    json: common.json,
    count: common.count,
    quiet: common.quiet,
    color: common.color,
    live: true,
    delayMs: common.delay ?? 0,
    stepDelayMs: common.delay ?? suggestedStepDelay(plugin) ?? 0,
    stdout,
    status,
    env: context.env,
    onFault: () => controller.abort(),
  });
  const animate = output.animate;

  // Ctrl-C: stop every worker at once, put the cursor back, exit 130.
  const interrupt = (code: number) => () => {
    controller.abort();
    output.interrupt();
    process.exit(code);
  };
  let solutionsSeen = 0;
  const onSigint = interrupt(EXIT.interrupted);
  const onSigterm = interrupt(143);
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigterm);
  try {
    // The search as text, for a run that leaves this machine (a queued run, a shard's file).
    const source = { options: definedOptions(raw), ...(input ? { input } : {}) };
    const request: RunRequest = {
      moduleUrl: found.moduleUrl,
      pluginId: plugin.id,
      instance,
      threads: common.threads,
      ...(common.limit !== undefined ? { limit: common.limit } : {}),
      wantSolutions: !common.count,
      wantProgress: animate || status !== undefined,
      progressIntervalMs: 50,
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'solution') solutionsSeen++;
        output.event(event);
        // `kit run ... | head`: once stdout is gone there is nothing to search for. A search on this
        // thread would not even see the pipe's error event (bin.ts exits 0 on it) until it ended.
        if (stdout.errored) controller.abort(READER_GONE);
      },
    };
    const done: DoneEvent =
      common.queue !== undefined
        ? await (await loadOptional('@kit/queue', '--queue', () => import('../queue-run.js'))).runQueued(await queueConfigFor(common.queue, context), {
            found,
            source,
            solutions: !common.count,
            maxSolutions: common.maxSolutions,
            keepSeconds: common.keepSeconds,
            onEvent: request.onEvent!,
            signal: controller.signal,
          })
        : common.shard
          ? await (await import('../shard.js')).runShard(request, common.shard, plugin, source, context.env, context.cwd, context.pool)
          : await solveWith(found, request, await runPlace(found, instance, common, animate), context.pool, () => output.flushIfDue());
    // A summary without a count (a careless plugin) still gets one: the solutions that were reported.
    if (typeof done.summary.solutions !== 'number') done.summary.solutions = solutionsSeen;
    await output.finish(done, () => summaryLine(plugin, done.summary, instance));
    return EXIT.ok;
  } catch (caught) {
    output.interrupt();
    const error = output.fault ? output.fault.error : caught;
    // The reader went away (`| head`): the search was stopped for it, and that is a success, whichever
    // comes first, this return or bin.ts's EPIPE handler. (Node may have cleared stdout.errored by now.)
    if (error instanceof AbortedError) return controller.signal.reason === READER_GONE ? EXIT.ok : EXIT.interrupted;
    // A solver's InputError (found while searching) is still the user's input: exit 2.
    if (isInputError(error) || error instanceof UsageError) throw error;
    // A queued run's end (failed, cancelled, lost) is the run's, not this plugin's fault here.
    if (common.queue !== undefined) throw error;
    throw new PluginFault(plugin.id, error);
  } finally {
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigterm);
  }
}

/** The queue a `--queue` run goes to, with the environment's password file and secret. */
async function queueConfigFor(url: string, context: RunContext) {
  const { queueConfig } = await import('../queue-config.js');
  return queueConfig(url, context.env, context.cwd, 'jobs');
}

/** The options the user gave (a queued run carries them as typed; the worker applies the defaults). */
function definedOptions(raw: RawOptions): RawOptions {
  const given: RawOptions = {};
  for (const [name, value] of Object.entries(raw)) if (value !== undefined) given[name] = value;
  return given;
}

/** The run's words through the commander command: help, or commander's own error (an exit code). */
async function parseWithCommander(plugin: AnyPlugin, args: string[]): Promise<ParsedRunArguments | number> {
  const [{ buildRunCommand }, { configureCommand }] = await Promise.all([import('../run-command.js'), import('../commander-setup.js')]);
  const command = configureCommand(buildRunCommand(plugin));
  try {
    command.parse(args, { from: 'user' });
  } catch (error) {
    if (isCommanderError(error)) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    throw error;
  }
  return { opts: command.opts<Record<string, unknown>>(), args: command.args };
}

/**
 * The plugin's own `parse`: an InputError is the user's, anything else (a TypeError) is the plugin's
 * fault, reported under its name like a solver's.
 */
function parseWith(plugin: AnyPlugin, options: ParsedOptions, input: TextFile | undefined): unknown {
  try {
    return plugin.parse(options, input);
  } catch (error) {
    if (isInputError(error)) throw error;
    throw new PluginFault(plugin.id, error, 'parse');
  }
}
