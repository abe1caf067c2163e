// `plugins/changes` under `kit web --watch`: a server-sent event stream that tells each open page the
// plugins' revision, once on connecting and again after every rebuild. A page whose manifest has
// another revision reloads (the app's watch-reload.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Open streams at most: each holds a connection, and only the pages of the person at this machine listen. */
const MAX_LISTENERS = 64;

export class ChangeStream {
  readonly #listeners = new Set<ServerResponse>();
  #revision = 0;

  /** How many times the plugins changed since the server started: the manifest's `revision`. */
  get revision(): number {
    return this.#revision;
  }

  /** Answers a request for the stream: the current revision now, the next ones as they come. */
  open(request: IncomingMessage, response: ServerResponse, headers: Record<string, string>): void {
    if (this.#listeners.size >= MAX_LISTENERS) {
      response.writeHead(503, { 'content-type': 'text/plain', 'cache-control': 'no-store', ...headers });
      response.end('too many pages are listening for changes');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', ...headers });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    // A page reconnects after a second when the server restarts (and reloads: the revision starts again).
    response.write(`retry: 1000\ndata: ${this.#revision}\n\n`);
    this.#listeners.add(response);
    response.on('close', () => this.#listeners.delete(response));
  }

  /** The plugins changed: the next revision (write it in the manifest, then `announce` it). */
  bump(): number {
    return ++this.#revision;
  }

  /** Sends the revision to every open page. */
  announce(): void {
    for (const listener of this.#listeners) listener.write(`data: ${this.#revision}\n\n`);
  }
}
