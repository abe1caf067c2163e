// The `kit` commands other than `run`, as one commander program. Loaded only when such a command is
// given: `kit run` parses its own way (main.ts) and `kit list` usually needs no commander at all.
import { Command, Option } from 'commander';
import { printList } from './commands/list.js';
import { configureCommand } from './commander-setup.js';
import { cliVersion, discover, findPlugin } from './discovery.js';
import { cpuLimit } from './cpu-limit.js';
import { EXIT, UsageError } from './errors.js';
import { loadOptional } from './optional-package.js';

const collect = (value: string, previous: string[]) => [...previous, value];
const pluginOption = () => new Option('--plugin <path-or-package>', 'load one more plugin (repeatable)').argParser(collect).default([]);

/** Names of the commands, for `only` below. */
const COMMANDS = ['list', 'info', 'run', 'generate', 'grade', 'web', 'merge', 'worker', 'queue', 'create-plugin', 'completion'];

const colorFlags = (opts: { json?: boolean; count?: boolean; color?: boolean }) => ({
  json: opts.json === true,
  count: opts.count === true,
  color: opts.color !== false,
});
const queueOption = () => new Option('--queue <url>', 'the Redis of the workers: redis://HOST:PORT, rediss:// for TLS (default: env KIT_QUEUE_URL)');

