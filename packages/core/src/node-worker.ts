// Entry point of a Node solver worker: wires worker_threads to the shared worker loop.
import { parentPort } from 'node:worker_threads';
import type { HostMessage, WorkerMessage } from './protocol.js';
import { serveWorker } from './worker-loop.js';

const port = parentPort;
if (!port) throw new Error('node-worker.js must run in a worker thread');
serveWorker(
  {
    post: (message: WorkerMessage) => port.postMessage(message),
    onMessage: (handler: (message: HostMessage) => void) => port.on('message', handler),
  },
  (url) => import(url) as Promise<Record<string, unknown>>,
);
