// The flags of `kit run <id>`, once parsed (by run-command.ts's commander command, or by
// run-args-quick.ts): the common ones (docs/contract.md#names-the-hosts-own) and one per plugin option spec.
import type { PluginSample, TextFile } from '@kit/core';
import { describeValues, readHostInteger, type AnyPlugin, type RawOptions } from '@kit/core/host';
import { cpuLimit } from './cpu-limit.js';
import { UsageError } from './errors.js';
import { readTextFile } from './files.js';

export interface CommonFlags {
  quiet: boolean;
  count: boolean;
  json: boolean;
  color: boolean;
  limit: number | undefined;
  /** --delay as given; undefined when not given (the plugin may suggest one for its steps). */
  delay: number | undefined;
  threads: number;
  /** --shard K/N: run only tasks t with t % N == K-1 of the deterministic split. */
  shard: { k: number; n: number } | undefined;
  /** --queue URL: submit to BullMQ workers instead of solving here. */
  queue: string | undefined;
  /** --max-solutions: the most solutions a queued run may carry back. */
  maxSolutions: number | undefined;
  /** --keep: how long a queued run's results stay in Redis once it ends, in seconds. */
  keepSeconds: number | undefined;
}

export interface RunArguments {
  common: CommonFlags;
  /** Plugin option values as typed (strings, booleans, files read from disk), before validation. */
  raw: RawOptions;
  /** The positional file, when given. */
  file: string | undefined;
  /** The input of the named example (--example), when it has one. */
  exampleInput?: TextFile;
}

export { COMMON_VALUE_FLAGS } from './run-flag-names.js';

/** What a parser made of the words after `kit run <id>`: option values by camelCase name, and the rest. */
export interface ParsedRunArguments {
  opts: Record<string, unknown>;
  args: readonly string[];
}

/** The pause between animation steps the plugin asks for when `--delay` is not given (puyo: 500 ms). */
export function suggestedStepDelay(plugin: AnyPlugin): number | undefined {
  const delay = plugin.stepDelayMs;
  return typeof delay === 'number' && Number.isFinite(delay) && delay >= 0 ? Math.round(delay) : undefined;
}

/**
 * The most worker threads a run starts: one per CPU it may use (the cores, or a container's CPU
 * limit). More cannot make a CPU-bound search faster, and each worker costs a V8 isolate
 * (`--threads 1000` used to start 1000 of them).
 */
export function maxThreads(): number {
  return cpuLimit();
}

/** `--threads N` clamped to maxThreads(), with a note on stderr when it was more. */
function threadsFlag(value: unknown, warn: (message: string) => void): number {
  const asked = readHostInteger('threads', value);
  const cap = maxThreads();
  if (asked === undefined) return cap;
  if (asked > cap) {
    warn(`--threads ${asked} is more than the ${cap} available core${cap === 1 ? '' : 's'}; using ${cap}`);
    return cap;
  }
  return asked;
}

/** Reads the parsed command into common flags and raw plugin options (files read from disk). */
export async function collectRunArguments(
  parsed: ParsedRunArguments,
  plugin: AnyPlugin,
  cwd: string,
  warn: (message: string) => void = () => {},
): Promise<RunArguments> {
  const { opts } = parsed;
  // Own properties only: a plugin option may be called `constructor` or `to-string`.
  const given = (key: string): unknown => (Object.hasOwn(opts, key) ? opts[key] : undefined);
  const common: CommonFlags = {
    quiet: opts['quiet'] === true,
    count: opts['count'] === true,
    json: opts['json'] === true,
    color: opts['color'] !== false,
    limit: readHostInteger('limit', opts['limit']),
    delay: readHostInteger('delay', opts['delay']),
    threads: threadsFlag(opts['threads'], warn),
    shard: shardFlag(opts['shard']),
    queue: opts['queue'] === undefined ? undefined : String(opts['queue']),
    maxSolutions: readHostInteger('max-solutions', opts['maxSolutions']),
    keepSeconds: opts['keep'] === undefined ? undefined : durationFlag('--keep', String(opts['keep']), KEEP_RANGE),
  };
  checkPlacement(common);
  const raw: RawOptions = Object.create(null) as RawOptions;
  for (const spec of plugin.options) {
    const value = given(attributeName(spec.name));
    if (value === undefined) continue;
    // `--pieces ''` is a mistake (an unset shell variable, say), not a request for the default.
    if (value === '' && spec.type !== 'boolean') {
      throw new UsageError(`--${spec.name} is empty: give ${describeValues(spec)}, or leave the option out`);
    }
    raw[spec.name] = spec.type === 'file' ? await readTextFile(String(value), cwd, { maxBytes: spec.maxBytes, gzip: spec.gzip }) : (value as string | boolean);
  }
  const [file, ...extra] = parsed.args;
  if (!plugin.input && file !== undefined) {
    throw new UsageError(`kit run ${plugin.id} takes no file argument (got ${JSON.stringify(file)})`);
  }
  if (extra.length > 0) throw new UsageError(`kit run ${plugin.id} takes one file argument (got also ${JSON.stringify(extra[0])})`);
  if (opts['example'] === undefined) return { common, raw, file };
  const sample = namedSample(plugin, String(opts['example']));
  if (file !== undefined && sample.input !== undefined) {
    throw new UsageError(`--example ${sample.name} brings its own input: give the example or the file ${JSON.stringify(file)}, not both`);
  }
  // The example's options fill in what the command line left out: `--example x --size 7` tries it larger.
  for (const spec of plugin.options) {
    const value = sample.options?.[spec.name];
    if (value === undefined || Object.hasOwn(raw, spec.name)) continue;
    raw[spec.name] =
      spec.type === 'file' ? { name: `example ${sample.name} --${spec.name}`, text: String(value) } : typeof value === 'number' ? String(value) : value;
  }
  const exampleInput = sample.input === undefined ? undefined : { name: `example ${sample.name}`, text: sample.input };
  return { common, raw, file, ...(exampleInput ? { exampleInput } : {}) };
}