/** `kit web`: serve the page, or write it as a static site. */
function defineWeb(kit: Command, setExit: (code: number) => void): void {
  kit
    .command('web')
    .description('serve the web app on 127.0.0.1; the first line printed is its URL')
    .option('--port <n>', 'port to listen on (0: any free port)', '5173')
    .option('--out <dir>', 'write the page and the plugins as a static site to DIR instead, and exit')
    .option('--force', 'with --out: write into a directory that is not empty')
    .option('--watch', "make a plugin's page bundle again when the plugin is rebuilt, and reload open pages")
    .addOption(pluginOption())
    .action(async (opts: { port: string; plugin: string[]; out?: string; force?: boolean; watch?: boolean }) => {
      const port = /^\d+$/.test(opts.port) ? Number(opts.port) : Number.NaN;
      if (!Number.isInteger(port) || port > 65535) throw new UsageError(`--port must be a port number (got ${JSON.stringify(opts.port)})`);
      if (opts.force && opts.out === undefined) throw new UsageError('--force goes with --out DIR');
      if (opts.watch && opts.out !== undefined) throw new UsageError('--watch goes with serving the page, not with --out DIR');
      const result = await discover(opts.plugin);
      const { exportWeb, serveWeb } = await import('./commands/web.js');
      if (opts.out !== undefined) {
        const ready = await exportWeb(result, opts.out, opts.force === true);
        process.stdout.write(`${opts.out}: the page and ${ready} plugin${ready === 1 ? '' : 's'} (any static web server can host it)\n`);
        return;
      }
      const server = await serveWeb(result, port, opts.watch === true);
      process.stdout.write(`${server.url}\n`);
      await new Promise<void>((resolve) => {
        const stop = () => resolve();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      await server.close();
      setExit(EXIT.interrupted);
    });
}

/** `kit merge`: the shards of a run printed as the whole run. */
function defineMerge(kit: Command): void {
  kit
    .command('merge')
    .description('the --json outputs of kit run --shard K/N, as the whole run prints them')
    .argument('<files...>', 'one --json output of each shard, any order')
    .option('--json', 'newline-delimited JSON, as kit run --json')
    .option('--count', 'print only the summary')
    .option('--no-color', 'letters instead of colour blocks')
    .addOption(pluginOption())
    .action(async (files: string[], opts: { json?: boolean; count?: boolean; color?: boolean; plugin: string[] }) => {
      const result = await discover(opts.plugin);
      const [{ mergeShards }, { note }] = await loadOptional('@kit/queue', 'kit merge', () =>
        Promise.all([import('./commands/merge.js'), import('./queue-run.js')]),
      );
      await mergeShards(
        files,
        colorFlags(opts),
        process.cwd(),
        process.env,
        (id) => findPlugin(result, id),
        (line) => void note(line),
      );
    });
}

/** `kit worker`: serve queued runs. */
function defineWorker(kit: Command, setExit: (code: number) => void): void {
  kit
    .command('worker')
    .description('serve runs submitted with kit run --queue, with the plugins found here (SIGTERM drains, Ctrl-C stops)')
    .addOption(queueOption())
    .option('--threads <n>', `jobs run at once, each on a solver thread (default: the CPUs this process may use, ${cpuLimit()}; env KIT_WORKER_THREADS)`)
    .option('--lock-ms <ms>', "how soon a dead worker's job goes to another (default 30000; env KIT_WORKER_LOCK_MS)")
    .option('--job-timeout <duration>', 'the longest a job may run before it fails (default 1h; env KIT_WORKER_JOB_TIMEOUT)')
    .option('--grace <duration>', 'on SIGTERM, how long running jobs get to finish before they go back to the queue (default 25s; env KIT_WORKER_GRACE)')
    .option('--heap-mb <mb>', 'heap of each solver thread (default 1024; env KIT_WORKER_HEAP_MB)')
    .option('--health-port <port>', 'serve /livez, /readyz and /metrics on this port (env KIT_WORKER_HEALTH_PORT)')
    .option('--health-host <host>', 'the address for --health-port (default 127.0.0.1; env KIT_WORKER_HEALTH_HOST)')
    .addOption(pluginOption())
    .action(async (opts: import('./commands/worker.js').WorkerFlags & { plugin: string[] }) => {
      const result = await discover(opts.plugin);
      const { serveWorker } = await loadOptional('@kit/queue', 'kit worker', () => import('./commands/worker.js'));
      setExit(await serveWorker(result.plugins, opts, process.env));
    });
}

/** `kit queue` and its subcommands, each loading @kit/queue only when run. */
function defineQueue(kit: Command): void {
  const queue = kit.command('queue').description('runs submitted with kit run --queue: status, wait, cancel, rm, list, prune, workers');
  const config = (opts: { queue?: string }) =>
    import('./queue-config.js').then(({ queueConfig }) => queueConfig(opts.queue, process.env, process.cwd(), 'manage'));
  queue
    .command('status')
    .description("a run's state and progress, or its summary once finished")
    .argument('<id>', 'the run id kit run --queue printed')
    .addOption(queueOption())
    .option('--json', 'one JSON object')
    .addOption(pluginOption())
    .action(async (id: string, opts: { queue?: string; json?: boolean; plugin: string[] }) => {
      const { queueStatus } = await loadOptional('@kit/queue', 'kit queue', () => import('./commands/queue.js'));
      const result = opts.json ? undefined : await discover(opts.plugin);
      await queueStatus(await config(opts), id, opts.json === true, (pluginId) => findPlugin(result!, pluginId));
    });
  queue
    .command('wait')
    .description('wait for a run and print what kit run would have printed (through a Redis outage of up to env KIT_QUEUE_OUTAGE, default 60s, or forever)')
    .argument('<id>', 'the run id kit run --queue printed')
    .addOption(queueOption())
    .option('--json', 'newline-delimited JSON, as kit run --json')
    .option('--count', 'print only the summary')
    .option('--no-color', 'letters instead of colour blocks')
    .addOption(pluginOption())
    .action(async (id: string, opts: { queue?: string; json?: boolean; count?: boolean; color?: boolean; plugin: string[] }) => {
      const result = await discover(opts.plugin);
      const { queueWait } = await loadOptional('@kit/queue', 'kit queue', () => import('./commands/queue.js'));
      await queueWait(await config(opts), id, colorFlags(opts), (pluginId) => findPlugin(result, pluginId));
    });
  queue
    .command('cancel')
    .description("stop handing out a run's tasks (running ones finish)")
    .argument('<id>', 'the run id')
    .addOption(queueOption())
    .action(async (id: string, opts: { queue?: string }) => {
      const { queueCancel } = await loadOptional('@kit/queue', 'kit queue', () => import('./commands/queue.js'));
      await queueCancel(await config(opts), id);
    });
  queue
    .command('rm')
    .description('remove a finished or cancelled run and its results from Redis')
    .argument('<id>', 'the run id')
    .addOption(queueOption())
    .action(async (id: string, opts: { queue?: string }) => {
      const { queueRemove } = await loadOptional('@kit/queue', 'kit queue', () => import('./commands/queue.js'));
      await queueRemove(await config(opts), id);
    });
  queue
    .command('list')
    .description('the runs in Redis, newest first: id, plugin, state, tasks, when their results expire')
    .addOption(queueOption())
    .option('--json', 'one JSON object a line')
    .action(async (opts: { queue?: string; json?: boolean }) => {
      const { queueList } = await loadOptional('@kit/queue', 'kit queue', () => import('./commands/queue.js'));
      await queueList(await config(opts), opts.json === true);
    });
  queue
    .command('prune')
    .description('remove the runs whose results have expired (workers also do this every minute)')
    .addOption(queueOption())
    .option('--older-than <duration>', 'also remove runs that ended longer ago than this (e.g. 1h, 2d)')
    .action(async (opts: { queue?: string; olderThan?: string }) => {
      const { queuePrune } = await loadOptional('@kit/queue', 'kit queue', () => import('./commands/queue.js'));
      await queuePrune(await config(opts), opts.olderThan);
    });
  queue
    .command('workers')
    .description('the workers connected now: host, plugins, threads, busy')
    .addOption(queueOption())
    .option('--json', 'one JSON object a line')
    .action(async (opts: { queue?: string; json?: boolean }) => {
      const { queueWorkers } = await loadOptional('@kit/queue', 'kit queue', () => import('./commands/queue.js'));
      await queueWorkers(await config(opts), opts.json === true);
    });
  for (const command of queue.commands) configureCommand(command);
}

/** What `kit --help` says of exit codes, after the commands. */
const EXIT_CODES_HELP = [
  '',
  'Exit codes:',
  '  0    finished (0 solutions is still a finish)',
  '  1    internal fault (a plugin or kit error)',
  '  2    bad usage or input, one line on stderr (also: Redis unreachable or unusable, a bad secret)',
  '  3    a queued run failed (a job failed: its error is printed)',
  '  4    a queued run was cancelled',
  '  5    a queued run was lost (removed, expired, or Redis restarted without persistence)',
  '  130  interrupted (Ctrl-C; a queued run goes on, detached)',
  '',
].join('\n');

/** `kit completion <shell>`: a completion script that knows every plugin's options. */
function defineCompletion(kit: Command): void {
  kit
    .command('completion')
    .description('a shell completion script: eval "$(kit completion bash)" (bash, zsh, fish)')
    .argument('<shell>', 'bash, zsh or fish')
    .addOption(pluginOption())
    .action(async (shell: string, opts: { plugin: string[] }) => {
      const { completionScript, SHELLS, unknownShell } = await import('./commands/completion.js');
      if (!(SHELLS as readonly string[]).includes(shell)) throw new UsageError(unknownShell(shell));
      const result = await discover(opts.plugin);
      // A plugin that fails to load still completes by id; its options are simply not offered.
      const plugins = await Promise.all(
        result.plugins.map(async (entry) => ({
          id: entry.id,
          options: await findPlugin(result, entry.id).then(
            (found) => found.plugin.options.map((spec) => spec.name),
            () => [],
          ),
        })),
      );
      process.stdout.write(completionScript(shell, { commands: COMMANDS, plugins }));
    });
}

/**
 * The program. Given the command the arguments start with, only that command is defined: defining
 * all of them is most of the start-up commander costs, and they matter only for `kit --help` and a
 * mistyped command's suggestions.
 */
export function program(setExit: (code: number) => void, first?: string): Command {
  const only = first !== undefined && COMMANDS.includes(first) ? first : undefined;
  const wanted = (name: string) => only === undefined || only === name;
  const kit = configureCommand(new Command('kit'));
  kit
    .description('Puzzle Kit: puzzle solvers as plugins, discovered at run time.')
    .version(cliVersion(), '-v, --version', 'print the version')
    .helpOption('-h, --help', 'show this help')
    .addHelpCommand(false)
    .showSuggestionAfterError(true)
    .addHelpText('after', EXIT_CODES_HELP);

  if (wanted('list')) {
    kit
      .command('list')
      .description('list the plugins found: id, version, title')
      .option('--json', 'a JSON array instead')
      .addOption(pluginOption())
      .action(async (opts: { json?: boolean; plugin: string[] }) => {
        printList((await discover(opts.plugin)).plugins, opts.json === true);
      });
  }

  if (wanted('info')) {
    kit
      .command('info')
      .description("a plugin's options, input formats and examples")
      .argument('<id>', 'plugin id (see kit list)')
      .option('--json', 'one JSON object: id, title, input, options, examples, generator, grader')
      .addOption(pluginOption())
      .action(async (id: string, opts: { json?: boolean; plugin: string[] }) => {
        const result = await discover(opts.plugin, id);
        const found = await findPlugin(result, id);
        if (opts.json) process.stdout.write((await import('./commands/info-json.js')).infoJson(found));
        else process.stdout.write((await import('./commands/info.js')).infoText(found));
      });
  }

  if (wanted('completion')) defineCompletion(kit);

  // Only here for the help listing: main() handles `run` itself.
  if (wanted('run')) {
    kit.command('run').description('solve, animate and print: kit run <id> [file] [options] (kit run <id> --help)');
  }
  // The same for these two.
  if (wanted('generate')) {
    kit
      .command('generate')
      .description("make puzzles with a plugin's generator: kit generate <id> [--difficulty LEVEL] [--seed N] [--count K] (kit generate <id> --help)");
  }
  if (wanted('grade')) {
    kit.command('grade').description("a puzzle's level and how a person solves it: kit grade <id> <file> [--steps] [--json]");
  }

  if (wanted('web')) {
    defineWeb(kit, setExit);
  }

  if (wanted('merge')) {
    defineMerge(kit);
  }

  if (wanted('worker')) {
    defineWorker(kit, setExit);
  }

  if (wanted('queue')) {
    defineQueue(kit);
  }

  if (wanted('create-plugin')) {
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
  }

  for (const command of kit.commands) configureCommand(command);
  return kit;
}
