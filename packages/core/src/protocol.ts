import type { JsonValue, Summary } from './events.js';
import type { SerializedError } from './errors.js';
import type { ContextSettings } from './context.js';
import type { SearchSource } from './search-source.js';
import type { GeneratedPuzzle, GenerateRequest, Grade } from './generate.js';

/**
 * Solutions a host keeps, for a worker to send whole: as many as fit `bytes` (by the first
 * solution's JSON size), at most `most`. See `solutionsToKeep`.
 */
export interface KeepPolicy {
  /** Memory for kept solutions, as their JSON would take. */
  bytes: number;
  /** Solutions kept at most, however small. */
  most: number;
}

/** Tasks one `tasks` message may name at most: a host sends a longer list in several. */
export const MAX_TASKS_PER_EXCHANGE = 1024;

/**
 * Messages between a host and a solver worker. Everything here must survive structured cloning. A
 * referee worker speaks its own messages (play/referee-protocol.ts).
 */
export type HostMessage =
  | {
      type: 'load';
      moduleUrl: string;
      pluginId: string;
      /** The parsed instance, or (for a search from another machine) its `source`, parsed in the worker. */
      instance?: unknown;
      source?: SearchSource;
      /** >1 asks the solver to split its search; the worker answers `split` or runs it whole. */
      threads: number;
      /** Tasks of the split cut deeper (see cuts.ts), given by whoever planned them; checked here. */
      cuts?: number[][];
      /** Plan the cuts here, up to `maxTasks` tasks: the `split` reply carries them. */
      plan?: { maxTasks: number; minEstimate: number };
      /** The lead runs the search whole when it does not split; a helper only ever runs tasks. */
      role: 'lead' | 'helper';
      settings: Omit<ContextSettings, 'signal'>;
      /** What the host keeps of the solutions: beyond that, per task, they are only counted. */
      keep?: KeepPolicy;
    }
  /** Import a plugin module and its solver ahead of `load`, while the host is still parsing. */
  | { type: 'preload'; moduleUrl: string }
  | { type: 'task'; task: number }
  /**
   * Several tasks of the split, run one after another in this order: their solutions come as a
   * `task`'s do, their summaries together in one `tasks-done`. A queue job's tasks take one exchange
   * with the thread, not one each. 1 to MAX_TASKS_PER_EXCHANGE distinct tasks, checked by the worker.
   */
  | { type: 'tasks'; tasks: number[] }
  | { type: 'merge'; summaries: Summary[] }
  /** Make a puzzle with the solver's `generate` (see maker-client.ts). */
  | { type: 'generate'; id: number; moduleUrl: string; pluginId: string; request: GenerateRequest }
  /** Grade a parsed puzzle with the solver's `grade`. */
  | { type: 'grade'; id: number; moduleUrl: string; pluginId: string; instance: unknown };

/** Messages from a solver worker to its host; structured-cloneable like {@link HostMessage}. */
export type WorkerMessage =
  | { type: 'split'; tasks: number; cuts?: number[][] }
  | { type: 'solution'; solution: unknown; task?: number }
  /** Solutions in the order found, posted together (see solution-batch.ts); same meaning as one `solution` each. */
  | { type: 'solutions'; solutions: unknown[]; task?: number }
  /** Solutions found beyond those the host keeps (its `keep`): counted, not sent; they follow the task's `solutions`. */
  | { type: 'counted'; count: number; task?: number }
  /** A `preload` has finished (or failed: the `load` that follows reports why). Hosts may ignore it. */
  | { type: 'preloaded'; moduleUrl: string }
  | { type: 'progress'; state: unknown; counters: Record<string, number>; task?: number }
  | { type: 'step'; state: unknown; data?: Record<string, JsonValue> }
  | { type: 'done'; summary: Summary }
  | { type: 'task-done'; task: number; summary: Summary }
  /** The summaries of a `tasks` message's tasks, in its order. */
  | { type: 'tasks-done'; summaries: Summary[] }
  | { type: 'generated'; id: number; puzzle: GeneratedPuzzle }
  | { type: 'graded'; id: number; grade: Grade }
  /** A `generate` at work: candidates tried so far. */
  | { type: 'generating'; id: number; tries: number }
  | { type: 'error'; error: SerializedError };

/**
 * The host's end of a worker, whatever the platform (worker_threads, Web Workers): a solver worker's
 * by default, a referee worker's with its own messages.
 */
export interface WorkerPort<Out = HostMessage, In = WorkerMessage> {
  /** Sends the worker a message. */
  post(message: Out): void;
  /** Listens to the worker's messages. */
  onMessage(handler: (message: In) => void): void;
  /** The worker died without sending an error message (a crash, a failed import of the worker). */
  onCrash(handler: (error: Error) => void): void;
  /** Stops the worker. */
  terminate(): void;
}

/** The worker's end: what it sends and what it hears. */
export interface WorkerSide<Out = WorkerMessage, In = HostMessage> {
  post(message: Out): void;
  onMessage(handler: (message: In) => void): void;
}
