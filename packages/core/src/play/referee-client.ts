// The host's end of the referee: one worker that keeps the game and judges positions as the player
// moves. The game is opened once; each judgement sends only the moves the worker does not hold. A
// search cannot be interrupted inside a worker, so a newer question (the next move) or an abort
// ends the worker that is still busy and the next question starts a fresh one, which is sent the
// game again; a worker that answered is kept, with the plugin, the game and its prepared problem.
import { AbortedError } from '../aborted.js';
import { deserializeError } from '../errors.js';
import type { RefereeAsk, RefereeReport } from './referee.js';
import type { RefereePort, RefereeReply } from './referee-protocol.js';
import type { PlayMove } from './spec.js';
import { oneSource, workerTaker, type WorkerSupply } from '../worker-supply.js';

/** The plugin a {@link RefereeClient} judges with, and how it makes its worker. */
export interface RefereeClientOptions {
  /** The module that exports the plugin; the worker imports it. */
  moduleUrl: string;
  /** The plugin's id in that module. */
  pluginId: string;
  /** The host's supply of workers: the client takes a `referee` worker from it (the page's has one loaded already). */
  workers?: WorkerSupply;
  /** A new referee worker, for a host without a supply; give this or `workers`. */
  createWorker?: () => RefereePort;
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

/** The game the worker holds: which, with what, and the moves it was last sent. */
interface HeldGame {
  game: number;
  instance: unknown;
  seed: number;
  moves: readonly PlayMove[];
}

const sameMove = (a: PlayMove, b: PlayMove): boolean => {
  if (a === b) return true;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((key) => x[key] === y[key]);
};

/** How many leading moves two lists share. */
function sharedMoves(held: readonly PlayMove[], moves: readonly PlayMove[]): number {
  const most = Math.min(held.length, moves.length);
  let k = 0;
  while (k < most && sameMove(held[k]!, moves[k]!)) k++;
  return k;
}

/**
 * Play mode's referee off the main thread: one worker that keeps the game and answers one question
 * at a time (a new one cancels the last).
 */
export class RefereeClient {
  readonly #options: RefereeClientOptions;
  #worker: RefereePort | undefined;
  #held: HeldGame | undefined;
  #pending: Pending | undefined;
  #nextId = 1;
  #nextGame = 1;
  readonly #take: () => RefereePort;

  constructor(options: RefereeClientOptions) {
    this.#options = options;
    this.#take = workerTaker(oneSource<'referee'>(options.workers, options.createWorker), 'referee');
  }

  /** Starts the worker and has it load the plugin and its referee, so the first answer comes fast. */
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
      const held = this.#hold(this.#worker, request);
      const keep = sharedMoves(held.moves, request.moves);
      this.#worker.post({ type: 'judge', id, game: held.game, keep, moves: request.moves.slice(keep), ask: request.ask });
      held.moves = request.moves;
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
    this.#held = undefined;
  }

  /** The request's game as the worker holds it: opened now when it is another game, or the worker is new. */
  #hold(worker: RefereePort, request: JudgeRequest): HeldGame {
    const held = this.#held;
    if (held && held.instance === request.instance && held.seed === request.seed) return held;
    if (held) worker.post({ type: 'close', game: held.game });
    const game = this.#nextGame++;
    const { moduleUrl, pluginId } = this.#options;
    worker.post({ type: 'open', game, moduleUrl, pluginId, instance: request.instance, seed: request.seed });
    this.#held = { game, instance: request.instance, seed: request.seed, moves: [] };
    return this.#held;
  }

  #settle(pending: Pending): void {
    pending.signal?.removeEventListener('abort', pending.onAbort);
    if (this.#pending === pending) this.#pending = undefined;
  }

  #cancel(): void {
    const pending = this.#pending;
    if (!pending) return;
    this.#settle(pending);
    // The worker is inside a search: ending it is the only way to stop it; the next one starts afresh.
    this.#worker?.terminate();
    this.#worker = undefined;
    this.#held = undefined;
    pending.reject(new AbortedError());
  }

  #start(): RefereePort {
    const worker = this.#take();
    worker.onMessage((message: RefereeReply) => {
      const pending = this.#pending;
      if (this.#worker !== worker) return;
      if (message.type === 'error') {
        // What the worker holds of the game is no longer known: the next judgement opens it again.
        this.#held = undefined;
        if (pending && (message.id === undefined || message.id === pending.id)) {
          this.#settle(pending);
          pending.reject(deserializeError(message.error));
        }
      } else if (message.type === 'judged' && pending && message.id === pending.id) {
        this.#settle(pending);
        pending.resolve(message.report);
      }
    });
    worker.onCrash((error) => {
      if (this.#worker !== worker) return;
      this.#worker = undefined;
      this.#held = undefined;
      const pending = this.#pending;
      if (pending) {
        this.#settle(pending);
        pending.reject(error);
      }
    });
    return worker;
  }
}
