// The server side without a browser: discovery, bundling, the manifest and the HTTP surface.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as ServerModule from '../src/server/index.js';
import type { PluginSource, WebServer } from '../src/server/index.js';

const builtServer = '../dist/server/index.js';
const { bundlePlugin, discoverPlugins, serve, CONTENT_SECURITY_POLICY } = (await import(builtServer)) as typeof ServerModule;

const here = dirname(fileURLToPath(import.meta.url));
const webDir = resolve(here, '..');
const fixture = (id: string, name: string): PluginSource => ({
  id,
  source: name,
  moduleUrl: pathToFileURL(join(here, 'fixtures', name)).href,
  packageDir: webDir,
});

describe('discoverPlugins', () => {
  it('imports extra plugin paths to learn their ids', async () => {
    const found = await discoverPlugins({ extra: [join(here, 'fixtures/walk-plugin.js')] });
    expect(found.plugins).toEqual([
      { id: 'walk', source: join(here, 'fixtures/walk-plugin.js'), moduleUrl: pathToFileURL(join(here, 'fixtures/walk-plugin.js')).href, packageDir: webDir },
    ]);
  });

  it('refuses an extra plugin path that cannot be used, as kit run does: the user named it', async () => {
    const broken = join(here, 'fixtures/broken-plugin.js');
    await expect(discoverPlugins({ extra: [join(here, 'fixtures/walk-plugin.js'), broken] })).rejects.toThrow(
      `--plugin ${broken}: this plugin is broken on purpose`,
    );
  });

  it('reports a broken plugin that kit.config.json lists, and keeps the others', async () => {
    const root = mkdtempSync(join(tmpdir(), 'kit-web-root-'));
    try {
      writeFileSync(join(root, 'broken.js'), "throw new Error('this plugin is broken on purpose');\n");
      writeFileSync(join(root, 'walk.js'), readFileSync(join(here, 'fixtures/walk-plugin.js'), 'utf8'));
      symlinkSync(join(webDir, 'node_modules'), join(root, 'node_modules')); // walk.js imports @kit/core
      writeFileSync(join(root, 'kit.config.json'), JSON.stringify({ plugins: ['./walk.js', './broken.js'] }));
      const found = await discoverPlugins({ root });
      expect(found.plugins.map((plugin) => plugin.id)).toEqual(['walk']);
      expect(found.unavailable).toEqual([{ source: './broken.js', error: 'this plugin is broken on purpose' }]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('reads kit.config.json and skips packages that declare no plugin', async () => {
    const root = mkdtempSync(join(tmpdir(), 'kit-web-root-'));
    try {
      writeFileSync(join(root, 'kit.config.json'), JSON.stringify({ plugins: ['./packages/*'] }));
      const { mkdirSync } = await import('node:fs');
      mkdirSync(join(root, 'packages/plain'), { recursive: true });
      writeFileSync(join(root, 'packages/plain/package.json'), JSON.stringify({ name: 'plain' }));
      mkdirSync(join(root, 'packages/unbuilt'), { recursive: true });
      writeFileSync(join(root, 'packages/unbuilt/package.json'), JSON.stringify({ name: 'unbuilt', kit: { plugin: './dist/plugin.js' } }));
      const found = await discoverPlugins({ root });
      expect(found.plugins).toEqual([]);
      expect(found.unavailable).toEqual([
        { source: './packages/unbuilt', error: 'plugin module ./dist/plugin.js not found (is the package built?)' },
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('bundlePlugin', () => {
  it('bundles a bare plugin file with the @kit/core it imports, for the browser', async () => {
    const files = await bundlePlugin({
      id: 'counting',
      source: 'counting',
      moduleUrl: pathToFileURL(resolve(webDir, '../../packages/core/test/fixtures/counting-plugin.js')).href,
      packageDir: webDir,
    });
    expect(files.map((file) => file.path)).toEqual(['plugin.js']);
    const code = new TextDecoder().decode(files[0]!.contents);
    expect(code).toContain('"InputError"');
    expect(code).not.toMatch(/from\s*["']@kit\/core["']/);
    const walk = await bundlePlugin(fixture('walk', 'walk-plugin.js'));
    expect(walk.map((file) => file.path)).toEqual(['plugin.js']);
  });

  it('stubs Node built-ins: the plugin loads, the Node-only feature fails clearly', async () => {
    const files = await bundlePlugin(fixture('node-only', 'node-only-plugin.js'));
    const dir = mkdtempSync(join(tmpdir(), 'kit-web-bundle-'));
    try {
      for (const file of files) writeFileSync(join(dir, file.path.replace(/\//g, '_')), file.contents);
      const plugin = ((await import(pathToFileURL(join(dir, 'plugin.js')).href)) as { default: { id: string; parse(options: object): unknown } }).default;
      expect(plugin.id).toBe('node-only');
      expect(files.map((file) => new TextDecoder().decode(file.contents)).join('\n')).not.toContain('process.env');
      expect(plugin.parse({})).toEqual({ text: '' });
      expect(() => plugin.parse({ path: '/etc/hostname' })).toThrow('node:fs is not available in the browser (readFileSync was called)');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('serve', () => {
  let server: WebServer;
  beforeAll(async () => {
    server = await serve({
      plugins: [fixture('walk', 'walk-plugin.js'), fixture('missing', 'missing-dependency-plugin.js'), fixture('walk', 'walk-plugin.js')],
      unavailable: [{ source: 'some-package', error: 'it broke' }],
    });
  });
  afterAll(() => server?.close());

  it('prints its address on 127.0.0.1', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  it('lists every plugin in the manifest, with the reason for those it could not bundle', async () => {
    const response = await fetch(new URL('plugins/manifest.json', server.url));
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const manifest = (await response.json()) as { plugins: { id: string; module?: string; error?: string }[] };
    expect(manifest.plugins.map(({ id, module }) => ({ id, module }))).toEqual([
      { id: 'walk', module: 'walk/plugin.js' },
      { id: 'missing', module: undefined },
      { id: 'walk', module: 'walk-2/plugin.js' },
      { id: 'some-package', module: undefined },
    ]);
    expect(manifest.plugins[1]!.error).toBe(
      'could not bundle it for the browser: test/fixtures/missing-dependency-plugin.js:2:23: Could not resolve "kit-web-no-such-package"',
    );
    expect(manifest.plugins[3]!.error).toBe('it broke');
  });

  it('serves the page, the app bundles and the plugin bundles, and nothing else', async () => {
    const get = (path: string, init?: RequestInit) => fetch(new URL(path, server.url), init);
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<script type="module" src="app/main.js">');
    expect((await get('/app/worker.js')).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await get('/plugins/walk/plugin.js')).status).toBe(200);
    expect((await get('/plugins/walk/nothing.js')).status).toBe(404);
    expect((await get('/app/../package.json')).status).toBe(404);
    expect((await get('/app/%2e%2e/package.json')).status).toBe(404);
    expect((await get('/app/%2F..%2Fpackage.json')).status).toBe(400);
    expect((await get('/', { method: 'POST' })).status).toBe(405);
  });

  /** A raw request, so the test controls the path bytes and the Host header. */
  function raw(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; csp: string | undefined }> {
    const { port } = new URL(server.url);
    return new Promise((resolvePromise, reject) => {
      const request = httpRequest({ host: '127.0.0.1', port, path, headers: { host: `127.0.0.1:${port}`, ...headers } }, (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolvePromise({ status: response.statusCode ?? 0, body, csp: response.headers['content-security-policy'] as string | undefined }));
      });
      request.on('error', reject);
      request.end();
    });
  }

  it('answers a malformed percent-encoding with 400, not a 500 URIError', async () => {
    expect(await raw('/%E0%A4%A')).toMatchObject({ status: 400, body: 'bad path' });
    expect(await raw('/app/%E0%A4%A.js')).toMatchObject({ status: 400, body: 'bad path' });
  });

  it('normalises backslashes before the .. check', async () => {
    expect((await raw('/app/..%5Cpackage.json')).status).toBe(400);
    expect((await raw('/app/..%5C..%5Cpackage.json')).status).toBe(400);
    expect((await raw('/app/%5C..%5Cpackage.json')).status).toBe(400);
    expect((await raw('/app/main.js%00')).status).toBe(400);
  });

  it('answers only the Host names it serves (DNS rebinding), with the port', async () => {
    const { port } = new URL(server.url);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) {
      expect([host, (await raw('/', { host })).status]).toEqual([host, 200]);
    }
    for (const host of [`evil.example:${port}`, 'localhost', `127.0.0.1:${Number(port) + 1}`, `localhost.evil.example:${port}`]) {
      expect([host, await raw('/plugins/manifest.json', { host })]).toEqual([host, { status: 403, body: 'forbidden host', csp: CONTENT_SECURITY_POLICY }]);
    }
  });

  it('sends a Content-Security-Policy that allows only its own origin (and WebAssembly, for the kernels)', async () => {
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
    for (const path of ['/', '/app/main.js', '/plugins/manifest.json', '/plugins/walk/plugin.js', '/nothing']) {
      expect([path, (await raw(path)).csp]).toEqual([path, CONTENT_SECURITY_POLICY]);
    }
  });
});
