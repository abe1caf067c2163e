// Regenerates docs/screenshot.png (the README's picture): the repository's plugins, pentomino 6x10
// solved, one solution open. Needs a build and Debian's chromium: `node scripts/readme-screenshot.mjs`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { discoverPlugins, serve } from '../dist/server/index.js';

const webDir = new URL('..', import.meta.url).pathname;
const discovery = await discoverPlugins({ root: join(webDir, '../..') });
const server = await serve({ plugins: discovery.plugins });
const profile = mkdtempSync(join(tmpdir(), 'kit-web-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.KIT_CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  viewport: { width: 1100, height: 700 },
  colorScheme: 'light',
});
try {
  const page = await context.newPage();
  await page.goto(`${server.url}?puzzle=pentomino&size=6&run=1`);
  await page.waitForSelector('#phase[data-phase="done"]', { timeout: 120_000 });
  await page.click('#solution-thumbs button.thumb[data-index="7"]');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(webDir, 'docs/screenshot.png') });
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  await server.close();
}
