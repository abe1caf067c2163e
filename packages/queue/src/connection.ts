import { Redis, type RedisOptions } from 'ioredis';
import type { ConnectionOptions } from 'bullmq';

/** A failure the user can fix (Redis unreachable, a bad URL, an unknown run id): one line, exit 2. */
export class QueueError extends Error {
  /** `QueueError`, for code that tells errors apart by name. */
  override readonly name = 'QueueError';
}

/** A Redis URL taken apart: what ioredis needs, checked. */
/** A Redis URL taken apart by {@link parseQueueUrl}. */
export interface QueueUrl {
  /** The URL as given (print it through {@link redactUrl}: it may hold the password). */
  url: string;
  /** The server's host name or address. */
  host: string;
  /** The server's port (6379 unless the URL says otherwise). */
  port: number;
  /** The Redis database number (0 unless the URL's path says otherwise). */
  db: number;
  /** True for `rediss://`: TLS, the server's certificate checked against the system's CAs. */
  tls: boolean;
  /** The ACL user, when the URL names one. */
  username?: string;
  /** The password, when the URL holds one (see {@link withPassword}). */
  password?: string;
}

// Far above any Redis's `databases` setting; the server says which ones it really has.
const MAX_DB = 100_000;

/** The URL as it may be printed: the password hidden. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return url;
  }
}

/** `redis://[USER:PASSWORD@]HOST[:PORT][/DB]` or `rediss://...` (TLS); anything else is refused. */
export function parseQueueUrl(url: string): QueueUrl {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') || parsed.hostname === '') {
    throw new QueueError(`--queue must be a Redis URL, redis://HOST:PORT or rediss://[:PASSWORD@]HOST:PORT (got ${JSON.stringify(redactUrl(url))})`);
  }
  if (parsed.search !== '' || parsed.hash !== '') throw new QueueError(`${redactUrl(url)}: a Redis URL takes no ?query or #fragment`);
  const path = parsed.pathname.replace(/^\//, '');
  if (!/^\d{0,6}$/.test(path) || Number(path) > MAX_DB)
    throw new QueueError(`${redactUrl(url)}: the database must be a number, as in redis://HOST:PORT/2 (got ${JSON.stringify(path.slice(0, 40))})`);
  const port = parsed.port === '' ? 6379 : Number(parsed.port);
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part);
    } catch {
      throw new QueueError(`${redactUrl(url)}: a user name or password with a stray % (percent-encode it as %25)`);
    }
  };
  return {
    url,
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port,
    db: Number(path || 0),
    tls: parsed.protocol === 'rediss:',
    ...(parsed.username ? { username: decode(parsed.username) } : {}),
    ...(parsed.password ? { password: decode(parsed.password) } : {}),
  };
}

/** The URL with a password set (from a password file rather than the command line). */
export function withPassword(url: string, password: string): string {
  const parsed = new URL(url);
  parsed.password = encodeURIComponent(password);
  return parsed.toString().replace(/\/$/, '');
}

/** Whether Redis is on this machine: only then may a run go unsigned (see docs/distributed.md). */
export function isLoopback(url: QueueUrl): boolean {
  return url.host === 'localhost' || url.host === '::1' || /^127(\.\d{1,3}){3}$/.test(url.host);
}

/** ioredis's options for the URL, as every connection of the kit makes them. */
export function redisOptions(url: QueueUrl): RedisOptions {
  return {
    host: url.host,
    port: url.port,
    db: url.db,
    ...(url.username !== undefined ? { username: url.username } : {}),
    ...(url.password !== undefined ? { password: url.password } : {}),
    // rediss: the server's certificate is checked against the system's CAs (NODE_EXTRA_CA_CERTS adds one).
    ...(url.tls ? { tls: { servername: url.host } } : {}),
  };
}

/** BullMQ's connection: commands wait through an outage (a worker rides out a Redis restart). */
export function connectionFor(url: QueueUrl): ConnectionOptions {
  return { ...redisOptions(url), maxRetriesPerRequest: null } as ConnectionOptions;
}

/** What the probe learnt of the server. */
export interface RedisInfo {
  /** The server's `redis_version`, as INFO reports it. */
  version: string;
  /** The server's `maxmemory-policy`; a queue needs `noeviction` (an evicted job is lost). */
  evictionPolicy: string;
}

