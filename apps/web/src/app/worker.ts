// The solver worker: core's worker loop over the Web Worker message port. It imports the plugin
// module the page names (the same bundle URL the page registered) and calls `plugin.solver()`, so
// the solver chunk is fetched here and never on the page.
import { serveWorker, type HostMessage, type WorkerMessage } from '@kit/core/host';

interface WorkerScope {
  postMessage(message: WorkerMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<HostMessage>) => void): void;
}

const scope = self as unknown as WorkerScope;
serveWorker(
  {
    post: (message) => scope.postMessage(message),
    onMessage: (handler) => scope.addEventListener('message', (event) => handler(event.data)),
  },
  (url) => import(/* @vite-ignore */ url) as Promise<Record<string, unknown>>,
);
