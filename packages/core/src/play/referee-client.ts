// The host's end of the referee: one worker that judges positions as the player moves. A search
// cannot be interrupted inside a worker, so a newer question (the next move) or an abort ends the
// worker that is still busy and the next question starts a fresh one; a worker that answered is
// kept, with the plugin and its solver already loaded.
import { deserializeError } from '../errors.js';
import { AbortedError } from '../aborted.js';
import type { PlayMove } from './spec.js';
import type { RefereeAsk, RefereeReport } from './referee.js';
import type { WorkerMessage, WorkerPort } from '../protocol.js';

export interface RefereeClientOptions {
  moduleUrl: string;
  pluginId: string;
  /** A new worker (the page's pool hands out ones that have the plugin loaded already). */
  createWorker: () => WorkerPort;
}

export interface JudgeRequest {
  instance: unknown;
  /** The seed the game's setup was made with. */
  seed: number;
  /** The moves played (the history up to its cursor). */
  moves: readonly PlayMove[];
  ask: RefereeAsk;
}

interface Pending {
  id: number;
  resolve(report: RefereeReport): void;
  reject(error: Error): void;
  signal: AbortSignal | undefined;
  onAbort(): void;
}

export class RefereeClient {
  readonly #options: RefereeClientOptions;
  #worker: WorkerPort | undefined;
  #pending: Pending | undefined;
  #nextId = 1;

  constructor(options: RefereeClientOptions) {
    this.#options = options;
  }

  /** Starts the worker and has it load the plugin and its solver, so the first answer comes fast. */
  warm(): void {
    if (this.#worker) return;
    this.#worker = this.#start();
    this.#worker.post({ type: 'preload', moduleUrl: this.#options.moduleUrl });
  }

  /**
   * Judges a position. A question still being answered is cancelled first (its promise rejects
   * with AbortedError), and so is this one when `signal` aborts.
   */
  judge(request: JudgeRequest, signal?: AbortSignal): Promise<RefereeReport> {
    this.#cancel();
    if (signal?.aborted) return Promise.reject(new AbortedError());
    return new Promise<RefereeReport>((resolve, reject) => {
      const id = this.#nextId++;
      const pending: Pending = {
        id,
        resolve,
        reject,
        signal,
        onAbort: () => {
          if (this.#pending === pending) this.#cancel();
        },
      };
      this.#pending = pending;
      signal?.addEventListener('abort', pending.onAbort, { once: true });
      this.#worker ??= this.#start();
      this.#worker.post({
        type: 'judge',
        id,
        moduleUrl: this.#options.moduleUrl,
        pluginId: this.#options.pluginId,
        instance: request.instance,
        seed: request.seed,
        moves: [...request.moves],
        ask: request.ask,
      });
    });
  }

  /** True while a question is being answered. */
  get busy(): boolean {
    return this.#pending !== undefined;
  }

  close(): void {
    this.#cancel();
    this.#worker?.terminate();
    this.#worker = undefined;
  }

  #settle(pending: Pending): void {
    pending.signal?.removeEventListener('abort', pending.onAbort);
    if (this.#pending === pending) this.#pending = undefined;
  }

  #cancel(): void {
    const pending = this.#pending;
    if (!pending) return;
    this.#settle(pending);
    // The worker is inside a search: ending it is the only way to stop it.
    this.#worker?.terminate();
    this.#worker = undefined;
    pending.reject(new AbortedError());
  }

  #start(): WorkerPort {
    const worker = this.#options.createWorker();
    worker.onMessage((message: WorkerMessage) => {
      const pending = this.#pending;
      if (!pending || this.#worker !== worker) return;
      if (message.type === 'judged' && message.id === pending.id) {
        this.#settle(pending);
        pending.resolve(message.report);
      } else if (message.type === 'error') {
        this.#settle(pending);
        pending.reject(deserializeError(message.error));
      }
    });
    worker.onCrash((error) => {
      if (this.#worker !== worker) return;
      this.#worker = undefined;
      const pending = this.#pending;
      if (pending) {
        this.#settle(pending);
        pending.reject(error);
      }
    });
    return worker;
  }
}
