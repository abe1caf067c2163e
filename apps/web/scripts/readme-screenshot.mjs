// Regenerates the READMEs' pictures in docs/: an edited pentomino board solved (screenshot.png), a
// Puyo chain paused mid-way and the Hitori editor, each on a desktop and on a 390 px phone.
// Needs a build and Debian's chromium: `node scripts/readme-screenshot.mjs`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { discoverPlugins, serve } from '../dist/server/index.js';

const webDir = new URL('..', import.meta.url).pathname;
const discovery = await discoverPlugins({ root: join(webDir, '../..') });
const server = await serve({ plugins: discovery.plugins, unavailable: discovery.unavailable });
const profile = mkdtempSync(join(tmpdir(), 'kit-web-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.KIT_CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
  colorScheme: 'light',
});
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const shot = (page, name) => page.screenshot({ path: join(webDir, 'docs', `${name}.png`) });
const cell = (page, row, col) => page.locator(`[data-editor="input"] [data-row="${row}"][data-col="${col}"]`);

async function open(search, viewport) {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  await page.goto(`${server.url}${search}`);
  await page.waitForSelector('body[data-ready]');
  return page;
}

try {
  // An edited puzzle: the 8x8 board with its corners painted out, solved, a solution open.
  let page = await open('?puzzle=pentomino', DESKTOP);
  for (const side of ['width', 'height']) {
    await page.locator(`input[data-size="${side}"]`).fill('8');
    await page.locator(`input[data-size="${side}"]`).dispatchEvent('change');
  }
  await page.locator('[data-editor="input"] button[data-value="#"]').click();
  for (const [row, col] of [
    [0, 0],
    [0, 7],
    [7, 0],
    [7, 7],
  ])
    await cell(page, row, col).click();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page.waitForSelector('#phase[data-phase="done"]', { timeout: 120_000 });
  await page.click('#solution-thumbs button.thumb[data-index="7"]');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(200);
  await shot(page, 'screenshot');
  await page.close();

  // The seed's 19-chain, paused at step 21 (its 10th chain), on both screens.
  for (const [name, viewport] of [
    ['puyo-desktop', DESKTOP],
    ['puyo-phone', PHONE],
  ]) {
    page = await open('?puzzle=puyo&example=seq19&run=1', viewport);
    await page.waitForSelector('#phase[data-phase="done"]', { timeout: 60_000 });
    await page.waitForSelector('#steps:not([hidden])');
    if ((await page.locator('#step-play').textContent()) === 'Pause') await page.click('#step-play');
    await page.locator('#step-scrubber').fill('20');
    await page.waitForTimeout(300);
    if (viewport === PHONE) await page.locator('#results').evaluate((element) => element.scrollIntoView({ block: 'start' }));
    else await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(100);
    await shot(page, name);
    await page.close();
  }

  // The Hitori editor with a puzzle being typed in.
  for (const [name, viewport] of [
    ['hitori-desktop', DESKTOP],
    ['hitori-phone', PHONE],
  ]) {
    page = await open('?puzzle=hitori-sat', viewport);
    await page.locator('[data-editor="input"] button[data-action="clear"]').click();
    await cell(page, 0, 0).click();
    await page.keyboard.type('4355134215443315113');
    await page.locator('[data-editor="input"] [data-row="3"][data-col="1"]').scrollIntoViewIfNeeded();
    if (viewport === PHONE) await page.locator('#plugin-title').evaluate((element) => element.scrollIntoView({ block: 'start' }));
    else await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(100);
    await shot(page, name);
    await page.close();
  }
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  await server.close();
}
