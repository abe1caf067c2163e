// `kit worker`: serves queued runs with this machine's plugins. Configured by flags or, as a
// container is, by environment variables (KIT_QUEUE_URL, KIT_QUEUE_SECRET_FILE, KIT_WORKER_*).
// SIGTERM drains (no new jobs; running ones finish, or go back to the queue after the grace
// period; exit 0); Ctrl-C hands every job back at once (exit 130).
import { hostname } from 'node:os';
import type { PluginEntry } from '@kit/core/discovery';
import { integerWords } from '@kit/core/host';
import { loadPlugin, type DiscoveredPlugin } from '../discovery.js';
import { cpuLimit } from '../cpu-limit.js';
import { EXIT, UsageError } from '../errors.js';
import { durationFlag } from '../run-flags.js';
import { queueConfig } from '../queue-config.js';
import { note, userFacing } from '../queue-run.js';
import { loadOptional } from '../optional-package.js';

/** Flags as given; each falls back to its environment variable, then to its default. */
export interface WorkerFlags {
  queue?: string;
  threads?: string;
  lockMs?: string;
  jobTimeout?: string;
  grace?: string;
  heapMb?: string;
  healthPort?: string;
  healthHost?: string;
}

export const WORKER_ENV: Record<Exclude<keyof WorkerFlags, 'queue'>, string> = {
  threads: 'KIT_WORKER_THREADS',
  lockMs: 'KIT_WORKER_LOCK_MS',
  jobTimeout: 'KIT_WORKER_JOB_TIMEOUT',
  grace: 'KIT_WORKER_GRACE',
  heapMb: 'KIT_WORKER_HEAP_MB',
  healthPort: 'KIT_WORKER_HEALTH_PORT',
  healthHost: 'KIT_WORKER_HEALTH_HOST',
};

const MAX_THREADS = 1024;

export interface WorkerSettings {
  threads: number;
  lockMs: number | undefined;
  jobTimeoutMs: number | undefined;
  graceMs: number;
  heapMb: number | undefined;
  health: { port: number; host: string } | undefined;
}

/** The settings from flags and environment, each checked: one line naming the flag or variable. */
export function workerSettings(flags: WorkerFlags, env: Record<string, string | undefined>, warn: (line: string) => void): WorkerSettings {
  const value = (key: Exclude<keyof WorkerFlags, 'queue'>, flag: string) => {
    const given = flags[key];
    if (given !== undefined) return { text: given, name: flag };
    const fromEnv = env[WORKER_ENV[key]];
    return fromEnv !== undefined && fromEnv !== '' ? { text: fromEnv, name: WORKER_ENV[key] } : undefined;
  };
  const integer = (key: Exclude<keyof WorkerFlags, 'queue'>, flag: string, min: number, max: number) => {
    const given = value(key, flag);
    if (given === undefined) return undefined;
    const number = /^\s*\d{1,9}\s*$/.test(given.text) ? Number(given.text) : Number.NaN;
    if (!Number.isSafeInteger(number) || number < min || number > max)
      throw new UsageError(`${given.name} must be ${integerWords(min, max)} (got ${JSON.stringify(given.text)})`);
    return number;
  };
  const duration = (key: Exclude<keyof WorkerFlags, 'queue'>, flag: string, range: { min: number; max: number }) => {
    const given = value(key, flag);
    return given === undefined ? undefined : durationFlag(given.name, given.text, range) * 1000;
  };
  const cap = cpuLimit();
  let threads = integer('threads', '--threads', 1, MAX_THREADS) ?? cap;
  if (threads > cap) {
    warn(`--threads ${threads} is more than the ${cap} CPU${cap === 1 ? '' : 's'} this worker may use; using ${cap}`);
    threads = cap;
  }
  const port = integer('healthPort', '--health-port', 0, 65535);
  return {
    threads,
    lockMs: integer('lockMs', '--lock-ms', 1000, 600_000),
    jobTimeoutMs: duration('jobTimeout', '--job-timeout', { min: 1, max: 7 * 86400 }),
    graceMs: duration('grace', '--grace', { min: 0, max: 3600 }) ?? 25_000,
    heapMb: integer('heapMb', '--heap-mb', 64, 1024 * 1024),
    health: port === undefined ? undefined : { port, host: value('healthHost', '--health-host')?.text ?? '127.0.0.1' },
  };
}

