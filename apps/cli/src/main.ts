import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import { escapeControls, formatInputError, isInputError, safeLine } from '@kit/core/messages';
import { listJson, listText } from './commands/list.js';
import { PluginFault } from './plugin-fault.js';
import { configureCommand, errorPrefix, stderrColors } from './commander-setup.js';
import { discoverPlugins, type Discovery, type PluginEntry } from '@kit/core/discovery';
import type { WorkerPool } from '@kit/core/node';
import { cliPackageDir, loadPlugin, PluginLoadFailure, type DiscoveredPlugin } from './discovery.js';
import { EXIT, UsageError } from './errors.js';
import { COMMON_VALUE_FLAGS } from './run-flags.js';

const collect = (value: string, previous: string[]) => [...previous, value];
const pluginOption = () => new Option('--plugin <path-or-package>', 'load one more plugin (repeatable)').argParser(collect).default([]);

function version(): string {
  return (JSON.parse(readFileSync(join(cliPackageDir(), 'package.json'), 'utf8')) as { version: string }).version;
}

async function discover(plugins: readonly string[]): Promise<Discovery> {
  const result = await discoverPlugins({ cwd: process.cwd(), plugins, hostPackageDir: cliPackageDir() });
  for (const { source, reason } of result.skipped) process.stderr.write(`${errorPrefix()}${safeLine(`plugin ${source} skipped: ${reason}`)}\n`);
  return result;
}

/** The plugin named `id`, imported: the only plugin module a command that needs one imports. */
async function findPlugin(result: Discovery, id: string, beforeLoad?: (entry: PluginEntry) => void): Promise<DiscoveredPlugin> {
  const found: PluginEntry | undefined = result.plugins.find((plugin) => plugin.id === id);
  if (!found) {
    const known = result.plugins.map((plugin) => plugin.id).join(', ') || 'none';
    throw new UsageError(`no plugin '${id}' (available: ${known}; see kit list)`);
  }
  beforeLoad?.(found);
  return loadPlugin(found);
}

/**
 * `kit run` is parsed in two steps: first the plugin id and the --plugin values are picked out, the
 * plugins discovered, then the rest is parsed by a command built from that plugin's option specs.
 */
function splitRunArguments(args: string[]): { id: string | undefined; plugins: string[]; rest: string[] } {
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
    } else if (id === undefined && COMMON_VALUE_FLAGS.includes(arg) && i + 1 < args.length) {
      rest.push(arg, args[++i]!);
    } else {
      rest.push(arg);
    }
  }
  return { id, plugins, rest };
}

