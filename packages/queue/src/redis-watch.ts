import type { EventEmitter } from 'node:events';
import { isOutOfMemory, outOfMemoryMessage } from './connection.js';

/**
 * Every Redis connection of a process reports here: an outage is one line when it starts and one
 * when it ends, never a stack (ioredis and BullMQ would print one per connection and per retry).
 * Three kinds: the connection lost, Redis silent on a live connection (frozen, overloaded), and
 * Redis refusing writes at its maxmemory (it still answers reads and pings).
 */
export class RedisWatch {
  #down: { kind: 'lost' | 'unanswered' | 'full'; since: number } | undefined;
  #ever = false;
  #quiet = false;
  readonly #said = new Map<string, number>();

  constructor(
    private readonly where: string,
    private readonly log: (line: string) => void,
  ) {}

  /** Redis answers and takes writes. */
  get connected(): boolean {
    return this.#down === undefined && this.#ever;
  }

  /** How long Redis has been lost or silent, in ms (0 when it answers, full or not). */
  outageMs(): number {
    return this.#down === undefined || this.#down.kind === 'full' ? 0 : Date.now() - this.#down.since;
  }

  /** An ioredis client: its errors are outages, its 'ready' the end of one. */
  attach(client: EventEmitter): void {
    client.on('error', (error: Error) => this.failed(error));
    client.on('ready', () => this.answered());
  }

  /** A BullMQ object (Queue, Worker, FlowProducer): an 'error' with no listener would throw. */
  attachEmitter(emitter: EventEmitter): void {
    emitter.on('error', (error: Error) => this.failed(error));
  }

  failed(error: Error): void {
    if (this.#quiet) return;
    if (isOutOfMemory(error)) {
      // Every write is refused (a script's OOM, a transaction's EXECABORT): said once, until one succeeds.
      if (this.#down !== undefined) return;
      this.#down = { kind: 'full', since: Date.now() };
      this.log(`${outOfMemoryMessage(this.where)}; waiting`);
      return;
    }
    if (!isConnectionError(error)) {
      // Not an outage (a script's error, say): said once a minute at most.
      const message = error.message || String(error);
      const now = Date.now();
      if (this.#said.get(message) === undefined || now - this.#said.get(message)! > 60_000) this.log(`Redis at ${this.where}: ${message}`);
      this.#said.set(message, now);
      if (this.#said.size > 100) this.#said.clear();
      return;
    }
    if (this.#down !== undefined && this.#down.kind !== 'full') return;
    this.#down = { kind: 'lost', since: Date.now() };
    this.log(`lost Redis at ${this.where} (${error.message || String(error)}); retrying`);
  }

  /** A command unanswered for long on a live connection: Redis stopped (SIGSTOP) or overloaded. */
  unanswered(seconds: number): void {
    if (this.#down !== undefined || this.#quiet) return;
    this.#down = { kind: 'unanswered', since: Date.now() - seconds * 1000 };
    this.log(`Redis at ${this.where} has not answered for ${seconds} s (stopped or overloaded?); still waiting`);
  }

  /**
   * Pings Redis every second on `client` and says so when a ping is unanswered for `silentMs` (a
   * frozen Redis keeps the connection and answers nothing, which no error reports), and again when
   * it answers. For a process that otherwise waits on Redis without a timeout (a worker). Returns
   * the function that stops it.
   */
  watchdog(client: { ping(): Promise<unknown> }, silentMs = UNANSWERED_MS): () => void {
    let sentAt: number | undefined;
    const timer = setInterval(() => {
      if (sentAt !== undefined) {
        if (Date.now() - sentAt >= silentMs) this.unanswered(Math.round(silentMs / 1000));
        return;
      }
      sentAt = Date.now();
      client.ping().then(
        () => {
          sentAt = undefined;
          this.answered();
        },
        () => (sentAt = undefined),
      );
    }, PING_EVERY_MS);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** The process is closing its connections: what they report from now on is its own doing. */
  quiet(): void {
    this.#quiet = true;
  }

  /** Redis answered (a ping, a reconnection): the end of an outage, not of a full memory. */
  answered(): void {
    if (this.#down?.kind === 'full') return;
    this.ok();
  }

  /** Redis took a command that writes (or, for a reader, answered one): every outage is over. */
  ok(): void {
    if (this.#down !== undefined && !this.#quiet)
      this.log(this.#down.kind === 'full' ? `Redis at ${this.where} takes writes again` : `Redis at ${this.where} is back`);
    this.#down = undefined;
    this.#ever = true;
  }
}

/** How long Redis may leave a command unanswered before a waiting process says so. */
export const UNANSWERED_MS = 5000;
const PING_EVERY_MS = 1000;

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'EAI_AGAIN']);

function isConnectionError(error: Error): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return (
    (code !== undefined && CONNECTION_CODES.has(code)) ||
    /Connection is closed|connect ETIMEDOUT|Stream isn't writeable|LOADING|MASTERDOWN/.test(error.message ?? '')
  );
}
