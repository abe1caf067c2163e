// `serve({ watch: true })` (kit web --watch) without a browser: a plugin rebuilt on disk is bundled
// again, the manifest names the new bundle and a new revision, and `plugins/changes` tells open pages.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type * as ServerModule from '../src/server/index.js';
import type { ManifestEntry, PluginSource, WebServer } from '../src/server/index.js';

const builtServer = '../dist/server/index.js';
const { serve } = (await import(builtServer)) as typeof ServerModule;

const scratch = mkdtempSync(join(tmpdir(), 'kit-web-watch-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A plugin with no imports (it loads from any directory); `solverText` goes in its lazily loaded solver. */
function pluginText(title: string, solverImport = './solver.js'): string {
  return `export default {
  apiVersion: 1,
  id: 'counting',
  title: ${JSON.stringify(title)},
  description: 'Counts to n.',
  version: '1.0.0',
  options: [{ name: 'n', type: 'int', min: 1, max: 9, default: 2, help: 'how many' }],
  parse: (options) => ({ n: options.n }),
  solver: () => import(${JSON.stringify(solverImport)}).then((module) => module.solver),
  view: (state) => ({ width: 1, height: 1, cells: [{ label: String(state.i) }] }),
};
`;
}
const solverText = (word: string) =>
  `export const solver = { solve(instance, ctx) { for (let i = 1; i <= instance.n; i++) ctx.solution({ i, word: ${JSON.stringify(word)} }); return { solutions: instance.n }; } };\n`;

/** A package whose build writes dist/ from nothing, as kit-build does (the old dist/ is removed first). */
function build(dir: string, title: string, word: string): void {
  rmSync(join(dir, 'dist'), { recursive: true, force: true });
  mkdirSync(join(dir, 'dist'), { recursive: true });
  writeFileSync(join(dir, 'dist', 'plugin.js'), pluginText(title));
  writeFileSync(join(dir, 'dist', 'solver.js'), solverText(word));
}

function packagePlugin(name: string): PluginSource {
  const dir = join(scratch, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', type: 'module', kit: { apiVersion: 1, plugin: './dist/plugin.js' } }));
  return { id: 'counting', source: name, moduleUrl: pathToFileURL(join(dir, 'dist', 'plugin.js')).href, packageDir: dir };
}

/** The revisions `plugins/changes` sends, as they come. */
function listen(url: string): { revisions: string[]; next(count: number): Promise<void>; close(): void } {
  const revisions: string[] = [];
  let waiting: { count: number; resolve(): void } | undefined;
  let response: IncomingMessage | undefined;
  const request = httpGet(new URL('plugins/changes', url), (res) => {
    response = res;
    let buffer = '';
    res.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const data = buffer
          .slice(0, end)
          .split('\n')
          .find((line) => line.startsWith('data: '));
        buffer = buffer.slice(end + 2);
        if (data) revisions.push(data.slice(6));
        if (waiting && revisions.length >= waiting.count) waiting.resolve();
      }
    });
  });
  request.on('error', () => {});
  return {
    revisions,
    next: (count) =>
      revisions.length >= count
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`heard ${JSON.stringify(revisions)}, waited for ${count}`)), 20_000);
            waiting = {
              count,
              resolve: () => {
                clearTimeout(timer);
                resolve();
              },
            };
          }),
    close: () => {
      response?.destroy();
      request.destroy();
    },
  };
}

const manifestOf = async (server: WebServer) =>
  (await (await fetch(new URL('plugins/manifest.json', server.url))).json()) as { plugins: ManifestEntry[]; revision?: number };

