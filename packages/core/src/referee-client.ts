// The host's end of the referee: one worker that judges positions as the player moves. A search
// cannot be interrupted inside a worker, so a newer question (the next move) or an abort ends the
// worker that is still busy and the next question starts a fresh one; a worker that answered is
// kept, with the plugin and its solver already loaded.
import { deserializeError } from './errors.js';
import { AbortedError } from './run-solver.js';
import type { PlayMove } from './play.js';
import type { RefereeAsk, RefereeReport } from './play-referee.js';
import type { WorkerMessage, WorkerPort } from './protocol.js';

/** The plugin a {@link RefereeClient} judges with, and how it makes its worker. */
export interface RefereeClientOptions {
  /** The module that exports the plugin; the worker imports it. */
  moduleUrl: string;
  /** The plugin's id in that module. */
  pluginId: string;
  /** A new worker (the page's pool hands out ones that have the plugin loaded already). */
  createWorker: () => WorkerPort;
}

/** One question for the referee: a game's position and what to find out about it. */
export interface JudgeRequest {
  /** The parsed instance the game is played on. */
  instance: unknown;
  /** The seed the game's setup was made with. */
  seed: number;
  /** The moves played (the history up to its cursor). */
  moves: readonly PlayMove[];
  /** What to find besides the count: the mistake, a hint, another cap. */
  ask: RefereeAsk;
}

interface Pending {
  id: number;
  resolve(report: RefereeReport): void;
  reject(error: Error): void;
  signal: AbortSignal | undefined;
  onAbort(): void;
}

/**
 * Play mode's referee off the main thread: one worker that loads the plugin's solver and answers one
 * question at a time (a new one cancels the last).
 */
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

  /** Cancels the question being answered and ends the worker. */
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
