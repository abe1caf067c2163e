import type { NodeWorkerSupply } from '@kit/core/node';
import { PluginFault } from './plugin-fault.js';
import { discover, findPlugin, PluginLoadFailure } from './discovery.js';
import { EXIT, isCommanderError, runEndedCode, UsageError } from './errors.js';

/**
 * `kit run` is parsed in two steps: first the plugin id and the --plugin values are picked out, the
 * plugins discovered, then the rest is parsed by a command built from that plugin's option specs.
 */
function splitRunArguments(args: string[], valueFlags: readonly string[]): { id: string | undefined; plugins: string[]; rest: string[] } {
  const plugins: string[] = [];
  const rest: string[] = [];
  let id: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--plugin') {
      const value = args[++i];
      if (value === undefined) throw new UsageError("option '--plugin <path-or-package>' argument missing");
      plugins.push(value);
    } else if (arg.startsWith('--plugin=')) {
      plugins.push(arg.slice('--plugin='.length));
    } else if (id === undefined && !arg.startsWith('-')) {
      id = arg;
    } else if (id === undefined && valueFlags.includes(arg) && i + 1 < args.length) {
      rest.push(arg, args[++i]!);
    } else {
      rest.push(arg);
    }
  }
  return { id, plugins, rest };
}

async function run(args: string[], prestarted: { done: boolean; pool: NodeWorkerSupply | undefined }): Promise<number> {
  // Imported here, not at the top: the other commands never need core's table of host names.
  const { COMMON_VALUE_FLAGS } = await import('./run-flag-names.js');
  const { id, plugins, rest } = splitRunArguments(args, COMMON_VALUE_FLAGS);
  const pool = prestarted.done ? prestarted.pool : await (await import('./prestart.js')).prestartWorkers(id === undefined ? [] : rest, id !== undefined);
  // Commands are imported when used, so `kit list` never loads the solver host or the renderer;
  // this one loads while plugins are discovered.
  const running = import('./commands/run.js');
  running.catch(() => {});
  try {
    const result = await discover(plugins, id);
    if (id === undefined) {
      const wantsHelp = rest.includes('-h') || rest.includes('--help');
      const text = [
        'Usage: kit run <id> [file] [options]',
        '',
        'Plugins:',
        (await import('./commands/list.js'))
          .listText(result.plugins)
          .replace(/^(?=.)/gm, '  ')
          .trimEnd(),
        '',
        (await import('./common-flags.js')).commonFlagsLine(),
        "kit run <id> --help shows a plugin's own options.",
        '',
      ].join('\n');
      if (wantsHelp) {
        process.stdout.write(text);
        return EXIT.ok;
      }
      throw new UsageError('kit run needs a plugin id (see kit list)');
    }
    // The solver workers import the plugin and its solver while this thread imports and parses.
    const found = await findPlugin(result, id, (entry) => pool?.preload(entry.moduleUrl));
    // A run on this thread needs the solver module next: it loads while the run command does (at
    // once, when the manifest names it: then solver() finds it loaded).
    if ((await (await import('./prestart.js')).guessedPlace(rest)) === 'here') {
      found.preloadSolver();
      found.plugin.solver().catch(() => {});
    }
    const { runPlugin } = await running;
    return await runPlugin(found, rest, { cwd: process.cwd(), env: process.env, ...(pool ? { pool } : {}) });
  } finally {
    pool?.close();
  }
}

/** What the `kit` binary hands {@link main} when it has started solver threads early. */
export interface MainOptions {
  /** Solver workers `kit run` should use, started by the caller before the CLI itself loaded. */
  pool?: NodeWorkerSupply;
  /** The caller has started the workers `kit run` wants (none, when `pool` is missing). */
  prestarted?: boolean;
}

/** Runs the CLI; resolves to the process exit code. Every error becomes one line on stderr. */
export async function main(argv: string[], options: MainOptions = {}): Promise<number> {
  let exitCode: number = EXIT.ok;
  try {
    if (argv[0] === 'run') return await run(argv.slice(1), { done: options.prestarted === true, pool: options.pool });
    options.pool?.close();
    // Like `kit run`, these parse their own way: a generator's parameters are flags too.
    if (argv[0] === 'generate') return await (await import('./commands/generate.js')).generateCommand(argv.slice(1), { cwd: process.cwd(), env: process.env });
    if (argv[0] === 'grade') return await (await import('./commands/grade.js')).gradeCommand(argv.slice(1), { cwd: process.cwd(), env: process.env });
    if (argv.length === 0) argv = ['--help'];
    const { program } = await import('./program.js');
    await program((code) => (exitCode = code), argv[0]).parseAsync(argv, { from: 'user' });
    return exitCode;
  } catch (error) {
    return await report(error);
  }
}

async function report(error: unknown): Promise<number> {
  if (isCommanderError(error)) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  // Loaded only when there is something to report.
  const [{ escapeControls, formatInputError, isInputError, safeLine }, { errorPrefix, stderrColors }] = await Promise.all([
    import('@kit/core/messages'),
    import('./error-prefix.js'),
  ]);
  if (error instanceof UsageError) {
    process.stderr.write(`${errorPrefix()}${safeLine(error.message)}\n`);
    return EXIT.usage;
  }
  if (isInputError(error)) {
    // `file:line:col: message` when the place is known, so editors can jump to it; control
    // characters quoted from the input escaped, a long message cut. Through this copy of @kit/core
    // rather than error.format(): a plugin may bring its own (older) copy.
    const text = formatInputError(error);
    process.stderr.write(error.where?.file !== undefined ? `${text}\n` : `${errorPrefix()}${text}\n`);
    return EXIT.usage;
  }
  // A queued run that ended without a result names its own cause (a block's error, the worker that
  // raised it) and exits with a code that says how it ended.
  if (error instanceof Error && error.name === 'RunFailed') {
    const state = String((error as Error & { status?: { state?: unknown } }).status?.state);
    process.stderr.write(`${errorPrefix()}${safeLine(error.message)}\n`);
    return runEndedCode(state);
  }
  const named = error instanceof PluginFault || error instanceof PluginLoadFailure;
  const message = named ? error.message : `internal error: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
  if (process.env['KIT_DEBUG']) {
    process.stderr.write(
      `${errorPrefix()}${safeLine(message)}\n${(error instanceof Error ? String(error.stack) : String(error)).split('\n').map(escapeControls).join('\n')}\n`,
    );
  } else {
    process.stderr.write(`${errorPrefix()}${safeLine(message)} ${stderrColors().dim('(set KIT_DEBUG=1 to see the stack trace)')}\n`);
  }
  return EXIT.fault;
}
