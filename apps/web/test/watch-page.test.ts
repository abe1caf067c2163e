// `kit web --watch` in Chromium: a plugin rebuilt while its page is open reloads the page, which
// shows the rebuilt plugin with the puzzle, options and mode its address held.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as ServerModule from '../src/server/index.js';
import type { WebServer } from '../src/server/index.js';
import { launchChromium, type Browser } from './browser.js';

const builtServer = '../dist/server/index.js';
const { serve } = (await import(builtServer)) as typeof ServerModule;

const dir = mkdtempSync(join(tmpdir(), 'kit-web-watch-page-'));

/** A plugin with no imports; its title is what the page shows as the puzzle's heading. */
const pluginText = (title: string) => `export default {
  apiVersion: 1,
  id: 'counting',
  title: ${JSON.stringify(title)},
  description: 'Counts to n.',
  version: '1.0.0',
  options: [{ name: 'n', type: 'int', min: 1, max: 9, default: 2, help: 'how many' }],
  parse: (options) => ({ n: options.n }),
  solver: () => import('./solver.js').then((module) => module.solver),
  view: (state) => ({ width: 1, height: 1, cells: [{ label: String(state.i) }] }),
};
`;

function build(title: string): void {
  rmSync(join(dir, 'dist'), { recursive: true, force: true });
  mkdirSync(join(dir, 'dist'));
  writeFileSync(join(dir, 'dist', 'plugin.js'), pluginText(title));
  writeFileSync(
    join(dir, 'dist', 'solver.js'),
    'export const solver = { solve(instance, ctx) { for (let i = 1; i <= instance.n; i++) ctx.solution({ i }); return { solutions: instance.n }; } };\n',
  );
}

let server: WebServer;
let browser: Browser;
beforeAll(async () => {
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'watched', version: '1.0.0', type: 'module', kit: { apiVersion: 1, plugin: './dist/plugin.js' } }),
  );
  build('Counting');
  server = await serve({
    plugins: [{ id: 'counting', source: 'watched', moduleUrl: pathToFileURL(join(dir, 'dist', 'plugin.js')).href, packageDir: dir }],
    watch: true,
  });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('kit web --watch in the page', () => {
  it('reloads when the plugin is rebuilt, and shows the rebuilt plugin with the options its address held', async () => {
    const page = await browser.context.newPage();
    const address = new URL('?puzzle=counting&n=3', server.url).href;
    await page.goto(address);
    await expect.poll(() => page.locator('#plugin-title').textContent()).toBe('Counting');
    // Gone after a reload: tells a reloaded page from one that only changed its heading.
    await page.evaluate(() => ((window as unknown as { before: boolean }).before = true));
    const listened = page.waitForResponse((response) => response.url().endsWith('/plugins/changes'));

    build('Counting again');
    await expect.poll(() => page.locator('#plugin-title').textContent(), { timeout: 20_000 }).toBe('Counting again');
    expect(await page.evaluate(() => (window as unknown as { before?: boolean }).before)).toBeUndefined();
    expect(page.url()).toBe(address);
    expect(await page.inputValue('#opt-n')).toBe('3');
    expect((await listened).headers()['content-type']).toBe('text/event-stream');
    await page.close();
  });
});