describe('serve({ watch: true })', () => {
  const open: Array<() => unknown> = [];
  afterEach(async () => {
    for (const close of open.splice(0).reverse()) await close();
  });

  it('bundles a rebuilt plugin again: the manifest names the new bundle and revision, open pages hear it, the old bundle is gone', async () => {
    const plugin = packagePlugin('rebuilt');
    build(plugin.packageDir, 'Counting', 'one');
    const logged: string[] = [];
    const server = await serve({ plugins: [plugin], watch: true, log: (line) => logged.push(line) });
    open.push(() => server.close());
    const before = await manifestOf(server);
    expect(before.revision).toBe(0);
    expect(before.plugins).toEqual([
      {
        id: 'counting',
        source: 'rebuilt',
        module: expect.stringMatching(/^counting\/plugin-[A-Z0-9]{8}\.js$/),
        title: 'Counting',
        description: 'Counts to n.',
      },
    ]);
    const changes = listen(server.url);
    open.push(changes.close);
    await changes.next(1);
    expect(changes.revisions).toEqual(['0']);

    // dist/ removed and written again, with a new title and a new solver.
    build(plugin.packageDir, 'Counting again', 'two');
    await changes.next(2);
    expect(changes.revisions).toEqual(['0', '1']);
    const after = await manifestOf(server);
    expect(after.revision).toBe(1);
    expect(after.plugins[0]).toMatchObject({ title: 'Counting again', module: expect.stringMatching(/^counting\/plugin-[A-Z0-9]{8}\.js$/) });
    expect(after.plugins[0]!.module).not.toBe(before.plugins[0]!.module);
    expect(logged).toEqual([`counting: rebuilt (${after.plugins[0]!.module}); open pages reload`]);
    // The new entry module, and the solver chunk it names, hold the new code; the old entry is gone.
    const entry = await (await fetch(new URL(`plugins/${after.plugins[0]!.module}`, server.url))).text();
    expect(entry).toContain('Counting again');
    const chunk = /"\.\/(chunks\/solver-[A-Z0-9]{8}\.js)"/.exec(entry)?.[1];
    expect(chunk).toBeDefined();
    expect(await (await fetch(new URL(`plugins/counting/${chunk}`, server.url))).text()).toContain('"two"');
    expect((await fetch(new URL(`plugins/${before.plugins[0]!.module}`, server.url))).status).toBe(404);
  });

  it('says nothing when a rebuild writes the same code, and tells a broken build and its fix', async () => {
    const plugin = packagePlugin('steady');
    build(plugin.packageDir, 'Steady', 'same');
    const logged: string[] = [];
    const server = await serve({ plugins: [plugin], watch: true, log: (line) => logged.push(line) });
    open.push(() => server.close());
    const changes = listen(server.url);
    open.push(changes.close);
    await changes.next(1);
    const first = await manifestOf(server);

    build(plugin.packageDir, 'Steady', 'same');
    // Long enough for a poll, the quiet time and a bundle (a spurious revision would be heard here).
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(changes.revisions).toEqual(['0']);
    expect(await manifestOf(server)).toEqual(first);

    writeFileSync(join(plugin.packageDir, 'dist', 'plugin.js'), pluginText('Steady', './no-such-solver.js'));
    await changes.next(2);
    const broken = await manifestOf(server);
    expect(broken.revision).toBe(1);
    expect(broken.plugins).toEqual([
      { id: 'counting', source: 'steady', error: 'could not bundle it for the browser: dist/plugin.js:9:23: Could not resolve "./no-such-solver.js"' },
    ]);
    expect(logged).toEqual(['counting: could not bundle it for the browser: dist/plugin.js:9:23: Could not resolve "./no-such-solver.js"']);

    writeFileSync(join(plugin.packageDir, 'dist', 'plugin.js'), pluginText('Steady'));
    await changes.next(3);
    expect(await manifestOf(server)).toEqual({ ...first, revision: 2 });
  });

  it('serves no change stream and no revision without watch', async () => {
    const plugin = packagePlugin('unwatched');
    build(plugin.packageDir, 'Unwatched', 'one');
    const server = await serve({ plugins: [plugin] });
    open.push(() => server.close());
    expect((await manifestOf(server)).revision).toBeUndefined();
    expect((await fetch(new URL('plugins/changes', server.url))).status).toBe(404);
  });
});
