import type { HostMessage, WorkerMessage, WorkerPort } from '@kit/core/host';

// The worker bundle sits next to this app bundle; it loads whichever plugin the host names.
const WORKER_URL = new URL('./worker.js', import.meta.url);

/** A new solver Web Worker (it starts loading at once). */
export function startWebWorker(): Worker {
  return new Worker(WORKER_URL, { type: 'module', name: 'kit-solver' });
}

/** A browser Web Worker as core's WorkerPort, for `runSolver`. */
export function webWorkerPort(worker: Worker): WorkerPort {
  let crashed: ((error: Error) => void) | undefined;
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    crashed?.(new Error(event.message || 'the solver worker failed to start'));
  });
  worker.addEventListener('messageerror', () => crashed?.(new Error('a message from the solver worker could not be read')));
  return {
    post: (message: HostMessage) => worker.postMessage(message),
    onMessage: (handler: (message: WorkerMessage) => void) =>
      worker.addEventListener('message', (event: MessageEvent<WorkerMessage>) => handler(event.data)),
    onCrash: (handler) => {
      crashed = handler;
    },
    terminate: () => worker.terminate(),
  };
}

export function createWebWorker(): WorkerPort {
  return webWorkerPort(startWebWorker());
}
