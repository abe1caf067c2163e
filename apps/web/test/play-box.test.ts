// The Play tab with a box of layers (a PiecesSetup with depth): @kit/polycube's Soma cube in
// headless Chromium. Its 3x3x3 board is three layers of rows, a piece dragged on covers cubes in
// the layers it reaches, and the count is the CLI's `--symmetry none` count for the cube with the
// laid cubes as holes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as ServerModule from '../src/server/index.js';
import type { WebServer } from '../src/server/index.js';
import { launchChromium, type Browser } from './browser.js';
import { boardCell, dragPiece, remaining } from './play-helpers.js';

const { discoverPlugins, serve } = (await import('../dist/server/index.js')) as typeof ServerModule;
const repoRoot = new URL('../../../', import.meta.url).pathname;
const kitBin = join(repoRoot, 'apps/cli/dist/bin.cjs');
const discovery = await discoverPlugins({ root: repoRoot });

let server: WebServer;
let browser: Browser;
let page: Page | undefined;
const work = mkdtempSync(join(tmpdir(), 'kit-play-box-'));

beforeAll(async () => {
  server = await serve({ plugins: discovery.plugins.filter((source) => source.id === 'polycube'), unavailable: [] });
  browser = await launchChromium();
});
afterAll(async () => {
  await page?.close();
  await browser?.close();
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('a box in play', () => {
  it("lays a Soma piece into the 3x3x3 box; the count is the CLI's for the cube with its cubes as holes", { timeout: 120_000 }, async () => {
    page = await browser.context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${server.url}?puzzle=polycube&example=soma&play=1`);
    await page.waitForSelector('body[data-ready]', { timeout: 30_000 });
    const p = page;
    // 11,520 packings: past the referee's cap.
    expect(await remaining(p)).toEqual({ data: '1000+', text: 'more than 1,000' });
    // The example's title counts 240 packings up to symmetry; the count says it counts every one.
    expect(await p.locator('#play-example option:checked').textContent()).toBe('The Soma cube: 240 solutions');
    expect(await p.locator('.referee-label').textContent()).toBe('Ways to finish (turned and mirrored copies count apart)');
    expect(await p.locator('.stage .board-cell').count()).toBe(27);
    expect(await p.locator('.tray-piece').count()).toBe(7);

    // The box in 3D beside its layers: empty at the start; tray pieces are drawn in 3D, so Soma's
    // A and B (mirror images) and P, one flat L seen from above, are three different pictures.
    const solid = p.locator('.pieces-play .play-solid svg.solid');
    await solid.waitFor();
    expect(await solid.locator('.face').count()).toBe(0);
    expect(await p.locator('.tray-piece svg.tray-solid').count()).toBe(7);
    const picture = (name: string) => p.locator(`.tray-piece[data-piece="${name}"] svg.tray-solid`).innerHTML();
    const [a, b, pp] = await Promise.all(['A', 'B', 'P'].map(picture));
    expect(new Set([a, b, pp]).size).toBe(3);

    // T tips the piece in hand over: the tray draws another shape (seen from above).
    const trayShape = () =>
      p
        .locator('.tray-piece[data-piece="L"] [data-part]')
        .evaluateAll((cells) => cells.map((cell) => `${(cell as HTMLElement).dataset['dr']},${(cell as HTMLElement).dataset['dc']}`).join(' '));
    const flat = await trayShape();
    await p.locator('.tray-piece[data-piece="L"]').focus();
    await p.keyboard.press('t');
    expect(await trayShape()).not.toBe(flat);
    for (let turn = 0; turn < 3; turn++) await p.keyboard.press('t');
    expect(await trayShape()).toBe(flat);

    // L flat, by its first cube onto the bottom layer's corner (row 0 of the stacked board).
    await dragPiece(p, 'L', 0, 0, 0);
    const marks = await p.locator('.stage .board-cell').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-mark') ?? ''));
    const covered = marks.flatMap((mark, i) => (mark === 'L' ? [i] : []));
    expect(covered).toHaveLength(4);
    expect(covered).toEqual([0, 1, 2, 3]);
    for (const cell of covered) expect(await boardCell(p, Math.floor(cell / 3), cell % 3).getAttribute('data-mark')).toBe('L');
    // The laid L stands in the 3D box, one piece; the arrow keys turn the box.
    const faces = () => solid.locator('.face').evaluateAll((all) => all.map((face) => `${face.getAttribute('data-piece')} ${face.getAttribute('points')}`));
    const seen = await faces();
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen.map((face) => face.split(' ')[0])).size).toBe(1);
    await solid.focus();
    await p.keyboard.press('ArrowRight');
    const turned = await faces();
    expect(turned.length).toBeGreaterThan(0);
    expect(turned).not.toEqual(seen);

    // The cube with L's cubes as holes, bottom layer first, and the six pieces left.
    const layers = [0, 1, 2].map((z) => [0, 1, 2].map((y) => [0, 1, 2].map((x) => (covered.includes(9 * z + 3 * y + x) ? '#' : '.')).join('')).join('\n'));
    const target = join(work, 'target.txt');
    writeFileSync(target, `${layers.join('\n\n')}\n`);
    const done = JSON.parse(
      execFileSync(process.execPath, [kitBin, 'run', 'polycube', target, '--pieces', 'VTZABP', '--symmetry', 'none', '--count', '--json'], {
        encoding: 'utf8',
      }).trim(),
    ) as { solutions: number };
    const shown = await remaining(p);
    // Below the cap, so the page shows the exact count.
    expect(done.solutions).toBeGreaterThan(0);
    expect(done.solutions).toBeLessThan(1000);
    expect(shown.data).toBe(String(done.solutions));
    expect(problems).toEqual([]);
  });
});
