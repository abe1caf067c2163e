// Regenerates the pictures of a game in progress in docs/: pentomino 6x10 with three pieces laid,
// the remaining count and a fourth piece in hand over the board (play.png), and a Hitori half shaded
// on a 390 px phone with its count (play-phone.png).
// Needs a build and Debian's chromium: `node scripts/play-screenshot.mjs`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pieceCells, gameCode, playMove, startGame } from '@kit/core/play';
import { parseOptions, pluginFromModule } from '@kit/core/host';
import { chromium } from 'playwright-core';
import { discoverPlugins, serve } from '../dist/server/index.js';

const webDir = new URL('..', import.meta.url).pathname;
const repoRoot = join(webDir, '../..');
const discovery = await discoverPlugins({ root: repoRoot });
const source = discovery.plugins.find((plugin) => plugin.id === 'pentomino');
const pentomino = pluginFromModule(await import(source.moduleUrl), source.source);
const kit = (args) => execFileSync(process.execPath, [join(repoRoot, 'apps/cli/dist/bin.cjs'), ...args], { encoding: 'utf8' });

/** A game of 6x10 with these pieces laid where one of its solutions has them. */
function pentominoGame(letters) {
  const rows = JSON.parse(kit(['run', 'pentomino', '--all', '--limit', '40', '--json']).trim().split('\n')[39]).solution.rows;
  const instance = pentomino.parse(parseOptions(pentomino.options, { size: '6' }));
  let game = startGame(pentomino, instance);
  for (const letter of letters) {
    const cells = rows.flatMap((row, r) => [...row].flatMap((char, c) => (char === letter ? [r * 10 + c] : [])));
    const piece = game.setup.tray.findIndex((each) => each.name === letter);
    const orientations = game.setup.tray[piece].orientations.length;
    search: for (let orientation = 0; orientation < orientations; orientation++) {
      for (let cell = 0; cell < 60; cell++) {
        if (pieceCells(game.setup, piece, orientation, cell)?.join() === cells.join()) {
          game = playMove(pentomino, instance, game, { type: 'place', piece, orientation, cell });
          break search;
        }
      }
    }
  }
  return gameCode(game);
}

const server = await serve({ plugins: discovery.plugins, unavailable: discovery.unavailable });
const profile = mkdtempSync(join(tmpdir(), 'kit-web-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.KIT_CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  colorScheme: 'light',
});

async function open(search, viewport) {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  await page.goto(`${server.url}${search}`);
  await page.waitForSelector('body[data-ready]');
  await page.waitForSelector('#remaining[aria-busy="false"]', { timeout: 60_000 });
  return page;
}

try {
  let page = await open(`?puzzle=pentomino&example=6x10&play=1&game=${pentominoGame(['I', 'L', 'W'])}`, { width: 1100, height: 780 });
  // A sixth piece in hand, over an empty part of the board.
  await page.locator('.tray-piece[data-piece="X"]').click();
  const target = await page.locator('.board-cell[data-row="3"][data-col="2"]').boundingBox();
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2);
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(webDir, 'docs/play.png') });
  await page.close();

  // Hitori on a phone: a few cells of its solution shaded, one circled.
  page = await open('?puzzle=hitori-sat&example=unique-5x5&play=1', { width: 390, height: 844 });
  for (const [row, col] of [[0, 0], [0, 2], [1, 4]]) await page.locator(`.board-cell[data-row="${row}"][data-col="${col}"]`).click();
  for (let k = 0; k < 2; k++) await page.locator('.board-cell[data-row="1"][data-col="0"]').click();
  await page.waitForSelector('#remaining[aria-busy="false"]');
  await page.screenshot({ path: join(webDir, 'docs/play-phone.png'), fullPage: false });
  await page.close();
} finally {
  await context.close();
  await server.close();
  rmSync(profile, { recursive: true, force: true });
}
