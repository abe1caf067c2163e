import { Redis } from 'ioredis';
import type { ConnectionOptions } from 'bullmq';

/** Where every kit run lives: keys `kit:runs:*`, one queue for all plugins. */
export const PREFIX = 'kit';
export const QUEUE = 'runs';

/** A failure the user can fix (Redis unreachable, an unknown run id): one line, exit 2. */
export class QueueError extends Error {
  override readonly name = 'QueueError';
}

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

export function checkUrl(url: string): void {
  let protocol: string | undefined;
  try {
    protocol = new URL(url).protocol;
  } catch {
    protocol = undefined;
  }
  if (protocol !== 'redis:' && protocol !== 'rediss:') {
    throw new QueueError(`--queue must be a Redis URL, redis://HOST:PORT or rediss://[:PASSWORD@]HOST:PORT (got ${JSON.stringify(url)})`);
  }
}

/** BullMQ's connection: ioredis reads host, port, password, database and `rediss:` (TLS) from the URL. */
export function connectionFor(url: string): ConnectionOptions {
  return { url, maxRetriesPerRequest: null } as ConnectionOptions;
}

/**
 * Fails fast, as one line, when Redis cannot be reached: BullMQ's own connections retry for ever,
 * which is right for a worker riding out a restart but not for a command typed at a prompt.
 */
export async function probeRedis(url: string, timeoutMs = 5000): Promise<void> {
  checkUrl(url);
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  let lastError: Error | undefined;
  client.on('error', (error: Error) => (lastError = error));
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    const reason = (lastError ?? (error as Error)).message || String(error);
    throw new QueueError(`cannot reach Redis at ${redactUrl(url)}: ${reason}`);
  } finally {
    client.disconnect();
  }
}
