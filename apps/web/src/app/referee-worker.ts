// The referee worker (play mode): core's referee loop over the Web Worker message port. It keeps
// the game the Play tab opens and imports the plugin's referee (or its solver, for a referee made of
// it), never a solver worker's code; the solver worker (worker.ts) never loads a referee.
import { serveReferee, type RefereeMessage, type RefereeReply } from '@kit/core/play';

interface WorkerScope {
  postMessage(message: RefereeReply): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<RefereeMessage>) => void): void;
}

const scope = self as unknown as WorkerScope;
serveReferee(
  {
    post: (message) => scope.postMessage(message),
    onMessage: (handler) => scope.addEventListener('message', (event) => handler(event.data)),
  },
  (url) => import(/* @vite-ignore */ url) as Promise<Record<string, unknown>>,
);
