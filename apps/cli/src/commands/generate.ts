// `kit generate <id>`: K puzzles from the plugin's generator, of seeds N, N+1, ..., made in worker
// threads (as many at once as --threads says) and written in seed order, each under its
// `# ID SIZE DIFFICULTY SEED` header line, so the same words print the same bytes on every machine.
import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isInputError, type ParsedOptions } from '@kit/core';
import { generatedHeader, type GeneratedPuzzle, type GenerateRequest, MakerClient, readGeneratorSize } from '@kit/core/make';
import { AbortedError, hostCheck, parseOptions, readHostInteger, type AnyPlugin, type RawOptions } from '@kit/core/host';
import { safeLine } from '@kit/core/messages';
import { nodeWorkers } from '@kit/core/node';
import { discover, findPlugin, type DiscoveredPlugin } from '../discovery.js';
import { EXIT, UsageError } from '../errors.js';
import { readTextFile } from '../files.js';
import { abilities, buildMakeCommand, parseMakeArguments, splitMakeArguments } from '../make-command.js';
import { PluginFault } from '../plugin-fault.js';
import { attributeName, maxThreads } from '../run-flags.js';
import { compactNumber, StatusLine } from '../status-line.js';

export interface MakeContext {
  cwd: string;
  env: Record<string, string | undefined>;
}

/** The last seed (core's table of host names bounds --seed, and --count: the puzzles held until written in order). */
const MAX_SEED = hostCheck('seed', 'make').max!;
/** A progress line only for a generation that takes longer than this. */
const QUIET_MS = 1000;

/** What the words ask for, checked. */
interface GenerateArguments {
  difficulty: string;
  /** The size's numbers, and as it is written in a link; undefined when the generator takes none. */
  size: { numbers: number[]; text: string } | undefined;
  seed: number;
  count: number;
  emit: string | undefined;
  json: boolean;
  output: string | undefined;
  force: boolean;
  threads: number;
  parameters: ParsedOptions;
  /** The parameters given, as text, for the page's link. */
  linkParameters: [string, string][];
}

async function readArguments(
  plugin: AnyPlugin,
  opts: Record<string, unknown>,
  extra: readonly string[],
  context: MakeContext,
  warn: (line: string) => void,
): Promise<GenerateArguments> {
  const generator = plugin.generator!;
  if (extra.length > 0) throw new UsageError(`kit generate ${plugin.id} takes no file argument (got ${JSON.stringify(extra[0])})`);
  const difficulty = opts['difficulty'] === undefined ? (generator.defaultLevel ?? generator.levels[0]!) : String(opts['difficulty']);
  if (!generator.levels.includes(difficulty)) {
    throw new UsageError(`--difficulty ${JSON.stringify(difficulty)}: ${plugin.id}'s levels are ${generator.levels.join(', ')}`);
  }
  let size: GenerateArguments['size'];
  if (generator.size) {
    const read = readGeneratorSize(opts['size'] === undefined ? generator.size.default : String(opts['size']), generator.size);
    if (typeof read === 'string') throw new UsageError(`--${read}`);
    size = { numbers: read, text: read.join('x') };
  } else if (opts['size'] !== undefined) {
    throw new UsageError(`${plugin.id}'s generator takes no --size`);
  }
  const seed = readHostInteger('seed', opts['seed'], 'make') ?? 1;
  const count = readHostInteger('count', opts['count'], 'make') ?? 1;
  if (seed + count - 1 > MAX_SEED) throw new UsageError(`--seed ${seed} --count ${count} goes past the last seed, ${MAX_SEED}`);
  const emits = generator.emits ?? [];
  const emit = opts['emit'] === undefined ? undefined : String(opts['emit']);
  if (emit !== undefined && !emits.includes(emit)) {
    throw new UsageError(
      `--emit ${JSON.stringify(emit)}: ${plugin.id} ${emits.length > 0 ? `emits ${emits.join(', ')}` : 'emits no other format'} (its own text format is the default)`,
    );
  }
  if (opts['json'] === true && emit !== undefined) throw new UsageError('--emit goes without --json (a JSON line carries every format)');
  const force = opts['force'] === true;
  const output = opts['output'] === undefined ? undefined : String(opts['output']);
  if (force && output === undefined) throw new UsageError('--force goes with -o FILE');
  const cap = maxThreads();
  const asked = readHostInteger('threads', opts['threads'], 'make');
  if (asked !== undefined && asked > cap) warn(`--threads ${asked} is more than the ${cap} available core${cap === 1 ? '' : 's'}; using ${cap}`);
  const threads = Math.min(asked ?? cap, cap, count);

  const raw: RawOptions = Object.create(null) as RawOptions;
  const linkParameters: [string, string][] = [];
  for (const spec of generator.parameters ?? []) {
    const value = Object.hasOwn(opts, attributeName(spec.name)) ? opts[attributeName(spec.name)] : undefined;
    if (value === undefined) continue;
    if (value === '' && spec.type !== 'boolean') throw new UsageError(`--${spec.name} is empty: give a value, or leave the parameter out`);
    const given =
      spec.type === 'file' ? await readTextFile(String(value), context.cwd, { maxBytes: spec.maxBytes, gzip: spec.gzip }) : (value as string | boolean);
    raw[spec.name] = given;
    linkParameters.push([spec.name, typeof given === 'boolean' ? (given ? '1' : '0') : typeof given === 'string' ? given : given.text]);
  }
  const parameters = parseOptions(generator.parameters ?? [], raw);
  return { difficulty, size, seed, count, emit, json: opts['json'] === true, output, force, threads, parameters, linkParameters };
}

