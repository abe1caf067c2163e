// Phone first, in Chromium with touch emulation at 390x844: before the first move the play board
// (`[data-play-board]`), the count and the controls a move needs (Rotate and Flip or Tip, the digit
// pad, the drop buttons, the counters and the next pieces) are on the first screen; pentomino 6x10 and Katamino LNPUVY are played to
// "Solved!" with taps only, from the CLI's first solution.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as ServerModule from '../src/server/index.js';
import type { WebServer } from '../src/server/index.js';
import { launchChromium, type Browser } from './browser.js';
import { layByHand, remaining } from './play-helpers.js';

const { discoverPlugins, serve } = (await import('../dist/server/index.js')) as typeof ServerModule;
const repoRoot = new URL('../../../', import.meta.url).pathname;
const kitBin = join(repoRoot, 'apps/cli/dist/bin.cjs');

let server: WebServer;
let browser: Browser;
beforeAll(async () => {
  const discovery = await discoverPlugins({ root: repoRoot });
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

describe('a phone\'s first screen', () => {
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
  const line = execFileSync(process.execPath, [kitBin, 'run', ...args, '--limit', '1', '--json'], { encoding: 'utf8' }).trim().split('\n')[0]!;
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
      expect(await p.locator('.tray-piece').evaluateAll((buttons) => buttons.map((button) => (button as HTMLElement).dataset['piece']).sort())).toEqual(letters);
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
