// @kit/core/node: the Node half of the runner (worker_threads). Browsers never load this file.
import { availableParallelism } from 'node:os';
import type { ResourceLimits, Worker } from 'node:worker_threads';
import { workerThreads } from './lazy-builtins.js';
import { builtFileUrl } from './built-file.js';
import { runSolver, type RunRequest } from './run-solver.js';
import type { DoneEvent } from './events.js';
import type { HostMessage, WorkerMessage, WorkerPort } from './protocol.js';
import type { RefereePort } from './play/referee-protocol.js';
import type { WorkerKind, WorkerPorts, WorkerSupply } from './worker-supply.js';

export { readInputFile } from './read-input.js';
export type { ReadInputOptions } from './read-input.js';
export { makeDirectory } from './make-directory.js';
export { isInside } from './path-inside.js';
export type { MakeDirectoryOptions } from './make-directory.js';

const WORKER_URL = builtFileUrl('node-worker.js', import.meta.url);
const REFEREE_WORKER_URL = builtFileUrl('play/referee-node-worker.js', import.meta.url);

/**
 * A solver worker thread. `resourceLimits` caps its heap (a search from another machine that would
 * exhaust memory ends the thread, which is reported, not the process).
 */
export function createNodeWorker(options: { resourceLimits?: ResourceLimits } = {}): WorkerPort {
  return portOf(new (workerThreads().Worker)(WORKER_URL, options.resourceLimits ? { resourceLimits: options.resourceLimits } : {}));
}

/**
 * A referee worker thread (play mode): it keeps each game it is sent, so a move costs one move's
 * work (see RefereeClient). It loads the plugin's referee, never a solver worker's code.
 */
export function createRefereeWorker(): RefereePort {
  return portOf(new (workerThreads().Worker)(REFEREE_WORKER_URL), 'referee');
}

function portOf<Out = HostMessage, In = WorkerMessage>(worker: Worker, kind: 'solver' | 'referee' = 'solver'): WorkerPort<Out, In> {
  let crashed: ((error: Error) => void) | undefined;
  let terminated = false;
  worker.on('error', (error) => crashed?.(error));
  worker.on('exit', (code) => {
    if (!terminated) crashed?.(new Error(`${kind} worker stopped unexpectedly (exit code ${code})`));
  });
  return {
    post: (message: Out) => worker.postMessage(message),
    onMessage: (handler: (message: In) => void) => worker.on('message', handler),
    onCrash: (handler) => {
      crashed = handler;
    },
    terminate: () => {
      terminated = true;
      void worker.terminate();
    },
  };
}

/**
 * The Node host's supply of workers (worker_threads), one a process: the CLI's and a queue worker's
 * runs, makers and referees take theirs from it. A host that knows it will solve (the CLI on `kit
 * run`) has it start solver workers first thing, so their start-up (a fresh V8 isolate, loading
 * @kit/core) overlaps its own. Idle workers do not keep the process alive.
 */
export interface NodeWorkerSupply extends WorkerSupply {
  /** A worker of this kind (a solver when no kind is named): an idle one started ahead, or a new one. */
  take<K extends WorkerKind = 'solver'>(kind?: K): WorkerPorts[K];
  /** Has the idle workers import a plugin module and its solver now, before they are taken. */
  preload(moduleUrl: string): void;
  /** Terminates the workers not taken. */
  close(): void;
}

/** What a Node supply starts ahead, and how it bounds a worker. */
export interface NodeWorkerOptions {
  /** Solver workers to start now, to hand out later (default 0). */
  prestart?: number;
  /**
   * Caps each solver worker's heap: a search from another machine that would exhaust memory ends
   * the thread, which is reported, not the process (a queue worker's --heap-mb).
   */
  resourceLimits?: ResourceLimits;
}

/** A supply of worker threads: solver workers started now (`prestart`), every other one when taken. */
export function nodeWorkers(options: NodeWorkerOptions = {}): NodeWorkerSupply {
  const { resourceLimits } = options;
  const limits = resourceLimits ? { resourceLimits } : {};
  const idle = Array.from({ length: Math.max(0, options.prestart ?? 0) }, () => {
    const worker = new (workerThreads().Worker)(WORKER_URL, limits);
    const entry = { worker, failed: false };
    // A worker that dies while idle is not handed out: a fresh one reports its own failure.
    worker.once('error', () => (entry.failed = true));
    worker.once('exit', () => (entry.failed = true));
    worker.unref();
    return entry;
  });
  const solver = (): WorkerPort => {
    const entry = idle.shift();
    if (!entry || entry.failed) return createNodeWorker(limits);
    entry.worker.ref();
    return portOf(entry.worker);
  };
  const started = { solver, maker: () => createNodeWorker(limits), referee: createRefereeWorker };
  return {
    size: idle.length,
    take: <K extends WorkerKind = 'solver'>(kind?: K) => started[kind ?? 'solver']() as WorkerPorts[K],
    preload(moduleUrl) {
      for (const { worker } of idle) worker.postMessage({ type: 'preload', moduleUrl } satisfies HostMessage);
    },
    close() {
      for (const { worker } of idle.splice(0)) void worker.terminate();
    },
  };
}

/**
 * The supply of `kit run` before there were supplies: solver workers started ahead.
 * @deprecated Use NodeWorkerSupply.
 */
export type WorkerPool = NodeWorkerSupply;

/**
 * Starts `size` solver workers now, to hand out later.
 * @deprecated Use `nodeWorkers({ prestart: size })`.
 */
export function startWorkerPool(size: number): WorkerPool {
  return nodeWorkers({ prestart: size });
}

/** Runs a plugin's solver in worker threads (see `runSolver`), taking prestarted ones from a supply. */
export function runInWorkers(request: RunRequest, workers: WorkerSupply = nodeWorkers()): Promise<DoneEvent> {
  return runSolver(request, workers);
}

/** The threads a run uses when not told: the parallelism Node reports for this machine. */
export function defaultThreads(): number {
  return availableParallelism();
}