/** The page's address for this puzzle, relative: it opens the same game in Play. */
function pageLink(pluginId: string, flags: GenerateArguments, seed: number): string {
  const params = new URLSearchParams({ puzzle: pluginId, play: '1', new: '1', difficulty: flags.difficulty, seed: String(seed) });
  if (flags.size) params.set('size', flags.size.text);
  for (const [name, value] of flags.linkParameters) params.set(name, value);
  return `?${params}`;
}

/** One puzzle as it is written: its header and its text, or its JSON line. */
function formatPuzzle(pluginId: string, flags: GenerateArguments, seed: number, puzzle: GeneratedPuzzle): string {
  if (flags.json) {
    const { input, size, difficulty, formats, tries } = puzzle;
    const line = {
      type: 'puzzle',
      seed,
      size,
      difficulty,
      input,
      link: pageLink(pluginId, flags, seed),
      ...(formats ? { formats } : {}),
      ...(tries !== undefined ? { tries } : {}),
    };
    return `${JSON.stringify(line)}\n`;
  }
  const body = flags.emit === undefined ? puzzle.input : puzzle.formats![flags.emit]!;
  return `${generatedHeader(pluginId, puzzle, seed)}\n${body.endsWith('\n') ? body : `${body}\n`}`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`;
}

/** `kit generate <words>`; resolves to the exit code. */
export async function generateCommand(args: readonly string[], context: MakeContext): Promise<number> {
  const { id, plugins, rest } = splitMakeArguments('generate', args);
  if (id === undefined) {
    if (rest.includes('-h') || rest.includes('--help')) {
      process.stdout.write(
        'Usage: kit generate <id> [options]\n\nkit generate <id> --help shows its levels, sizes and parameters; kit list shows the plugins.\n',
      );
      return EXIT.ok;
    }
    throw new UsageError('kit generate needs a plugin id (see kit list)');
  }
  const found = await findPlugin(await discover(plugins, id), id);
  const { plugin } = found;
  if (!plugin.generator) throw new UsageError(`kit generate ${id}: ${id} has no generator (it has: ${abilities(plugin)})`);
  const threadsHelp = { threads: ` (default and most: ${maxThreads()}, the available cores)` };
  const parsed = parseMakeArguments(buildMakeCommand('generate', plugin, threadsHelp), rest);
  if (typeof parsed === 'number') return parsed;
  const warn = (line: string) => process.stderr.write(`kit: ${safeLine(line)}\n`);
  const flags = await readArguments(plugin, parsed.opts, parsed.args, context, warn);
  const outputPath = flags.output === undefined ? undefined : resolve(context.cwd, flags.output);
  // Checked before any work, and again by the exclusive write at the end.
  if (outputPath !== undefined && !flags.force && existsSync(outputPath)) throw new UsageError(`${flags.output}: already exists (add --force to overwrite it)`);

  const written: string[] = [];
  const status = process.stderr.isTTY && context.env['TERM'] !== 'dumb' ? new StatusLine(process.stderr) : undefined;
  const write = (text: string) => {
    if (outputPath !== undefined) return void written.push(text);
    status?.clear();
    process.stdout.write(text);
  };
  const made = await makeAll(found, flags, write, status);
  if (outputPath !== undefined) {
    try {
      writeFileSync(outputPath, written.join(''), { flag: flags.force ? 'w' : 'wx' });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new UsageError(
        code === 'EEXIST' ? `${flags.output}: already exists (add --force to overwrite it)` : `${flags.output}: cannot write: ${(error as Error).message}`,
      );
    }
    process.stderr.write(`kit: ${safeLine(`${flags.output}: ${made} puzzle${made === 1 ? '' : 's'}`)}\n`);
  }
  return EXIT.ok;
}

/** Makes the puzzles over `flags.threads` workers and writes each once those of lower seeds are out; the number made. */
async function makeAll(found: DiscoveredPlugin, flags: GenerateArguments, write: (text: string) => void, status: StatusLine | undefined): Promise<number> {
  const { plugin } = found;
  const controller = new AbortController();
  const workers = nodeWorkers();
  const clients = Array.from({ length: flags.threads }, () => new MakerClient({ moduleUrl: found.moduleUrl, pluginId: plugin.id, workers }));
  const results: (GeneratedPuzzle | undefined)[] = new Array<GeneratedPuzzle | undefined>(flags.count);
  let written = 0;
  let next = 0;
  // Tries of the finished puzzles, and of the one each worker is at.
  let triesDone = 0;
  const triesNow = clients.map(() => 0);
  const started = Date.now();
  const what = `${plugin.id} ${flags.size?.text ?? ''} ${flags.difficulty}`.replace(/ +/g, ' ');
  const showProgress = () => {
    const elapsed = Date.now() - started;
    if (!status || elapsed < QUIET_MS) return;
    const tries = triesDone + triesNow.reduce((sum, n) => sum + n, 0);
    status.show(`generating ${what}: ${written}/${flags.count} puzzle${flags.count === 1 ? '' : 's'} · ${compactNumber(tries)} tries · ${seconds(elapsed)}`);
  };
  const ticker = status ? setInterval(showProgress, 200) : undefined;
  ticker?.unref();

  // Ctrl-C: the workers end with the process; what is written stays written.
  const onSignal = (code: number) => () => {
    controller.abort();
    for (const client of clients) client.close();
    status?.clear();
    process.exit(code);
  };
  const onSigint = onSignal(EXIT.interrupted);
  const onSigterm = onSignal(143);
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigterm);
  const request = (seed: number): GenerateRequest => ({
    seed,
    difficulty: flags.difficulty,
    ...(flags.size ? { size: flags.size.numbers } : {}),
    parameters: flags.parameters,
  });
  try {
    await Promise.all(
      clients.map(async (client, worker) => {
        while (next < flags.count && !controller.signal.aborted) {
          const index = next++;
          const puzzle = await client.generate(request(flags.seed + index), {
            signal: controller.signal,
            onProgress: (tries) => (triesNow[worker] = tries),
          });
          triesNow[worker] = 0;
          triesDone += puzzle.tries ?? 0;
          results[index] = puzzle;
          while (written < flags.count && results[written]) {
            // Text puzzles are separated by a blank line; JSON lines follow each other.
            const separator = written > 0 && !flags.json ? '\n' : '';
            write(separator + formatPuzzle(plugin.id, flags, flags.seed + written, results[written]!));
            results[written] = undefined;
            written++;
          }
          showProgress();
        }
      }),
    ).catch((error: unknown) => {
      // The first failure ends the others.
      controller.abort();
      throw error;
    });
    return written;
  } catch (error) {
    if (error instanceof AbortedError) throw error;
    if (isInputError(error) || error instanceof UsageError) throw error;
    throw new PluginFault(plugin.id, error);
  } finally {
    if (ticker) clearInterval(ticker);
    status?.clear();
    for (const client of clients) client.close();
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigterm);
  }
}