export async function serveWorker(entries: readonly PluginEntry[], flags: WorkerFlags, env: Record<string, string | undefined>): Promise<number> {
  const warnings: string[] = [];
  const settings = workerSettings(flags, env, (line) => warnings.push(line));
  const config = await queueConfig(flags.queue, env, process.cwd(), 'jobs');
  for (const line of [...config.warnings, ...warnings]) await note(line);
  const queue = loadOptional('@kit/queue', 'kit worker', () => import('@kit/queue'));
  // Redis is looked at while the plugins load: a frozen or unreachable one is said as soon as the
  // probe gives up, not after the plugins' imports as well.
  const probed = queue.then(({ probeRedis }) => probeRedis(config.url, { requireNoEviction: true }));
  probed.catch(() => {});
  const plugins: DiscoveredPlugin[] = [];
  for (const entry of entries) {
    try {
      plugins.push(await loadPlugin(entry));
    } catch (error) {
      await note(`${(error as Error).message}; not served`);
    }
  }
  if (plugins.length === 0) throw new UsageError('no plugins found here: a worker serves the plugins kit list shows (install some, or give --plugin PATH)');
  const { serveQueue, serveHealth, redactUrl } = await queue;
  await userFacing(() => probed);
  const { errorPrefix } = await import('../error-prefix.js');
  const worker = await userFacing(() =>
    serveQueue({
      url: config.url,
      signer: config.signer,
      threads: settings.threads,
      plugins: plugins.map((found) => ({ id: found.id, version: found.plugin.version, moduleUrl: found.moduleUrl, options: found.plugin.options })),
      ...(settings.lockMs !== undefined ? { lockMs: settings.lockMs } : {}),
      ...(settings.jobTimeoutMs !== undefined ? { jobTimeoutMs: settings.jobTimeoutMs } : {}),
      ...(settings.heapMb !== undefined ? { heapMb: settings.heapMb } : {}),
      log: (line) => process.stderr.write(`${errorPrefix()}${line}\n`),
    }),
  );
  let health;
  try {
    health = settings.health ? await serveHealth(worker, settings.health.port, settings.health.host) : undefined;
  } catch (error) {
    await worker.close();
    throw new UsageError(`cannot serve health on ${settings.health!.host}:${settings.health!.port}: ${(error as Error).message}`);
  }
  const served = plugins.map((found) => `${found.id} ${found.plugin.version}`).join(', ');
  const healthText = health ? `; health on ${health.url}` : '';
  process.stderr.write(
    `kit: worker ${hostname()} serving ${redactUrl(config.url.url)} with ${settings.threads} thread${settings.threads === 1 ? '' : 's'} (plugins: ${served}${healthText}); Ctrl-C stops\n`,
  );
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  // A second signal while draining: hand everything back now.
  const hurry = () => void worker.close();
  process.once('SIGINT', hurry);
  process.once('SIGTERM', hurry);
  if (signal === 'SIGTERM') process.stderr.write(`kit: draining: no new jobs; running ones get ${Math.round(settings.graceMs / 1000)} s to finish\n`);
  const handedBack = signal === 'SIGTERM' ? await worker.drain(settings.graceMs) : await worker.close();
  await health?.close();
  if (handedBack > 0) process.stderr.write(`kit: ${handedBack} job${handedBack === 1 ? '' : 's'} handed back to the queue\n`);
  return signal === 'SIGTERM' ? EXIT.ok : EXIT.interrupted;
}
