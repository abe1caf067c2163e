// The host's end of a puzzle maker: one worker that generates or grades puzzles, one at a time. A
// generator cannot be interrupted inside a worker, so an abort ends the worker and the next request
// starts a fresh one; a worker that answered is kept, with the plugin and its solver loaded.
import { deserializeError } from './errors.js';
import type { GeneratedPuzzle, GenerateRequest, Grade } from './generate.js';
import type { WorkerMessage, WorkerPort } from './protocol.js';
import { AbortedError } from './aborted.js';
import { oneSource, workerTaker, type WorkerSupply } from './worker-supply.js';

/** Which plugin a MakerClient's worker loads, and how a worker is made. */
export interface MakerClientOptions {
  /** The module that exports the plugin (a worker imports it). */
  moduleUrl: string;
  /** The plugin's id, which the module must declare. */
  pluginId: string;
  /** The host's supply of workers: the client takes a `maker` worker from it (one at a time). */
  workers?: WorkerSupply;
  /** A new worker, for a host without a supply; give this or `workers`. */
  createWorker?: () => WorkerPort;
}

/** One request's controls. */
export interface MakeOptions {
  /** Aborting it ends the worker (a generator cannot be interrupted inside) and rejects with AbortedError. */
  signal?: AbortSignal;
  /** Candidates tried so far, now and then while a generator works. */
  onProgress?(tries: number): void;
}

interface Pending {
  id: number;
  answer(message: WorkerMessage): boolean;
  reject(error: Error): void;
  options: MakeOptions;
  onAbort(): void;
}

/**
 * Generates and grades puzzles in a worker of its own, one request at a time (later ones wait their
 * turn). An aborted request ends the worker; the next request starts a fresh one.
 */
export class MakerClient {
  readonly #options: MakerClientOptions;
  #closed = false;
  #worker: WorkerPort | undefined;
  #pending: Pending | undefined;
  /** Requests wait their turn: one worker makes one puzzle at a time. */
  #turn: Promise<unknown> = Promise.resolve();
  #nextId = 1;

  readonly #take: () => WorkerPort;

  constructor(options: MakerClientOptions) {
    this.#options = options;
    this.#take = workerTaker(oneSource<'maker'>(options.workers, options.createWorker), 'maker');
  }

  /** Starts the worker and has it load the plugin and its solver, so the first answer comes fast. */
  warm(): void {
    if (this.#worker || this.#closed) return;
    this.#worker = this.#start();
    this.#worker.post({ type: 'preload', moduleUrl: this.#options.moduleUrl });
  }

  /** Makes one puzzle with the plugin's generator. */
  generate(request: GenerateRequest, options: MakeOptions = {}): Promise<GeneratedPuzzle> {
    return this.#ask<GeneratedPuzzle>(
      options,
      (id) => ({ type: 'generate', id, ...this.#plugin(), request }),
      (message, id) => (message.type === 'generated' && message.id === id ? { value: message.puzzle } : undefined),
    );
  }

  /** Grades a parsed puzzle with the plugin's grader. */
  grade(instance: unknown, options: MakeOptions = {}): Promise<Grade> {
    return this.#ask<Grade>(
      options,
      (id) => ({ type: 'grade', id, ...this.#plugin(), instance }),
      (message, id) => (message.type === 'graded' && message.id === id ? { value: message.grade } : undefined),
    );
  }

  /** Ends the worker: a request at work and any later one reject with AbortedError. */
  close(): void {
    this.#closed = true;
    this.#cancel(new AbortedError());
    this.#worker?.terminate();
    this.#worker = undefined;
  }

  #plugin() {
    return { moduleUrl: this.#options.moduleUrl, pluginId: this.#options.pluginId };
  }

  #ask<T>(
    options: MakeOptions,
    message: (id: number) => Parameters<WorkerPort['post']>[0],
    read: (message: WorkerMessage, id: number) => { value: T } | undefined,
  ): Promise<T> {
    const run = () =>
      new Promise<T>((resolve, reject) => {
        if (options.signal?.aborted || this.#closed) return reject(new AbortedError());
        const id = this.#nextId++;
        const pending: Pending = {
          id,
          options,
          reject,
          answer: (reply) => {
            const answer = read(reply, id);
            if (answer) resolve(answer.value);
            return answer !== undefined;
          },
          onAbort: () => {
            if (this.#pending === pending) this.#cancel(new AbortedError());
          },
        };
        this.#pending = pending;
        options.signal?.addEventListener('abort', pending.onAbort, { once: true });
        this.#worker ??= this.#start();
        this.#worker.post(message(id));
      });
    const turn = this.#turn.then(run, run);
    this.#turn = turn.catch(() => undefined);
    return turn;
  }

  #settle(pending: Pending): void {
    pending.options.signal?.removeEventListener('abort', pending.onAbort);
    if (this.#pending === pending) this.#pending = undefined;
  }

  #cancel(error: Error): void {
    const pending = this.#pending;
    if (!pending) return;
    this.#settle(pending);
    // The worker is inside a generator: ending it is the only way to stop it.
    this.#worker?.terminate();
    this.#worker = undefined;
    pending.reject(error);
  }

  #start(): WorkerPort {
    const worker = this.#take();
    worker.onMessage((message: WorkerMessage) => {
      const pending = this.#pending;
      if (!pending || this.#worker !== worker) return;
      if (message.type === 'generating' && message.id === pending.id) {
        pending.options.onProgress?.(message.tries);
      } else if (message.type === 'error') {
        this.#settle(pending);
        pending.reject(deserializeError(message.error));
      } else if (pending.answer(message)) {
        this.#settle(pending);
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
