// @kit/core/node: the Node half of the runner (worker_threads). Browsers never load this file.
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { runSolver, type RunRequest } from './host.js';
import type { DoneEvent } from './events.js';
import type { HostMessage, WorkerMessage, WorkerPort } from './protocol.js';

// Resolves to dist/ both from dist/node.js and from src/node.ts, so tests that import the source
// still start the built worker (workers cannot load TypeScript).
const WORKER_URL = new URL('../dist/node-worker.js', import.meta.url);

export function createNodeWorker(): WorkerPort {
  const worker = new Worker(WORKER_URL);
  let crashed: ((error: Error) => void) | undefined;
  let terminated = false;
  worker.on('error', (error) => crashed?.(error));
  worker.on('exit', (code) => {
    if (!terminated) crashed?.(new Error(`solver worker stopped unexpectedly (exit code ${code})`));
  });
  return {
    post: (message: HostMessage) => worker.postMessage(message),
    onMessage: (handler: (message: WorkerMessage) => void) => worker.on('message', handler),
    onCrash: (handler) => {
      crashed = handler;
    },
    terminate: () => {
      terminated = true;
      void worker.terminate();
    },
  };
}

/** Runs a plugin's solver in worker threads (see `runSolver`). */
export function runInWorkers(request: RunRequest): Promise<DoneEvent> {
  return runSolver(request, createNodeWorker);
}

export function defaultThreads(): number {
  return availableParallelism();
}

export function moduleUrlOf(path: string): string {
  return pathToFileURL(path).href;
}
