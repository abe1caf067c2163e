import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PluginManifest } from '../shared/manifest.js';
import { APP_DIR } from './app-dir.js';
import { contentType } from './content-type.js';
import type { PluginSource } from './plugin-source.js';
import { preparePlugins, type UnavailableSource } from './prepare-plugins.js';

export interface ServeOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1: the app is for the person at this machine. */
  host?: string;
  plugins: readonly PluginSource[];
  /** Plugins the caller found but could not load; the page lists them as unavailable. */
  unavailable?: readonly UnavailableSource[];
}

export interface WebServer {
  /** `http://127.0.0.1:PORT/` */
  url: string;
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, type: string, body: string | Uint8Array): void {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' });
  response.end(body);
}

/**
 * Serves the web app and the given plugins (bundled for the browser on the fly, so a new plugin
 * needs no rebuild of the app). `kit web` and the `start` script call this.
 */
export async function serve(options: ServeOptions): Promise<WebServer> {
  const slots = await preparePlugins(options.plugins, options.unavailable);
  const manifest: PluginManifest = { plugins: [...slots.values()].map((slot) => slot.entry) };
  const manifestJson = JSON.stringify(manifest, null, 2);

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(response, 405, 'text/plain', 'method not allowed');
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    if (path.split('/').some((part) => part === '..')) return send(response, 400, 'text/plain', 'bad path');
    if (path === '/' || path === '/index.html') {
      return send(response, 200, contentType('.html'), await readFile(APP_DIR + 'index.html'));
    }
    if (path === '/plugins/manifest.json') return send(response, 200, contentType('.json'), manifestJson);
    const pluginFile = /^\/plugins\/([^/]+)\/(.+)$/.exec(path);
    if (pluginFile) {
      const contents = slots.get(pluginFile[1]!)?.files.get(pluginFile[2]!);
      if (contents) return send(response, 200, contentType(path), contents);
    } else if (path.startsWith('/app/')) {
      const contents = await readFile(APP_DIR + path.slice('/app/'.length)).catch(() => undefined);
      if (contents) return send(response, 200, contentType(path), contents);
    }
    send(response, 404, 'text/plain', `not found: ${path}`);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, 'text/plain', String(error));
      else response.destroy();
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}/`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