async function run(args: string[], prestarted: WorkerPool | undefined): Promise<number> {
  const { id, plugins, rest } = splitRunArguments(args);
  const pool = prestarted ?? (await import('./prestart.js')).prestartWorkers(id === undefined ? [] : rest, id !== undefined);
  // Commands are imported when used, so `kit list` never loads the solver host or the renderer;
  // this one loads while plugins are discovered.
  const running = import('./commands/run.js');
  running.catch(() => {});
  try {
    const result = await discover(plugins);
    if (id === undefined) {
      const wantsHelp = rest.includes('-h') || rest.includes('--help');
      const text = [
        'Usage: kit run <id> [file] [options]',
        '',
        'Plugins:',
        listText(result.plugins).replace(/^(?=.)/gm, '  ').trimEnd(),
        '',
        'Common options: -q/--quiet, --count, --limit N, --json, --no-color, --delay MS, --threads N, --plugin P, --shard K/N, --queue URL',
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
    const found = await findPlugin(result, id, (entry) => pool.preload(entry.moduleUrl));
    const { runPlugin } = await running;
    return await runPlugin(found, rest, { cwd: process.cwd(), env: process.env, pool });
  } finally {
    pool.close();
  }
}

function program(setExit: (code: number) => void): Command {
  const kit = configureCommand(new Command('kit'));
  kit
    .description('Puzzle Kit: puzzle solvers as plugins, discovered at run time.')
    .version(version(), '-v, --version', 'print the version')
    .helpOption('-h, --help', 'show this help')
    .addHelpCommand(false)
    .showSuggestionAfterError(true);

  kit
    .command('list')
    .description('list the plugins found: id, version, title')
    .option('--json', 'a JSON array instead')
    .addOption(pluginOption())
    .action(async (opts: { json?: boolean; plugin: string[] }) => {
      const result = await discover(opts.plugin);
      process.stdout.write(opts.json ? listJson(result.plugins) : listText(result.plugins));
    });

  kit
    .command('info')
    .description("a plugin's options, input formats and examples")
    .argument('<id>', 'plugin id (see kit list)')
    .addOption(pluginOption())
    .action(async (id: string, opts: { plugin: string[] }) => {
      const result = await discover(opts.plugin);
      const { infoText } = await import('./commands/info.js');
      process.stdout.write(infoText(await findPlugin(result, id)));
    });

  // Only here for the help listing: main() handles `run` itself.
  kit.command('run').description('solve, animate and print: kit run <id> [file] [options] (kit run <id> --help)');

  kit
    .command('web')
    .description('serve the web app on 127.0.0.1; the first line printed is its URL')
    .option('--port <n>', 'port to listen on (0: any free port)', '5173')
    .option('--out <dir>', 'write the page and the plugins as a static site to DIR instead, and exit')
    .option('--force', 'with --out: write into a directory that is not empty')
    .addOption(pluginOption())
    .action(async (opts: { port: string; plugin: string[]; out?: string; force?: boolean }) => {
      const port = /^\d+$/.test(opts.port) ? Number(opts.port) : Number.NaN;
      if (!Number.isInteger(port) || port > 65535) throw new UsageError(`--port must be a port number (got ${JSON.stringify(opts.port)})`);
      if (opts.force && opts.out === undefined) throw new UsageError('--force goes with --out DIR');
      const result = await discover(opts.plugin);
      const { exportWeb, serveWeb } = await import('./commands/web.js');
      if (opts.out !== undefined) {
        const ready = await exportWeb(result, opts.out, opts.force === true);
        process.stdout.write(`${opts.out}: the page and ${ready} plugin${ready === 1 ? '' : 's'} (any static web server can host it)\n`);
        return;
      }
      const server = await serveWeb(result, port);
      process.stdout.write(`${server.url}\n`);
      await new Promise<void>((resolve) => {
        const stop = () => resolve();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      await server.close();
      setExit(EXIT.interrupted);
    });

  const colorFlags = (opts: { json?: boolean; count?: boolean; color?: boolean }) => ({ json: opts.json === true, count: opts.count === true, color: opts.color !== false });
  const queueOption = () => new Option('--queue <url>', 'the Redis of the workers: redis://HOST:PORT, rediss:// for TLS').makeOptionMandatory();

  kit
    .command('merge')
    .description("the --json outputs of kit run --shard K/N, as the whole run prints them")
    .argument('<files...>', 'one --json output of each shard, any order')
    .option('--json', 'newline-delimited JSON, as kit run --json')
    .option('--count', 'print only the summary')
    .option('--no-color', 'letters instead of colour blocks')
    .addOption(pluginOption())
    .action(async (files: string[], opts: { json?: boolean; count?: boolean; color?: boolean; plugin: string[] }) => {
      const result = await discover(opts.plugin);
      const { mergeShards } = await import('./commands/merge.js');
      await mergeShards(files, colorFlags(opts), process.cwd(), (id) => findPlugin(result, id));
    });

  kit
    .command('worker')
    .description('serve runs submitted with kit run --queue, with the plugins found here, until Ctrl-C')
    .addOption(queueOption())
    .option('--threads <n>', `tasks run at once, each on a worker thread (default ${availableParallelism()})`)
    .option('--lock-ms <ms>', "how soon a dead worker's task goes to another (default 30000)")
    .addOption(pluginOption())
    .action(async (opts: { queue: string; threads?: string; lockMs?: string; plugin: string[] }) => {
      const count = (name: string, value: string | undefined, min: number) => {
        if (value === undefined) return undefined;
        if (!/^\d+$/.test(value.trim()) || Number(value) < min) throw new UsageError(`${name} must be an integer >= ${min} (got ${JSON.stringify(value)})`);
        return Number(value);
      };
      const threads = count('--threads', opts.threads, 1) ?? availableParallelism();
      const lockMs = count('--lock-ms', opts.lockMs, 1000);
      const result = await discover(opts.plugin);
      const { serveWorker } = await import('./commands/worker.js');
      await serveWorker(result.plugins, opts.queue, threads, lockMs);
      setExit(EXIT.interrupted);
    });

  const queue = kit.command('queue').description('runs submitted with kit run --queue: status, wait, cancel, rm');
  queue
    .command('status')
    .description("a run's state and progress, or its summary once finished")
    .argument('<id>', 'the run id kit run --queue printed')
    .addOption(queueOption())
    .option('--json', 'one JSON object')
    .addOption(pluginOption())
    .action(async (id: string, opts: { queue: string; json?: boolean; plugin: string[] }) => {
      const { queueStatus } = await import('./commands/queue.js');
      const result = opts.json ? undefined : await discover(opts.plugin);
      await queueStatus(opts.queue, id, opts.json === true, (pluginId) => findPlugin(result!, pluginId));
    });
  queue
    .command('wait')
    .description('wait for a run and print what kit run would have printed')
    .argument('<id>', 'the run id kit run --queue printed')
    .addOption(queueOption())
    .option('--json', 'newline-delimited JSON, as kit run --json')
    .option('--count', 'print only the summary')
    .option('--no-color', 'letters instead of colour blocks')
    .addOption(pluginOption())
    .action(async (id: string, opts: { queue: string; json?: boolean; count?: boolean; color?: boolean; plugin: string[] }) => {
      const result = await discover(opts.plugin);
      const { queueWait } = await import('./commands/queue.js');
      await queueWait(opts.queue, id, colorFlags(opts), (pluginId) => findPlugin(result, pluginId));
    });
  queue
    .command('cancel')
    .description("stop handing out a run's tasks (running ones finish)")
    .argument('<id>', 'the run id')
    .addOption(queueOption())
    .action(async (id: string, opts: { queue: string }) => {
      const { queueCancel } = await import('./commands/queue.js');
      await queueCancel(opts.queue, id);
    });
  queue
    .command('rm')
    .description('remove a finished or cancelled run and its results from Redis')
    .argument('<id>', 'the run id')
    .addOption(queueOption())
    .action(async (id: string, opts: { queue: string }) => {
      const { queueRemove } = await import('./commands/queue.js');
      await queueRemove(opts.queue, id);
    });
  for (const command of queue.commands) configureCommand(command);

  kit
    .command('create-plugin')
    .description('write a new plugin package (plugin, solver, test) that builds and runs as written')
    .argument('<name>', 'puzzle name, e.g. sudoku')
    .option('--dir <dir>', 'where to write it (default: a new directory named after the puzzle)')
    .option('--link <clone>', "depend on a built Puzzle Kit clone's @kit/core and @kit/cli (file: links) instead of the registry")
    .action(async (name: string, opts: { dir?: string; link?: string }) => {
      const { createPlugin } = await import('./create-plugin/index.js');
      const created = await createPlugin({
        name,
        ...(opts.dir !== undefined ? { dir: opts.dir } : {}),
        ...(opts.link !== undefined ? { link: opts.link } : {}),
      });
      process.stdout.write(`created ${created.dir}\n${created.files.map((file) => `  ${file}\n`).join('')}`);
    });

  for (const command of kit.commands) configureCommand(command);
  return kit;
}

export interface MainOptions {
  /** Solver workers `kit run` should use, started by the caller before the CLI itself loaded. */
  pool?: WorkerPool;
}

/** Runs the CLI; resolves to the process exit code. Every error becomes one line on stderr. */
export async function main(argv: string[], options: MainOptions = {}): Promise<number> {
  let exitCode: number = EXIT.ok;
  try {
    if (argv[0] === 'run') return await run(argv.slice(1), options.pool);
    options.pool?.close();
    if (argv.length === 0) argv = ['--help'];
    await program((code) => (exitCode = code)).parseAsync(argv, { from: 'user' });
    return exitCode;
  } catch (error) {
    return report(error);
  }
}

function report(error: unknown): number {
  if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
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
  // A queued run that failed names its own cause (a block's error, the worker that raised it).
  const named = error instanceof PluginFault || error instanceof PluginLoadFailure || (error instanceof Error && error.name === 'RunFailed');
  const message = named ? error.message : `internal error: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
  if (process.env['KIT_DEBUG']) {
    process.stderr.write(`${errorPrefix()}${safeLine(message)}\n${(error instanceof Error ? String(error.stack) : String(error)).split('\n').map(escapeControls).join('\n')}\n`);
  } else {
    process.stderr.write(`${errorPrefix()}${safeLine(message)} ${stderrColors().dim('(set KIT_DEBUG=1 to see the stack trace)')}\n`);
  }
  return EXIT.fault;
}
