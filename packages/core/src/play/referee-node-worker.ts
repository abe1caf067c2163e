// Entry point of a Node referee worker: wires worker_threads to the referee's worker loop.
import { parentPort } from 'node:worker_threads';
import type { RefereeMessage, RefereeReply } from './referee-protocol.js';
import { serveReferee } from './referee-worker-loop.js';

const port = parentPort;
if (!port) throw new Error('referee-node-worker.js must run in a worker thread');
serveReferee(
  {
    post: (message: RefereeReply) => port.postMessage(message),
    onMessage: (handler: (message: RefereeMessage) => void) => port.on('message', handler),
  },
  (url) => import(url) as Promise<Record<string, unknown>>,
);
