import { createServer, type Server } from 'node:http';
import type { QueueWorker } from './worker.js';

/** The health endpoint {@link serveHealth} started. */
export interface HealthServer {
  /** The address it listens on, `http://HOST:PORT`. */
  url: string;
  /** Stops listening; resolves once the server is closed. */
  close(): Promise<void>;
}

/**
 * A worker's health for an orchestrator and a scraper: `GET /livez` (200 while the process serves
 * HTTP at all), `GET /readyz` (200 while connected to Redis and taking jobs; 503 while draining or
 * cut off) and `GET /metrics` (Prometheus text). Nothing else is served; no request body is read.
 */
export async function serveHealth(worker: QueueWorker, port: number, host: string): Promise<HealthServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const send = (status: number, body: string, type = 'text/plain; charset=utf-8') => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(405, 'method not allowed\n');
    if (path === '/livez') return send(200, 'ok\n');
    if (path === '/readyz') return worker.ready ? send(200, 'ready\n') : send(503, 'not ready\n');
    if (path === '/metrics') {
      worker.metricsText().then(
        (text) => send(200, text, 'text/plain; version=0.0.4; charset=utf-8'),
        (error: Error) => send(500, `metrics unavailable: ${error.message}\n`),
      );
      return;
    }
    send(404, 'not found\n');
  });
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
