import { readdir, readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import type { PluginManifest } from '../shared/manifest.js';
import { APP_DIR } from './app-dir.js';
import { DEFAULT_DOCS_DIR, DOCS_MISSING, docsDirOf } from './docs-dir.js';
import { httpFile, sendFile, type HttpFile } from './http-file.js';
import type { PluginSource } from './plugin-source.js';
import { CHANGES_PATH } from '../shared/manifest.js';
import { ChangeStream } from './change-stream.js';
import { preparePlugins, type ServedPlugin, type UnavailableSource } from './prepare-plugins.js';
import { watchPlugins } from './watch-plugins.js';

/** What `serve` serves and where it listens. */
export interface ServeOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1: the app is for the person at this machine. */
  host?: string;
  /** The plugins the page offers, bundled for the browser at start. */
  plugins: readonly PluginSource[];
  /** Plugins the caller found but could not load; the page lists them as unavailable. */
  unavailable?: readonly UnavailableSource[];
  /** The API reference served under /docs (default: the checkout's dist/api-docs, when built). */
  docsDir?: string;
  /**
   * Make a plugin's bundle again whenever its files change (it was rebuilt), and have open pages
   * reload (`kit web --watch`): the manifest then carries a `revision`, and `plugins/changes`
   * streams it to the pages.
   */
  watch?: boolean;
  /** With `watch`: one line each time a plugin is made again (or cannot be), for the terminal. */
  log?(line: string): void;
}

/** A running server. */
export interface WebServer {
  /** `http://127.0.0.1:PORT/` */
  url: string;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

/**
 * Only this origin: the page, its scripts, its worker, its plugin bundles and its manifest are all
 * served from here. `data:` images for the inline favicon; no plugins, no framing, no <base>.
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const SECURITY_HEADERS = { 'x-content-type-options': 'nosniff', 'content-security-policy': CONTENT_SECURITY_POLICY };

/** An answer that is not a file (an error): plain text, never cached. */
function send(response: ServerResponse, status: number, type: string, body: string | Uint8Array): void {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...SECURITY_HEADERS });
  response.end(body);
}

/** Every file under a directory, by its path relative to it with `/` separators. */
async function filesUnder(dir: string): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    files.set(relative(dir, full).split('\\').join('/'), await readFile(full));
  }
  return files;
}

/**
 * The Host headers a request may carry: the loopback names with this port. Anything else is a page
 * elsewhere reaching this server through DNS rebinding (a name of theirs that resolves to 127.0.0.1),
 * which must not read the plugins a person has installed (as Vite checks since its fix for this).
 */
function allowedHosts(host: string, port: number): Set<string> {
  const names = ['127.0.0.1', 'localhost', '[::1]', host.includes(':') ? `[${host}]` : host];
  return new Set(names.map((name) => `${name.toLowerCase()}:${port}`));
}

/**
 * The request's path, decoded and checked: undefined for a malformed escape (`%E0%A4%A`), a NUL, or
 * any `..` segment, whichever separator it uses (`..\` is one on Windows). Backslashes are made
 * slashes first, so the check sees the path as the file system would.
 */
export function requestPath(url: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(new URL(url, 'http://localhost').pathname);
  } catch {
    return undefined;
  }
  const normal = path.replace(/\\/g, '/');
  if (normal.includes('\0') || normal.split('/').some((part) => part === '..')) return undefined;
  return normal;
}

/**
 * Serves the web app and the given plugins (bundled for the browser on the fly, so a new plugin
 * needs no rebuild of the app). `kit web` and the `start` script call this.
 */
export async function serve(options: ServeOptions): Promise<WebServer> {
  const slots = await preparePlugins(options.plugins, options.unavailable);
  const changes = options.watch ? new ChangeStream() : undefined;
  // Everything the server answers with, by URL path, read and hashed once (a watched plugin's anew when rebuilt).
  const files = new Map<string, HttpFile>();
  const writeManifest = () => {
    const manifest: PluginManifest = { plugins: [...slots.values()].map((slot) => slot.entry), ...(changes ? { revision: changes.revision } : {}) };
    files.set('/plugins/manifest.json', httpFile('manifest.json', JSON.stringify(manifest, null, 2)));
  };
  const servePlugin = (slot: string, served: ServedPlugin) => {
    for (const path of slots.get(slot)?.files.keys() ?? []) files.delete(`/plugins/${slot}/${path}`);
    slots.set(slot, served);
    for (const [path, contents] of served.files) files.set(`/plugins/${slot}/${path}`, httpFile(path, contents));
  };
  for (const [path, contents] of await filesUnder(APP_DIR)) {
    if (path === 'index.html') continue;
    files.set(`/app/${path}`, httpFile(path, contents));
  }
  const index = httpFile('index.html', await readFile(`${APP_DIR}index.html`));
  files.set('/', index);
  files.set('/index.html', index);
  for (const [slot, served] of slots) servePlugin(slot, served);
  writeManifest();
  const stopWatching = changes
    ? watchPlugins(slots, (slot, served) => {
        // The manifest first: a page that hears the new revision reloads at once and reads it.
        servePlugin(slot, served);
        changes.bump();
        writeManifest();
        changes.announce();
        options.log?.(served.entry.error ? `${slot}: ${served.entry.error}` : `${slot}: rebuilt (${served.entry.module}); open pages reload`);
      })
    : () => {};

  // The reference is read once, like the app: a request's path only ever picks one of these keys.
  const docsDir = docsDirOf(options.docsDir ?? DEFAULT_DOCS_DIR);
  if (docsDir !== undefined) {
    for (const [path, contents] of await filesUnder(docsDir)) files.set(`/docs/${path}`, httpFile(path, contents));
    const docsIndex = files.get('/docs/index.html')!;
    files.set('/docs', docsIndex);
    files.set('/docs/', docsIndex);
  }

  let hosts = new Set<string>();

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!hosts.has((request.headers.host ?? '').toLowerCase())) return send(response, 403, 'text/plain', 'forbidden host');
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(response, 405, 'text/plain', 'method not allowed');
    const path = requestPath(request.url ?? '/');
    if (path === undefined) return send(response, 400, 'text/plain', 'bad path');
    if (changes && path === `/${CHANGES_PATH}`) return changes.open(request, response, SECURITY_HEADERS);
    const file = files.get(path);
    if (file) return sendFile(request, response, file, SECURITY_HEADERS);
    if (docsDir === undefined && (path === '/docs' || path.startsWith('/docs/'))) return send(response, 404, 'text/plain', DOCS_MISSING);
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
  hosts = allowedHosts(host, port);
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}/`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        stopWatching();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
