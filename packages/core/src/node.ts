// @kit/core/node: the Node half of the runner (worker_threads). Browsers never load this file.
import { availableParallelism } from 'node:os';
import type { ResourceLimits, Worker } from 'node:worker_threads';
import { workerThreads } from './lazy-builtins.js';
import { builtFileUrl } from './built-file.js';
import { runSolver, type RunRequest } from './run-solver.js';
import type { DoneEvent } from './events.js';
import type { HostMessage, WorkerMessage, WorkerPort } from './protocol.js';
import type { RefereePort } from './play/referee-protocol.js';

export { readInputFile } from './read-input.js';
export type { ReadInputOptions } from './read-input.js';
export { makeDirectory } from './make-directory.js';
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
 * Workers started ahead of need: a host that knows it will solve (the CLI on `kit run`) starts them
 * first thing, so their start-up (a fresh V8 isolate, loading @kit/core) overlaps its own. Idle
 * workers do not keep the process alive.
 */
export interface WorkerPool {
  /** An idle worker, or a new one when none is left (or the idle one died). */
  take(): WorkerPort;
  /** Has the idle workers import a plugin module and its solver now, before they are taken. */
  preload(moduleUrl: string): void;
  /** Terminates the workers not taken. */
  close(): void;
}

/** Starts `size` solver workers now, to hand out later. */
export function startWorkerPool(size: number): WorkerPool {
  const idle = Array.from({ length: Math.max(0, size) }, () => {
    const worker = new (workerThreads().Worker)(WORKER_URL);
    const entry = { worker, failed: false };
    // A worker that dies while idle is not handed out: a fresh one reports its own failure.
    worker.once('error', () => (entry.failed = true));
    worker.once('exit', () => (entry.failed = true));
    worker.unref();
    return entry;
  });
  return {
    take() {
      const entry = idle.shift();
      if (!entry || entry.failed) return createNodeWorker();
      entry.worker.ref();
      return portOf(entry.worker);
    },
    preload(moduleUrl) {
      for (const { worker } of idle) worker.postMessage({ type: 'preload', moduleUrl } satisfies HostMessage);
    },
    close() {
      for (const { worker } of idle.splice(0)) void worker.terminate();
    },
  };
}

/** Runs a plugin's solver in worker threads (see `runSolver`), taking prestarted ones from a pool. */
export function runInWorkers(request: RunRequest, pool?: WorkerPool): Promise<DoneEvent> {
  return runSolver(request, pool ? () => pool.take() : createNodeWorker);
}

/** The threads a run uses when not told: the parallelism Node reports for this machine. */
export function defaultThreads(): number {
  return availableParallelism();
}
