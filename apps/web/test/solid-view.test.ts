// The solid view: a frame that holds a box of cubes (Frame.layers) drawn in three dimensions, in
// headless Chromium on the built page, with @kit/polycube's Soma cube: its seven pieces as faces,
// turned by dragging and by the arrow keys, its layers pulled apart, its pieces added one by one.
// Frames without layers keep the flat grid.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type * as ServerModule from '../src/server/index.js';
import type { WebServer } from '../src/server/index.js';
import { launchChromium, type Browser } from './browser.js';

const { discoverPlugins, serve } = (await import('../dist/server/index.js')) as typeof ServerModule;
mkdirSync(new URL('../test-artifacts/', import.meta.url), { recursive: true });
const repoRoot = new URL('../../../', import.meta.url).pathname;
const discovery = await discoverPlugins({ root: repoRoot });
const wanted = discovery.plugins.filter((source) => source.id === 'polycube' || source.id === 'pentomino');

let server: WebServer;
let browser: Browser;
let page: Page | undefined;

beforeAll(async () => {
  server = await serve({ plugins: wanted, unavailable: [] });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
afterEach(async () => {
  await page?.close();
});

async function open(search: string): Promise<Page> {
  page = await browser.context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(server.url + search);
  await page.waitForSelector('body[data-ready]', { timeout: 30_000 });
  await page.waitForSelector('#phase[data-phase="done"]', { timeout: 60_000 });
  expect(problems).toEqual([]);
  return page;
}

const pieces = (p: Page) =>
  p.locator('svg.solid polygon.face').evaluateAll((faces) => [...new Set(faces.map((face) => face.getAttribute('data-piece')))].sort());
const firstFace = (p: Page) => p.locator('svg.solid polygon.face').first().getAttribute('points');
const faceCount = (p: Page) => p.locator('svg.solid polygon.face').count();
const setRange = (p: Page, label: string, value: number) =>
  p.getByLabel(label, { exact: true }).evaluate((input, v) => {
    (input as HTMLInputElement).value = String(v);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);

describe('the solid view', () => {
  it('draws a packing of the Soma cube in three dimensions: seven pieces, turned, pulled apart and built up piece by piece', { timeout: 120_000 }, async () => {
    const p = await open('?puzzle=polycube&example=soma&limit=1&run=1');
    await p.waitForSelector('svg.solid polygon.face');
    expect(await p.locator('svg.solid').getAttribute('aria-label')).toBe('3 by 3 by 3 box, 7 of 7 pieces; drag or use the arrow keys to turn it');
    // From above a corner the bottom piece may be out of sight; most of the others show.
    const seen = await pieces(p);
    expect(seen.length).toBeGreaterThanOrEqual(5);
    expect(seen.every((piece) => /^[0-6]$/.test(piece!))).toBe(true);
    await p.locator('.solid-view').screenshot({ path: new URL('../test-artifacts/solid-view.png', import.meta.url).pathname });
    // Seen from a corner a whole 3x3x3 cube shows three sides of nine faces each.
    expect(await faceCount(p)).toBe(27);
    // The flat layers stay under it.
    expect(await p.locator('.solid-flat svg.main-frame rect.cell.filled').count()).toBe(27);

    const before = await firstFace(p);
    const box = (await p.locator('.solid-stage').boundingBox())!;
    await p.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await p.mouse.down();
    await p.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 10, { steps: 4 });
    await p.mouse.up();
    expect(await firstFace(p)).not.toBe(before);
    const dragged = await firstFace(p);
    await p.locator('svg.solid').focus();
    await p.keyboard.press('ArrowRight');
    expect(await firstFace(p)).not.toBe(dragged);
    // The picture keeps the focus across redraws, so the keys keep turning it.
    expect(await p.evaluate(() => document.activeElement?.tagName)).toBe('svg');

    // Layers apart: the faces between layers show, so more are drawn than the 27 of the outside.
    await setRange(p, 'Layers apart', 100);
    expect(await faceCount(p)).toBeGreaterThan(27);
    await setRange(p, 'Layers apart', 0);

    // Built up from the bottom: the first piece alone, then two.
    await setRange(p, 'Pieces shown', 1);
    expect(await pieces(p)).toEqual(['0']);
    expect(await p.locator('.solid-steps').textContent()).toBe('1 of 7');
    await setRange(p, 'Pieces shown', 2);
    expect(await pieces(p)).toEqual(['0', '1']);
    await setRange(p, 'Pieces shown', 7);
    expect((await pieces(p)).length).toBeGreaterThanOrEqual(5);
    expect(await p.locator('.solid-steps').textContent()).toBe('7 of 7');
  });

  it('leaves a flat frame to the flat grid', { timeout: 120_000 }, async () => {
    const p = await open('?puzzle=pentomino&example=6x10&limit=1&run=1');
    await p.waitForSelector('.grid-view svg.main-frame');
    expect(await p.locator('.solid-view').count()).toBe(0);
  });
});
