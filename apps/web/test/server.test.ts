// The server side without a browser: discovery, bundling, the manifest and the HTTP surface.
import { mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as ServerModule from '../src/server/index.js';
import type { PluginSource, WebServer } from '../src/server/index.js';

const builtServer = '../dist/server/index.js';
const { bundlePlugin, discoverPlugins, exportSite, serve, CONTENT_SECURITY_POLICY } = (await import(builtServer)) as typeof ServerModule;

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
      expect(found.unavailable).toEqual([{ source: './packages/unbuilt', error: 'plugin module ./dist/plugin.js not found (is the package built?)' }]);
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
    expect(files.map((file) => file.path)).toEqual([expect.stringMatching(/^plugin-[A-Z0-9]{8}\.js$/)]);
    const code = new TextDecoder().decode(files[0]!.contents);
    expect(code).toContain('"InputError"');
    expect(code).not.toMatch(/from\s*["']@kit\/core["']/);
    const walk = await bundlePlugin(fixture('walk', 'walk-plugin.js'));
    expect(walk.map((file) => file.path)).toEqual([expect.stringMatching(/^plugin-[A-Z0-9]{8}\.js$/)]);
    // Named by content: the same source, the same name; another source, another name.
    expect((await bundlePlugin(fixture('walk', 'walk-plugin.js')))[0]!.path).toBe(walk[0]!.path);
    expect(walk[0]!.path).not.toBe(files[0]!.path);
  });

  it('stubs Node built-ins: the plugin loads, the Node-only feature fails clearly', async () => {
    const files = await bundlePlugin(fixture('node-only', 'node-only-plugin.js'));
    const dir = mkdtempSync(join(tmpdir(), 'kit-web-bundle-'));
    try {
      for (const file of files) writeFileSync(join(dir, file.path.replace(/\//g, '_')), file.contents);
      const plugin = ((await import(pathToFileURL(join(dir, files[0]!.path)).href)) as { default: { id: string; parse(options: object): unknown } }).default;
      expect(plugin.id).toBe('node-only');
      expect(files.map((file) => new TextDecoder().decode(file.contents)).join('\n')).not.toContain('process.env');
      expect(plugin.parse({})).toEqual({ text: '' });
      expect(() => plugin.parse({ path: '/etc/hostname' })).toThrow('node:fs is not available in the browser (readFileSync was called)');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('exportSite', () => {
  it('writes files named by their content, with .gz and .br copies of the text ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kit-web-export-'));
    try {
      const manifest = await exportSite({ outDir: join(dir, 'site'), plugins: [fixture('walk', 'walk-plugin.js')] });
      const files = readdirSync(join(dir, 'site'), { recursive: true }).map(String).sort();
      const html = readFileSync(join(dir, 'site/index.html'), 'utf8');
      const main = /src="app\/(main-[A-Z0-9]{8}\.js)"/.exec(html)![1]!;
      for (const name of [`app/${main}`, `app/${main}.gz`, `app/${main}.br`, 'plugins/manifest.json', `plugins/${manifest.plugins[0]!.module}`])
        expect(files).toContain(name);
      expect(files.filter((name) => /^app\/(main|worker|referee-worker|style)\.(js|css)$/.test(name))).toEqual([]);
      expect(gunzipSync(readFileSync(join(dir, 'site/app', `${main}.gz`))).equals(readFileSync(join(dir, 'site/app', main)))).toBe(true);
      expect(brotliDecompressSync(readFileSync(join(dir, 'site/app', `${main}.br`))).equals(readFileSync(join(dir, 'site/app', main)))).toBe(true);
      expect(manifest.plugins[0]).toMatchObject({ id: 'walk', title: 'Walk', module: expect.stringMatching(/^walk\/plugin-[A-Z0-9]{8}\.js$/) });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('no absolute path of this machine is published', () => {
  it('the static export and the served manifest name plugins by relative paths or none', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kit-web-paths-'));
    try {
      const outside = { ...fixture('walk', 'walk-plugin.js'), source: join(here, 'fixtures', 'walk-plugin.js') };
      const unavailable = [
        { source: join(dir, 'elsewhere', 'broken'), error: `plugin module ${join(dir, 'elsewhere', 'broken', 'dist', 'plugin.js')} not found` },
      ];
      const manifest = await exportSite({ outDir: join(dir, 'site'), plugins: [outside], unavailable });
      const published = readFileSync(join(dir, 'site', 'plugins', 'manifest.json'), 'utf8');
      expect(published).not.toContain(here);
      expect(published).not.toContain(dir);
      expect(manifest.plugins.map(({ id, source, error }) => ({ id, source, error }))).toEqual([
        { id: 'walk', source: `./${relative(process.cwd(), join(here, 'fixtures', 'walk-plugin.js'))}`, error: undefined },
        { id: 'broken', source: 'broken', error: 'plugin module broken/dist/plugin.js not found' },
      ]);
      const server = await serve({ plugins: [outside], unavailable });
      try {
        const served = await (await fetch(new URL('plugins/manifest.json', server.url))).text();
        expect(served).not.toContain(here);
        expect(served).not.toContain(dir);
      } finally {
        await server.close();
      }
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
      { id: 'walk', module: expect.stringMatching(/^walk\/plugin-[A-Z0-9]{8}\.js$/) },
      { id: 'missing', module: undefined },
      { id: 'walk', module: expect.stringMatching(/^walk-2\/plugin-[A-Z0-9]{8}\.js$/) },
      { id: 'some-package', module: undefined },
    ]);
    // What the page lists before it loads a plugin's code.
    expect(manifest.plugins[0]).toMatchObject({ title: 'Walk', description: 'Fills a grid cell by cell (a browser-test fixture).', source: 'walk-plugin.js' });
    expect(manifest.plugins[1]!.error).toBe(
      'could not bundle it for the browser: test/fixtures/missing-dependency-plugin.js:2:23: Could not resolve "kit-web-no-such-package"',
    );
    expect(manifest.plugins[3]!.error).toBe('it broke');
  });

  it('serves the page, the app bundles and the plugin bundles, and nothing else', async () => {
    const get = (path: string, init?: RequestInit) => fetch(new URL(path, server.url), init);
    const page = await get('/');
    expect(page.status).toBe(200);
    const html = await page.text();
    const main = /<script type="module" src="(app\/main-[A-Z0-9]{8}\.js)">/.exec(html)?.[1];
    expect(main).toBeDefined();
    expect((await get(main!)).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const manifest = (await (await get('/plugins/manifest.json')).json()) as { plugins: { module?: string }[] };
    expect((await get(`/plugins/${manifest.plugins[0]!.module}`)).status).toBe(200);
    expect((await get('/app/main.js')).status).toBe(404);
    expect((await get('/plugins/walk/nothing.js')).status).toBe(404);
    expect((await get('/app/../package.json')).status).toBe(404);
    expect((await get('/app/%2e%2e/package.json')).status).toBe(404);
    expect((await get('/app/%2F..%2Fpackage.json')).status).toBe(400);
    expect((await get('/', { method: 'POST' })).status).toBe(405);
  });

  /** A raw request, so the test controls the path bytes and the headers (Host, encodings). */
  function raw(
    path: string,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: string; csp: string | undefined; bytes: Buffer; headers: IncomingHttpHeaders }> {
    const { port } = new URL(server.url);
    return new Promise((resolvePromise, reject) => {
      const request = httpRequest({ host: '127.0.0.1', port, path, headers: { host: `127.0.0.1:${port}`, ...headers } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolvePromise({
            status: response.statusCode ?? 0,
            body: bytes.toString('utf8'),
            csp: response.headers['content-security-policy'] as string | undefined,
            bytes,
            headers: response.headers,
          });
        });
      });
      request.on('error', reject);
      request.end();
    });
  }

  it('compresses, tags and caches: brotli or gzip, 304 for a copy the browser has, hashed names for good', async () => {
    const html = await (await fetch(server.url)).text();
    const main = /src="(app\/main-[A-Z0-9]{8}\.js)"/.exec(html)![1]!;
    const plain = await raw(`/${main}`, { 'accept-encoding': 'identity' });
    const br = await raw(`/${main}`, { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await raw(`/${main}`, { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect([plain.headers['content-encoding'], br.headers['content-encoding'], gz.headers['content-encoding']]).toEqual([undefined, 'br', 'gzip']);
    expect(brotliDecompressSync(br.bytes).equals(plain.bytes)).toBe(true);
    expect(gunzipSync(gz.bytes).equals(plain.bytes)).toBe(true);
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 2);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['vary']).toBe('Accept-Encoding');
    const etag = br.headers['etag'] as string;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const again = await raw(`/${main}`, { 'if-none-match': etag, 'accept-encoding': 'br' });
    expect([again.status, again.bytes.length, again.headers['etag']]).toEqual([304, 0, etag]);
    // The page and the manifest change without changing their names: always revalidated.
    for (const path of ['/', '/plugins/manifest.json']) {
      const first = await raw(path);
      expect([path, first.headers['cache-control']]).toEqual([path, 'no-cache']);
      expect([path, (await raw(path, { 'if-none-match': first.headers['etag'] as string })).status]).toEqual([path, 304]);
    }
    expect((await raw(`/${main}`, { 'if-none-match': '"something-else"' })).status).toBe(200);
  });

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
      const answer = await raw('/plugins/manifest.json', { host });
      expect([host, { status: answer.status, body: answer.body, csp: answer.csp }]).toEqual([
        host,
        { status: 403, body: 'forbidden host', csp: CONTENT_SECURITY_POLICY },
      ]);
    }
  });

  it('sends a Content-Security-Policy that allows only its own origin (and WebAssembly, for the kernels)', async () => {
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
    const html = await (await fetch(server.url)).text();
    const main = `/${/src="(app\/main-[A-Z0-9]{8}\.js)"/.exec(html)![1]!}`;
    for (const path of ['/', main, '/plugins/manifest.json', '/nothing']) {
      expect([path, (await raw(path)).csp]).toEqual([path, CONTENT_SECURITY_POLICY]);
    }
  });
});
