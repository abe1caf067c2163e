// Regenerates the pictures of a game in progress in docs/: pentomino 6x10 with three pieces laid,
// the remaining count and a fourth piece in hand over the board (play.png), a Hitori half shaded
// on a 390 px phone with its count (play-phone.png), pentomino 6x10 on a 390x844 touch screen with
// five pieces laid and one in hand, the hand bar's Rotate and Flip under the board
// (play-pentomino-phone.png), and the Soma cube in play: four pieces laid in its layers and in the
// 3D box beside them, a fifth in hand (play-soma.png).
// Needs a build and Debian's chromium: `node scripts/play-screenshot.mjs`.
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { pieceCells, gameCode, playMove, startGame } from '@kit/core/play';
import { parseOptions, pluginFromModule } from '@kit/core/host';
import { chromium } from 'playwright-core';
import { discoverPlugins, serve } from '../dist/server/index.js';

const webDir = new URL('..', import.meta.url).pathname;
const repoRoot = join(webDir, '../..');
const discovery = await discoverPlugins({ root: repoRoot });
const pluginOf = async (id) => {
  const source = discovery.plugins.find((plugin) => plugin.id === id);
  return pluginFromModule(await import(source.moduleUrl), source.source);
};
const kit = (args) => execFileSync(process.execPath, [join(repoRoot, 'apps/cli/dist/bin.cjs'), ...args], { encoding: 'utf8' });

/**
 * A game of a pieces puzzle with these pieces laid where a solution has them: `cellsOf(letter)` the
 * cells (setup indices) the solution gives the letter; each is laid in the orientation and at the
 * cell that cover exactly those.
 */
function gameWith(plugin, raw, letters, cellsOf) {
  const instance = plugin.parse(parseOptions(plugin.options, raw));
  let game = startGame(plugin, instance);
  const { setup } = game;
  const size = setup.width * setup.height * (setup.depth ?? 1);
  for (const letter of letters) {
    const cells = cellsOf(letter).join();
    const piece = setup.tray.findIndex((each) => each.name === letter);
    const orientations = setup.tray[piece].orientations.length;
    search: for (let orientation = 0; orientation < orientations; orientation++) {
      for (let cell = 0; cell < size; cell++) {
        if (pieceCells(setup, piece, orientation, cell)?.join() === cells) {
          game = playMove(plugin, instance, game, { type: 'place', piece, orientation, cell });
          break search;
        }
      }
    }
  }
  return gameCode(game);
}

const pentomino = await pluginOf('pentomino');
const polycube = await pluginOf('polycube');
/** Pentomino 6x10 with these pieces where the CLI's `nth` solution has them. */
function pentominoGame(letters, nth) {
  const rows = JSON.parse(
    kit(['run', 'pentomino', '--all', '--limit', String(nth), '--json'])
      .trim()
      .split('\n')[nth - 1],
  ).solution.rows;
  return gameWith(pentomino, { size: '6' }, letters, (letter) =>
    rows.flatMap((row, r) => [...row].flatMap((char, c) => (char === letter ? [r * 10 + c] : []))),
  );
}
/** The Soma cube with these pieces where the CLI's first solution has them (cell = x + 3 (y + 3 z)). */
function somaGame(letters) {
  const layers = JSON.parse(kit(['run', 'polycube', '--set', 'soma', '--all', '--limit', '1', '--json']).trim().split('\n')[0]).solution.layers;
  return gameWith(polycube, { set: 'soma' }, letters, (letter) =>
    layers.flatMap((layer, z) => layer.flatMap((row, y) => [...row].flatMap((char, x) => (char === letter ? [x + 3 * (y + 3 * z)] : [])))),
  );
}

const server = await serve({ plugins: discovery.plugins, unavailable: discovery.unavailable });
// A browser with no profile of its own: each context is a fresh one (a desktop, a touch phone).
const browser = await chromium.launch({
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
});
const context = await browser.newContext({ colorScheme: 'light' });

async function open(search, viewport, target = context) {
  const page = await target.newPage();
  await page.setViewportSize(viewport);
  await page.goto(`${server.url}${search}`);
  await page.waitForSelector('body[data-ready]');
  await page.waitForSelector('#remaining[aria-busy="false"]', { timeout: 60_000 });
  return page;
}

try {
  let page = await open(`?puzzle=pentomino&example=6x10&play=1&game=${pentominoGame(['I', 'L', 'W'], 40)}`, { width: 1100, height: 780 });
  // A sixth piece in hand, over an empty part of the board.
  await page.locator('.tray-piece[data-piece="X"]').click();
  // Taking a piece puts the keyboard's focus on the board, which may scroll it: the page from its top.
  await page.evaluate(() => window.scrollTo(0, 0));
  const target = await page.locator('.board-cell[data-row="3"][data-col="2"]').boundingBox();
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2);
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(webDir, 'docs/play.png') });
  await page.close();

  // Hitori on a phone: a few cells of its solution shaded, one circled.
  page = await open('?puzzle=hitori-sat&example=unique-5x5&play=1', { width: 390, height: 844 });
  for (const [row, col] of [
    [0, 0],
    [0, 2],
    [1, 4],
  ])
    await page.locator(`.board-cell[data-row="${row}"][data-col="${col}"]`).click();
  for (let k = 0; k < 2; k++) await page.locator('.board-cell[data-row="1"][data-col="0"]').click();
  await page.waitForSelector('#remaining[aria-busy="false"]');
  await page.screenshot({ path: join(webDir, 'docs/play-phone.png'), fullPage: false });
  await page.close();

  // Pentomino on a phone, played by taps: five pieces laid, a sixth taken from the tray and turned
  // once with Rotate, the hand bar under the board, the first screen as a phone shows it.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, colorScheme: 'light' });
  page = await open(`?puzzle=pentomino&example=6x10&play=1&game=${pentominoGame(['I', 'L', 'P', 'U', 'X'], 1)}`, { width: 390, height: 844 }, phone);
  await page.locator('.tray-piece[data-piece="N"]').tap();
  await page.getByRole('button', { name: 'Rotate', exact: true }).tap();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(webDir, 'docs/play-pentomino-phone.png') });
  await phone.close();

  // The Soma cube: four pieces laid, shown in their layers and in the 3D box, a fifth in hand over
  // the middle layer; the picture is the play area (count, layers, box, hand bar, tray).
  page = await open(`?puzzle=polycube&example=soma&play=1&game=${somaGame(['V', 'L', 'T', 'Z'])}`, { width: 1100, height: 900 });
  await page.locator('.tray-piece[data-piece="A"]').click();
  // Turned (R, then T after each four) until it fits somewhere, held over the first cell where it does (its ghost blue, not red).
  const cells = await page.locator('.board-cell').all();
  search: for (let turn = 0; turn < 16; turn++) {
    for (const cell of cells) {
      const box = await cell.boundingBox();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      if ((await page.locator('.board-cell.ghost').count()) === 4) break search;
    }
    await page.keyboard.press(turn % 4 === 3 ? 't' : 'r');
  }
  await page.waitForTimeout(300);
  await page.locator('.play-layout > .stage').screenshot({ path: join(webDir, 'docs/play-soma.png') });
  await page.close();
  for (const name of ['play.png', 'play-phone.png', 'play-pentomino-phone.png', 'play-soma.png'])
    console.log(`docs/${name}: ${statSync(join(webDir, 'docs', name)).size} bytes`);
} finally {
  await browser.close();
  await server.close();
}
