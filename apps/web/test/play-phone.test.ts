// Phone first, in Chromium with touch emulation at 390x844: before the first move the play board
// (`[data-play-board]`), the count and the controls a move needs (Rotate and Flip or Tip, the digit
// pad, the drop buttons, the counters and the next pieces) are on the first screen; pentomino 6x10, Katamino LNPUVY and the
// Soma cube are played to "Solved!" with taps only, from the CLI's first solution.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { parseOptions, pluginFromModule } from '@kit/core/host';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as ServerModule from '../src/server/index.js';
import type { WebServer } from '../src/server/index.js';
import { launchChromium, type Browser } from './browser.js';
import { boardCell, layByHand, layInBox, remaining, type TrayTurns } from './play-helpers.js';

const { discoverPlugins, serve } = (await import('../dist/server/index.js')) as typeof ServerModule;
const repoRoot = new URL('../../../', import.meta.url).pathname;
const kitBin = join(repoRoot, 'apps/cli/dist/bin.cjs');

const discovery = await discoverPlugins({ root: repoRoot });
let server: WebServer;
let browser: Browser;
beforeAll(async () => {
  server = await serve({ plugins: discovery.plugins, unavailable: discovery.unavailable });
  browser = await launchChromium({ phone: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(search: string): Promise<{ p: Page; errors: string[] }> {
  const p = await browser.context.newPage();
  const errors: string[] = [];
  p.on('pageerror', (error) => errors.push(error.message));
  await p.goto(new URL(search, server.url).href);
  await p.waitForSelector('body[data-ready]', { timeout: 30_000 });
  await p.evaluate(() => localStorage.clear());
  await p.waitForSelector('[data-play-board]');
  return { p, errors };
}

/** The elements (by selector) whose box is not wholly inside the first screen, with their boxes. */
async function offScreen(p: Page, selectors: readonly string[]): Promise<string[]> {
  return p.evaluate((list) => {
    const out: string[] = [];
    for (const selector of list) {
      const elements = [...document.querySelectorAll(selector)];
      if (elements.length === 0) out.push(`${selector}: missing`);
      for (const element of elements) {
        const box = element.getBoundingClientRect();
        if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth || box.width === 0) {
          out.push(`${selector}: ${Math.round(box.left)},${Math.round(box.top)} to ${Math.round(box.right)},${Math.round(box.bottom)}`);
        }
      }
    }
    return out;
  }, selectors);
}

const PIECES = ['[data-play-board]', '#remaining', '.hand-bar', '.hand-turn'];
const FIRST_SCREEN: Array<[string, string[]]> = [
  ['?puzzle=hitori-sat&example=unique-5x5&play=1', ['[data-play-board]', '#remaining', '.mark-buttons']],
  ['?puzzle=sudoku&example=wikipedia&play=1', ['[data-play-board]', '#remaining', '.mark-buttons .mark-button']],
  ['?puzzle=pentomino&example=6x10&play=1', PIECES],
  ['?puzzle=katamino&example=lnpuvy&play=1', PIECES],
  ['?puzzle=polycube&example=soma&play=1', PIECES],
  ['?puzzle=puyo&example=nazo&play=1', ['[data-play-board]', '#remaining', '.drop-buttons', '.play-counters']],
  ['?puzzle=puyo&example=builder&play=1', ['[data-play-board]', '.drop-buttons', '.play-counters', '.drops-next li']],
];

describe("a phone's first screen", () => {
  for (const [search, selectors] of FIRST_SCREEN) {
    it(`${search}: the board, the count and the controls a move needs, before the first move`, async () => {
      const { p, errors } = await open(search);
      // Counted, or (free play has no count) the piece over the field.
      await p.waitForSelector('#remaining[aria-busy="false"]:not([hidden]), [data-play-board][data-column]');
      expect(await p.evaluate(() => [innerWidth, innerHeight, scrollY])).toEqual([390, 844, 0]);
      expect(await offScreen(p, selectors)).toEqual([]);
      expect(errors).toEqual([]);
      await p.close();
    });
  }
});

/** The CLI's first solution's rows. */
const firstRows = (args: string[]) => {
  const line = execFileSync(process.execPath, [kitBin, 'run', ...args, '--limit', '1', '--json'], { encoding: 'utf8' })
    .trim()
    .split('\n')[0]!;
  return (JSON.parse(line) as { solution: { rows: string[] } }).solution.rows;
};

describe('solved with taps only', () => {
  const games: Array<[string, string, string[]]> = [
    ['pentomino 6x10', '?puzzle=pentomino&example=6x10&play=1', ['pentomino', '--all']],
    ['Katamino LNPUVY', '?puzzle=katamino&example=lnpuvy&play=1', ['katamino', '--pieces', 'LNPUVY']],
  ];
  for (const [name, search, args] of games) {
    it(`${name}, from the CLI's first solution`, async () => {
      const rows = firstRows(args);
      const { p, errors } = await open(search);
      const letters = [...new Set(rows.join(''))].sort();
      expect(await p.locator('.tray-piece').evaluateAll((buttons) => buttons.map((button) => (button as HTMLElement).dataset['piece']).sort())).toEqual(
        letters,
      );
      await remaining(p);
      for (const letter of letters) {
        await layByHand(p, rows, letter, 'tap');
        expect(await p.locator(`.tray-piece[data-piece="${letter}"]`).getAttribute('data-left')).toBe('0');
      }
      // The board as the CLI has it, cell for cell.
      const shown = await p.locator('.stage .board-cell').evaluateAll((cells) => cells.map((cell) => (cell as HTMLElement).dataset['mark'] ?? ''));
      expect(shown.join('')).toBe(rows.join(''));
      await p.waitForSelector('#play-solved:not([hidden])');
      expect(await p.locator('#play-solved').textContent()).toMatch(/^Solved! in \d+:\d\d$/);
      expect(errors).toEqual([]);
      await p.close();
    }, 120_000);
  }
});

describe('the Soma cube solved with taps only', () => {
  it("across its three layers, from the CLI's first solution: each piece taken, turned with Rotate and Tip, tapped into place; one picked up from another layer and laid again", async () => {
    const line = execFileSync(process.execPath, [kitBin, 'run', 'polycube', '--set', 'soma', '--all', '--limit', '1', '--json'], { encoding: 'utf8' })
      .trim()
      .split('\n')[0]!;
    const layers = (JSON.parse(line) as { solution: { layers: string[][] } }).solution.layers;
    // The pieces' turns as the plugin's play setup has them: the test plans the taps, the page makes them.
    const source = discovery.plugins.find((plugin) => plugin.id === 'polycube')!;
    const plugin = pluginFromModule((await import(source.moduleUrl)) as Record<string, unknown>, source.source);
    const setup = plugin.play!.setup(plugin.parse(parseOptions(plugin.options, { set: 'soma' })), { seed: 1 });
    if (setup.kind !== 'pieces') throw new Error('the Soma cube is played with pieces');
    const buttons = { r: 'Rotate', t: 'Tip' };
    expect(setup.tray.flatMap((piece) => piece.turns.map((turn) => turn.key))).toEqual(setup.tray.flatMap(() => Object.keys(buttons)));

    const { p, errors } = await open('?puzzle=polycube&example=soma&play=1');
    const letters = [...new Set(layers.flat().join(''))].sort();
    expect(await p.locator('.tray-piece').evaluateAll((pieces) => pieces.map((piece) => (piece as HTMLElement).dataset['piece']).sort())).toEqual(letters);
    expect(await p.locator('.box-slice-name').allTextContents()).toEqual(['Layer 1 (bottom)', 'Layer 2', 'Layer 3 (top)']);
    await remaining(p);
    const marks = () => p.locator('.stage .board-cell').evaluateAll((cells) => cells.map((cell) => (cell as HTMLElement).dataset['mark'] || '.').join(''));
    // The layers' board keeps its place on the page through the game (taps scroll the page: measured from the page's top).
    const place = () =>
      p.locator('[data-play-board]').evaluate((board) => {
        const box = board.getBoundingClientRect();
        return [box.left + scrollX, box.top + scrollY, box.width, box.height].map(Math.round);
      });
    const start = await place();
    // The first piece that reaches across layers is picked up again once laid.
    const spans = (name: string) => new Set(layers.flatMap((layer, z) => (layer.join('').includes(name) ? [z] : []))).size;
    const again = setup.tray.find((piece) => spans(piece.name) > 1)!.name;
    for (const piece of setup.tray) {
      await layInBox(p, layers, piece as TrayTurns, buttons);
      expect(await p.locator(`.tray-piece[data-piece="${piece.name}"]`).getAttribute('data-left')).toBe('0');
      expect(await place(), piece.name).toEqual(start);
      if (piece.name !== again) continue;
      // A tap on its cube in a higher layer than its lowest picks it up; Back to tray takes it off; laid again.
      const laid = await marks();
      const cube = laid.lastIndexOf(piece.name);
      expect(Math.floor(cube / 9)).toBeGreaterThan(Math.floor(laid.indexOf(piece.name) / 9));
      await boardCell(p, Math.floor(cube / 3), cube % 3).tap();
      expect(await p.locator('.hand-piece').getAttribute('data-piece')).toBe(piece.name);
      await p.getByRole('button', { name: 'Back to tray', exact: true }).tap();
      expect(await marks()).toBe(laid.replaceAll(piece.name, '.'));
      await layInBox(p, layers, piece as TrayTurns, buttons);
      expect(await marks()).toBe(laid);
    }
    // The layers' board as the CLI has the cube, bottom layer first, cube for cube.
    expect(await marks()).toBe(layers.flat().join(''));
    await p.waitForSelector('#play-solved:not([hidden])');
    expect(await p.locator('#play-solved').textContent()).toMatch(/^Solved! in \d+:\d\d$/);
    expect(await place()).toEqual(start);
    // The 3D box beside the layers holds the seven pieces.
    expect(await p.locator('.play-solid svg.solid').getAttribute('aria-label')).toBe('3 by 3 by 3 box, 7 of 7 pieces; drag or use the arrow keys to turn it');
    expect(errors).toEqual([]);
    await p.close();
  }, 180_000);
});
