import type { HostMessage, WorkerMessage, WorkerPort } from '@kit/core/host';
import type { RefereePort } from '@kit/core/play';

// The worker bundles sit next to this app bundle; each loads whichever plugin the host names.
const WORKER_URL = new URL('./worker.js', import.meta.url);
const REFEREE_WORKER_URL = new URL('./referee-worker.js', import.meta.url);

/** A new solver Web Worker (it starts loading at once). */
export function startWebWorker(): Worker {
  return new Worker(WORKER_URL, { type: 'module', name: 'kit-solver' });
}

/** A new referee Web Worker for the Play tab, as core's RefereePort. */
export function createRefereeWebWorker(): RefereePort {
  return webWorkerPort(new Worker(REFEREE_WORKER_URL, { type: 'module', name: 'kit-referee' }));
}

/** A browser Web Worker as core's WorkerPort: a solver's for `runSolver`, or a referee's. */
export function webWorkerPort<Out = HostMessage, In = WorkerMessage>(worker: Worker): WorkerPort<Out, In> {
  let crashed: ((error: Error) => void) | undefined;
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    crashed?.(new Error(event.message || 'the solver worker failed to start'));
  });
  worker.addEventListener('messageerror', () => crashed?.(new Error('a message from the solver worker could not be read')));
  return {
    post: (message: Out) => worker.postMessage(message),
    onMessage: (handler: (message: In) => void) => worker.addEventListener('message', (event: MessageEvent<In>) => handler(event.data)),
    onCrash: (handler) => {
      crashed = handler;
    },
    terminate: () => worker.terminate(),
  };
}

export function createWebWorker(): WorkerPort {
  return webWorkerPort(startWebWorker());
}