function namedSample(plugin: AnyPlugin, name: string): PluginSample {
  const samples = plugin.samples ?? [];
  const sample = samples.find((candidate) => candidate.name === name);
  if (sample) return sample;
  const available = samples.length ? `available: ${samples.map((candidate) => candidate.name).join(', ')}` : 'it has none';
  throw new UsageError(`--example: kit run ${plugin.id} has no example named ${JSON.stringify(name)} (${available}; see kit info ${plugin.id})`);
}

/** `K/N` with 1 <= K <= N; N is checked against the search's task count once it is split. */
function shardFlag(value: unknown): { k: number; n: number } | undefined {
  if (value === undefined) return undefined;
  const match = /^\s*(\d{1,9})\s*\/\s*(\d{1,9})\s*$/.exec(String(value));
  const [k, n] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
  if (!match || n < 1 || k < 1 || k > n) throw new UsageError(`--shard must be K/N with 1 <= K <= N (got ${JSON.stringify(value)})`);
  return { k, n };
}

/** The most solutions a queued run may carry back (each is kept in Redis until the run expires). */
const MAX_QUEUED_SOLUTIONS = 10_000_000;

/** --keep: a minute to 30 days. */
const KEEP_RANGE = { min: 60, max: 30 * 24 * 3600 };

/** `90s`, `30m`, `12h`, `7d` (or plain seconds) in seconds, within `range`. */
export function durationFlag(name: string, text: string, range: { min: number; max: number }): number {
  const match = /^\s*(\d{1,9})\s*([smhd]?)\s*$/.exec(text);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[match?.[2] ?? ''] ?? 1;
  const seconds = match ? Number(match[1]) * unit : Number.NaN;
  if (!Number.isSafeInteger(seconds) || seconds < range.min || seconds > range.max) {
    throw new UsageError(
      `${name} must be a duration from ${durationText(range.min)} to ${durationText(range.max)}, as 90s, 30m, 12h or 7d (got ${JSON.stringify(text)})`,
    );
  }
  return seconds;
}

/** 60 -> 1m, 86400 -> 1d: the largest unit that divides it. */
function durationText(seconds: number): string {
  for (const [unit, size] of [
    ['d', 86400],
    ['h', 3600],
    ['m', 60],
  ] as const)
    if (seconds >= size && seconds % size === 0) return `${seconds / size}${unit}`;
  return `${seconds}s`;
}
/** A shard or a queued run covers tasks of the split: a solution limit has no meaning there. */
function checkPlacement(common: CommonFlags): void {
  if (common.shard && common.queue !== undefined) throw new UsageError('--shard and --queue cannot be combined (the queue splits the search itself)');
  const where = common.shard ? '--shard' : common.queue !== undefined ? '--queue' : undefined;
  if (where && common.limit !== undefined) throw new UsageError(`--limit cannot be combined with ${where} (it stops a search that runs whole)`);
  if (common.maxSolutions !== undefined && common.queue === undefined) throw new UsageError('--max-solutions only applies to --queue runs');
  if (common.maxSolutions !== undefined && common.maxSolutions > MAX_QUEUED_SOLUTIONS)
    throw new UsageError(`--max-solutions must be at most ${MAX_QUEUED_SOLUTIONS} (count larger runs with --count)`);
  if (common.keepSeconds !== undefined && common.queue === undefined) throw new UsageError('--keep only applies to --queue runs');
}

/** commander's camelCase key for a kebab-case flag. */
export function attributeName(name: string): string {
  return name.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}