// Lua's LPOS (6.0.6) and BullMQ's scripts: 6.2 is the oldest Redis the queue is tested against.
const MIN_VERSION = [6, 2];

/**
 * Fails fast, as one line, when Redis cannot be used: unreachable, a database it does not have, a
 * version too old, or (with `requireNoEviction`) a memory policy that may evict the queue's keys.
 * BullMQ's own connections retry for ever, which is right for a worker riding out a restart but not
 * for a command typed at a prompt.
 */
export async function probeRedis(url: QueueUrl, options: { requireNoEviction: boolean; timeoutMs?: number }): Promise<RedisInfo> {
  const where = redactUrl(url.url);
  const client = new Redis({
    ...redisOptions(url),
    db: 0,
    lazyConnect: true,
    connectTimeout: options.timeoutMs ?? 5000,
    // A frozen Redis (SIGSTOP, a hung host) accepts the connection and never answers: without a
    // command timeout the probe, and so every command typed at a prompt, would wait silently.
    commandTimeout: options.timeoutMs ?? 5000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  let lastError: Error | undefined;
  client.on('error', (error: Error) => (lastError = error));
  try {
    const timeoutMs = options.timeoutMs ?? 5000;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        (async () => {
          await client.connect();
          await client.ping();
        })(),
        new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('Command timed out')), timeoutMs))),
      ]);
    } catch (error) {
      const timedOut = /Command timed out/.test(`${(error as Error).message} ${lastError?.message ?? ''}`);
      const reason = timedOut
        ? `it accepted the connection but did not answer within ${Math.round(timeoutMs / 1000)} s (stopped or overloaded?)`
        : (lastError ?? (error as Error)).message || String(error);
      throw new QueueError(`cannot reach Redis at ${where}: ${reason}`);
    } finally {
      clearTimeout(timer);
    }
    if (url.db !== 0) {
      try {
        await client.select(url.db);
      } catch {
        const databases = await client.config('GET', 'databases').then(
          (reply) => Number((reply as string[])[1]),
          () => Number.NaN,
        );
        const has = Number.isInteger(databases) ? `: it has ${databases} (0 to ${databases - 1})` : '';
        throw new QueueError(`Redis at ${where} has no database ${url.db}${has}`);
      }
    }
    const info = await client.info();
    const field = (name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(info)?.[1]?.trim() ?? '';
    const version = field('redis_version') || field('valkey_version');
    const [major = 0, minor = 0] = version.split('.').map(Number);
    if (major < MIN_VERSION[0]! || (major === MIN_VERSION[0] && minor < MIN_VERSION[1]!)) {
      throw new QueueError(`Redis at ${where} is version ${version || 'unknown'}; the queue needs ${MIN_VERSION.join('.')} or later`);
    }
    const evictionPolicy = field('maxmemory_policy') || 'noeviction';
    if (options.requireNoEviction && evictionPolicy !== 'noeviction') {
      throw new QueueError(
        `${evictionMessage(where, evictionPolicy)}: set maxmemory-policy noeviction (redis-cli CONFIG SET maxmemory-policy noeviction, and in redis.conf)`,
      );
    }
    return { version, evictionPolicy };
  } finally {
    client.disconnect();
  }
}

export function evictionMessage(where: string, policy: string): string {
  return `Redis at ${where} may evict keys when full (maxmemory-policy ${policy}), which loses queued jobs and results`;
}

/**
 * Redis refused a write because it is full (`maxmemory` reached under `noeviction`): the OOM reply,
 * alone or inside a transaction's EXECABORT (ioredis keeps the commands' own errors beside it).
 */
export function isOutOfMemory(error: unknown): boolean {
  const errors = [error, ...((error as { previousErrors?: unknown[] })?.previousErrors ?? [])];
  return errors.some((one) => /^OOM |maxmemory/.test((one as Error)?.message ?? ''));
}

export function outOfMemoryMessage(where: string): string {
  return `Redis at ${where} is out of memory (used memory is past its maxmemory setting): raise maxmemory (CONFIG SET maxmemory ...) or remove old runs (kit queue prune)`;
}
