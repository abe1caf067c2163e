// The Play tab in headless Chromium with three plugins nobody in this repository wrote, copied to a
// temporary directory: a puzzle of marks (Binairo), one of pieces (trominoes) and one of drops
// (falling gems). The page knows none of them: each is played through its play contract alone, to
// "Solved!", with the referee's counts, mistakes and hints, undo and redo, storage, links, the
// browser's Back, the clock, the keyboard, a phone's width and axe-core.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyPlugin } from '@kit/core/host';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as ServerModule from '../src/server/index.js';
import type { WebServer } from '../src/server/index.js';
import { launchChromium, type Browser } from './browser.js';
import { axeProblems, boardCell, dragPiece, pageOpener, pieceParts, remaining, smallTargets } from './play-helpers.js';

const builtServer = '../dist/server/index.js';
const { serve } = (await import(builtServer)) as typeof ServerModule;

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../../..');
const kitBin = join(repoRoot, 'apps/cli/dist/bin.cjs');
const FIXTURES = ['binairo', 'tiles', 'gems', 'nonogram'];

let server: WebServer;
let browser: Browser;
let pluginDir: string;
const pluginFile = (id: string) => join(pluginDir, `${id}-play-plugin.js`);

beforeAll(async () => {
  pluginDir = mkdtempSync(join(tmpdir(), 'kit-play-plugins-'));
  for (const id of FIXTURES) copyFileSync(join(here, `fixtures/${id}-play-plugin.js`), pluginFile(id));
  const plugins = FIXTURES.map((id) => ({ id, source: pluginFile(id), moduleUrl: pathToFileURL(pluginFile(id)).href, packageDir: pluginDir }));
  server = await serve({ plugins });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (pluginDir) rmSync(pluginDir, { recursive: true, force: true });
});

/** Pages of the served site with no stored progress; a page error fails the test at `close`. */
const { open, close } = pageOpener(
  () => browser.context,
  () => server.url,
  { httpErrors: true },
);

// The 4x4 Binairo sample "four" (1..0/.0../11../....) and its one solution, found by brute force here.
const BINAIRO_GIVENS = '1..0.0..11......';
const BINAIRO_SOLUTION = (() => {
  const fits = (grid: string) => {
    const rows = [0, 1, 2, 3].map((r) => grid.slice(r * 4, r * 4 + 4));
    const cols = [0, 1, 2, 3].map((c) => rows.map((row) => row[c]).join(''));
    const fine = (line: string) => !line.includes('000') && !line.includes('111') && line.split('1').length === 3;
    return rows.every(fine) && cols.every(fine) && new Set(rows).size === 4 && new Set(cols).size === 4;
  };
  const all: string[] = [];
  for (let bits = 0; bits < 1 << 16; bits++) {
    const grid = Array.from({ length: 16 }, (_, i) => String((bits >> i) & 1)).join('');
    if ([...BINAIRO_GIVENS].every((given, i) => given === '.' || given === grid[i]) && fits(grid)) all.push(grid);
  }
  expect(all.length).toBe(1);
  return all[0]!;
})();
/** Clicks a Binairo cell from its mark to `want` (the click cycle is empty, 0, 1); the clicks, each a move. */
async function setMark(p: Page, cell: number, want: string): Promise<number> {
  const order = ['.', '0', '1'];
  const target = boardCell(p, Math.floor(cell / 4), cell % 4);
  const now = (await target.getAttribute('data-mark'))!;
  const clicks = (order.indexOf(want) - order.indexOf(now) + 3) % 3;
  for (let k = 0; k < clicks; k++) await target.click();
  expect(await target.getAttribute('data-mark')).toBe(want);
  return clicks;
}

describe('a puzzle of marks from a temporary directory (Binairo)', () => {
  it('is played to "Solved!" with clicks only, the count following every move', async () => {
    const p = await open('?puzzle=binairo&example=four&play=1');
    expect(await p.getByRole('tab', { name: 'Play' }).getAttribute('aria-selected')).toBe('true');
    expect(await remaining(p)).toEqual({ data: '1', text: '1 solution left' });
    // Givens cannot change.
    await boardCell(p, 0, 0).click();
    expect(await boardCell(p, 0, 0).getAttribute('data-mark')).toBe('1');
    expect(await p.locator('#play-message').textContent()).toBe('row 1, column 1 is given and cannot change');
    for (let cell = 0; cell < 16; cell++) {
      if (BINAIRO_GIVENS[cell] !== '.') continue;
      await setMark(p, cell, BINAIRO_SOLUTION[cell]!);
      if (cell < 15) expect((await remaining(p)).data).toBe('1');
    }
    await p.waitForSelector('#play-solved:not([hidden])');
    expect(await p.locator('#play-solved').textContent()).toMatch(/^Solved! in \d+:\d\d$/);
    expect(await p.locator('#play-violations li').count()).toBe(0);
    await close(p);
  });

  it('says "no solution from here" after a wrong mark, names that move as the mistake and picks out its cell; Undo, Redo and the keys', async () => {
    const p = await open('?puzzle=binairo&example=four&play=1');
    await setMark(p, 1, BINAIRO_SOLUTION[1]!);
    expect((await remaining(p)).data).toBe('1');
    const wrong = BINAIRO_SOLUTION[6] === '0' ? '1' : '0';
    await setMark(p, 6, wrong);
    const moves = wrong === '1' ? 3 : 2;
    expect(await remaining(p)).toEqual({ data: '0', text: 'no solution from here' });
    expect(await p.locator('#play-mistake').getAttribute('data-move')).toBe(String(moves));
    expect(await p.locator('#play-mistake').textContent()).toBe(`Move ${moves} was the mistake: ${wrong === '1' ? 'one' : 'zero'} at row 2, column 3.`);
    expect(
      await p
        .locator('.board-cell.mistake')
        .evaluateAll((cells) => cells.map((cell) => `${(cell as HTMLElement).dataset['row']},${(cell as HTMLElement).dataset['col']}`)),
    ).toEqual(['1,2']);
    // More marks after the mistake do not move it.
    const more = await setMark(p, 2, BINAIRO_SOLUTION[2]!);
    expect((await remaining(p)).data).toBe('0');
    expect(await p.locator('#play-mistake').getAttribute('data-move')).toBe(String(moves));
    // Undo back to before the mistake: the button once, then Ctrl+Z.
    await p.getByRole('button', { name: 'Undo', exact: true }).click();
    expect((await remaining(p)).data).toBe('0');
    for (let k = 0; k < more; k++) await p.keyboard.press('Control+z');
    expect(await remaining(p)).toEqual({ data: '1', text: '1 solution left' });
    expect(await p.locator('#play-mistake').isHidden()).toBe(true);
    expect(await boardCell(p, 1, 2).getAttribute('data-mark')).toBe(moves === 3 ? '0' : '.');
    // Ctrl+Shift+Z and Ctrl+Y play the moves again, the Redo button the rest.
    await p.keyboard.press('Control+Shift+Z');
    expect(await boardCell(p, 1, 2).getAttribute('data-mark')).toBe(wrong);
    expect((await remaining(p)).data).toBe('0');
    await p.keyboard.press('Control+y');
    for (let k = 1; k < more; k++) await p.getByRole('button', { name: 'Redo', exact: true }).click();
    expect(await boardCell(p, 0, 2).getAttribute('data-mark')).toBe(BINAIRO_SOLUTION[2]);
    expect(await p.getByRole('button', { name: 'Redo', exact: true }).isDisabled()).toBe(true);
    await p.getByRole('button', { name: 'Start over' }).click();
    expect(await remaining(p)).toEqual({ data: '1', text: '1 solution left' });
    expect(await p.getByRole('button', { name: 'Redo', exact: true }).isEnabled()).toBe(true);
    await close(p);
  });

  it('gives a hint: a cell whose mark is the one in the unique solution, picked out and explained', async () => {
    const p = await open('?puzzle=binairo&example=six&play=1');
    await remaining(p);
    await p.getByRole('button', { name: 'Hint' }).click();
    await p.waitForSelector('#play-hint[data-mark]');
    const hint = await p.locator('#play-hint').evaluate((element) => ({ ...(element as HTMLElement).dataset }));
    // The 6x6 sample's solution, from the plugin's own CLI run.
    const solution = execFileSync(
      process.execPath,
      [kitBin, 'run', 'binairo', '--plugin', pluginFile('binairo'), '--rows', '.0..1./....../.1..00/1...../...0../..0..0', '--json'],
      { encoding: 'utf8' },
    )
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; solution?: { cells: string } })
      .filter((line) => line.type === 'solution');
    expect(solution.length).toBe(1);
    const cell = Number(hint['row']) * 6 + Number(hint['col']);
    expect(hint['mark']).toBe(solution[0]!.solution!.cells[cell]);
    expect(hint['basis']).toBe('uniqueness');
    expect(await p.locator('#play-hint').textContent()).toMatch(/^Hint: (zero|one) at row \d, column \d\. The one solution left has this mark/);
    expect(await p.locator('.board-cell.hint').count()).toBe(1);
    await close(p);
  });

  it('keeps the game over a reload, drops stored progress that does not hold, and links to the position', async () => {
    let p = await open('?puzzle=binairo&example=four&play=1');
    await setMark(p, 1, '0');
    await setMark(p, 2, '1');
    await remaining(p);
    await p.reload();
    await p.waitForSelector('body[data-ready]');
    expect((await remaining(p)).data).toBe('1');
    expect([await boardCell(p, 0, 1).getAttribute('data-mark'), await boardCell(p, 0, 2).getAttribute('data-mark')]).toEqual(['0', '1']);
    expect(await p.getByRole('button', { name: 'Undo', exact: true }).isEnabled()).toBe(true);
    const position = await p.getByRole('link', { name: 'Link to this position' }).getAttribute('href');
    expect(position).toMatch(/^\?puzzle=binairo&rows=.*&play=1&game=1-1-/);
    const puzzleOnly = await p.getByRole('link', { name: 'Link', exact: true }).getAttribute('href');
    expect(puzzleOnly).toBe(position!.replace(/&game=.*$/, ''));

    // Storage someone else wrote: a code whose move is off the board, then not JSON at all.
    const keys = await p.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('kit-play:')));
    expect(keys.length).toBe(1);
    // (Written from another page of the site: the game's own page saves when it is left.)
    const playUrl = p.url();
    await p.goto(new URL('plugins/manifest.json', server.url).href);
    await p.evaluate((key) => {
      const entry = JSON.parse(localStorage.getItem(key)!) as { code: string };
      localStorage.setItem(key, JSON.stringify({ ...entry, code: '1-1-1.mzz-1' }));
    }, keys[0]!);
    await p.goto(playUrl);
    await p.waitForSelector('body[data-ready]');
    await remaining(p);
    expect(await p.locator('#play-message').textContent()).toMatch(
      /^The progress kept in this browser could not be replayed \(move 1: cell 1295 is not on the 4x4 board\); starting afresh\.$/,
    );
    expect(await boardCell(p, 0, 1).getAttribute('data-mark')).toBe('.');
    await p.goto(new URL('plugins/manifest.json', server.url).href);
    await p.evaluate((key) => localStorage.setItem(key, '{"puzzle":'), keys[0]!);
    await p.goto(playUrl);
    await p.waitForSelector('body[data-ready]');
    await remaining(p);
    expect(await p.locator('#play-message').textContent()).toBe('The progress saved in this browser could not be read (it is not JSON); starting afresh.');
    await close(p);

    // The position's link, in a fresh page: the same marks, and the undo history with them.
    p = await open(position!);
    expect((await remaining(p)).data).toBe('1');
    expect([await boardCell(p, 0, 1).getAttribute('data-mark'), await boardCell(p, 0, 2).getAttribute('data-mark')]).toEqual(['0', '1']);
    expect(new URL(p.url()).searchParams.get('game')).toBeNull();
    // A link whose game does not fit the puzzle opens the puzzle from the start, saying why.
    await p.goto(new URL('?puzzle=binairo&example=four&play=1&game=1-1-1.p0-0-0', server.url).href);
    await p.waitForSelector('body[data-ready]');
    await remaining(p);
    expect(await p.locator('#play-message').textContent()).toBe(
      "The link's position could not be read (move 1: a place move does not fit a board of marks); here is the puzzle from the start.",
    );
    await close(p);
  });

  it("leaves play with the browser's Back, not the page, and comes back with Forward", async () => {
    const p = await open('?puzzle=binairo&example=four');
    await p.getByRole('tab', { name: 'Play' }).click();
    await remaining(p);
    expect(new URL(p.url()).searchParams.get('play')).toBe('1');
    await setMark(p, 1, '0');
    await p.goBack();
    await p.waitForFunction(() => document.querySelector('[role="tab"][data-mode="solve"]')?.getAttribute('aria-selected') === 'true');
    expect(new URL(p.url()).searchParams.get('puzzle')).toBe('binairo');
    expect(new URL(p.url()).searchParams.get('play')).toBeNull();
    await p.goForward();
    await p.waitForFunction(() => document.querySelector('[role="tab"][data-mode="play"]')?.getAttribute('aria-selected') === 'true');
    expect(await boardCell(p, 0, 1).getAttribute('data-mark')).toBe('0');
    // A link straight into play: Back still lands on the puzzle's Solve tab.
    await p.goto(new URL('?puzzle=binairo&example=four&play=1', server.url).href);
    await p.waitForSelector('body[data-ready]');
    await remaining(p);
    await p.goBack();
    await p.waitForFunction(() => document.querySelector('[role="tab"][data-mode="solve"]')?.getAttribute('aria-selected') === 'true');
    expect(new URL(p.url()).searchParams.get('puzzle')).toBe('binairo');
    await close(p);
  });

  it('stops the clock while the tab is hidden', async () => {
    const p = await open('?puzzle=binairo&example=four&play=1');
    await remaining(p);
    const hide = (hidden: boolean) =>
      p.evaluate((value) => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (value ? 'hidden' : 'visible') });
        document.dispatchEvent(new Event('visibilitychange'));
      }, hidden);
    await p.waitForFunction(() => document.querySelector('#play-timer')?.textContent === '0:01', undefined, { timeout: 5000 });
    await hide(true);
    const shown = await p.locator('#play-timer').textContent();
    await p.waitForTimeout(2500);
    expect(await p.locator('#play-timer').textContent()).toBe(shown);
    await hide(false);
    await p.waitForFunction((before) => document.querySelector('#play-timer')?.textContent !== before, shown, { timeout: 5000 });
    await close(p);
  });
});

describe('a puzzle of pieces from a temporary directory (trominoes)', () => {
  it('lays pieces by dragging and with the keyboard; the count is what the CLI counts with those cells filled', async () => {
    const p = await open('?puzzle=tiles&play=1');
    expect(await remaining(p)).toEqual({ data: '8', text: '8 left' });
    // The straight piece along the top row, dragged by its middle cell.
    const parts = await pieceParts(p, 'I');
    const middle = parts.findIndex(([row, col]) => row === 0 && col === 1);
    expect(middle).toBeGreaterThanOrEqual(0);
    await dragPiece(p, 'I', middle, 0, 1);
    expect((await remaining(p)).data).toBe('2');
    expect(await Promise.all([0, 1, 2].map((col) => boardCell(p, 0, col).getAttribute('data-mark')))).toEqual(['I', 'I', 'I']);
    const cli = (board: string, i: number, l: number) =>
      JSON.parse(
        execFileSync(
          process.execPath,
          [kitBin, 'run', 'tiles', '--plugin', pluginFile('tiles'), '--board', board, '--i', String(i), '--l', String(l), '--count', '--json'],
          { encoding: 'utf8' },
        )
          .trim()
          .split('\n')
          .at(-1)!,
      ) as { solutions: number };
    expect(cli('###/.../...', 0, 2).solutions).toBe(2);
    // A bent piece with the keyboard: taken with Enter, turned with R until it fits the corner, laid with Enter.
    await p.locator('.tray-piece[data-piece="L"]').focus();
    await p.keyboard.press('Enter');
    await p.keyboard.press('ArrowDown');
    let tries = 0;
    while ((await p.locator('.board-cell.ghost').count()) === 0 && tries++ < 8) await p.keyboard.press('r');
    const ghost = await p
      .locator('.board-cell.ghost')
      .evaluateAll((cells) => cells.map((cell) => Number((cell as HTMLElement).dataset['row']) * 3 + Number((cell as HTMLElement).dataset['col'])));
    expect(ghost.length).toBe(3);
    await p.keyboard.press('Enter');
    const laid = await remaining(p);
    const board = [...'###......']
      .map((char, cell) => (ghost.includes(cell) ? '#' : char))
      .join('')
      .replace(/(...)(?=.)/g, '$1/');
    expect(Number(laid.data)).toBe(cli(board, 0, 1).solutions);
    // Delete puts the focused piece back; Undo lays it again.
    await p.keyboard.press('Delete');
    expect((await remaining(p)).data).toBe('2');
    await p.keyboard.press('Control+z');
    expect((await remaining(p)).data).toBe(laid.data);
    // A piece dropped on another is refused, with the reason.
    await dragPiece(p, 'L', 0, 0, 0);
    expect(await p.locator('#play-message').textContent()).toMatch(/^L would overlap I at row 1, column \d$|^L does not fit on the board there$/);
    await close(p);
  });
});

describe('a puzzle with clue margins, its own cell names and counters (Nonogram)', () => {
  // The heart .#.#./#####/.###./..#.. : its runs, read here from the picture, are the margins' clues.
  const PICTURE = ['.#.#.', '#####', '.###.', '..#..'];
  const runs = (line: string) =>
    line
      .split(/\.+/)
      .filter((run) => run !== '')
      .map((run) => String(run.length))
      .join(' ');
  const COLUMNS = [0, 1, 2, 3, 4].map((col) => runs(PICTURE.map((row) => row[col]).join('')));

  it('draws the clues beside the board, each over its column or by its row; names cells A1-E4; shows its counters', async () => {
    const p = await open('?puzzle=nonogram&example=heart&play=1');
    expect(await remaining(p)).toEqual({ data: '1', text: '1 solution left' });
    const clues = (side: string) => p.locator(`.clues-${side} .clue-line`).evaluateAll((lines) => lines.map((line) => line.getAttribute('data-clues')));
    expect(await clues('top')).toEqual(COLUMNS);
    expect(await clues('left')).toEqual(PICTURE.map(runs));
    expect(await p.locator('.clues-top .clue-line').nth(2).getAttribute('aria-label')).toBe(`column 3: ${COLUMNS[2]}`);
    // Each clue line is centred on its column's or its row's cells (within a tenth of a cell).
    for (let col = 0; col < 5; col++) {
      const line = (await p.locator('.clues-top .clue-line').nth(col).boundingBox())!;
      const cell = (await boardCell(p, 0, col).boundingBox())!;
      expect(Math.abs(line.x + line.width / 2 - (cell.x + cell.width / 2))).toBeLessThan(cell.width / 10);
      expect(line.y + line.height).toBeLessThanOrEqual(cell.y);
    }
    for (let row = 0; row < 4; row++) {
      const line = (await p.locator('.clues-left .clue-line').nth(row).boundingBox())!;
      const cell = (await boardCell(p, row, 0).boundingBox())!;
      expect(Math.abs(line.y + line.height / 2 - (cell.y + cell.height / 2))).toBeLessThan(cell.height / 10);
      expect(line.x + line.width).toBeLessThanOrEqual(cell.x);
    }
    // The plugin's cell names, for screen readers and in the referee's words.
    expect(await boardCell(p, 0, 2).getAttribute('aria-label')).toMatch(/^C1, /);
    expect(await boardCell(p, 3, 4).getAttribute('aria-label')).toMatch(/^E4, /);
    const counter = (label: string) => p.locator(`.marks-play [data-counter="${label}"]`).textContent();
    expect([await counter('shaded'), await counter('to shade')]).toEqual(['shaded 0', 'to shade 11']);

    // A wrong shade (A1 is empty in the heart): no solution, and the mistake is named by the plugin's name.
    await boardCell(p, 0, 0).click();
    expect(await counter('shaded')).toBe('shaded 1');
    expect((await remaining(p)).data).toBe('0');
    await p.waitForSelector('#play-mistake:not([hidden])');
    expect(await p.locator('#play-mistake').textContent()).toContain('A1');
    await close(p);
  });

  it("shades a run with one drag of the pointer: the heart's full row, every cell of it, and the count stays 1", async () => {
    const p = await open('?puzzle=nonogram&example=heart&play=1');
    await remaining(p);
    const [from, to] = [(await boardCell(p, 1, 0).boundingBox())!, (await boardCell(p, 1, 4).boundingBox())!];
    await p.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await p.mouse.down();
    await p.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    await p.mouse.up();
    const row = await p.locator('.stage .board-cell[data-row="1"]').evaluateAll((cells) => cells.map((cell) => (cell as HTMLElement).dataset['mark']));
    expect(new Set(row).size).toBe(1);
    expect(await p.locator('.marks-play [data-counter="shaded"]').textContent()).toBe('shaded 5');
    expect(await remaining(p)).toEqual({ data: '1', text: '1 solution left' });
    await close(p);
  });
});

describe('a game of drops from a temporary directory (falling gems)', () => {
  it('builds a 2-chain with the keyboard from a seeded queue, with the pops picked out and the counters large; Undo takes the drop back', async () => {
    // Seed 7's queue: RR, GG, GR.
    const p = await open('?puzzle=gems&play=1&game=1-7-0');
    expect((await remaining(p)).data).toBe('640');
    expect(await p.locator('.drops-next li').evaluateAll((items) => items.map((item) => item.getAttribute('data-piece')))).toEqual(['GG', 'GR']);
    const stage = p.locator('.drops-stage');
    await stage.focus();
    expect([await stage.getAttribute('data-column'), await stage.getAttribute('data-rotation')]).toEqual(['1', '0']);
    await p.keyboard.press('ArrowLeft');
    await p.keyboard.press('ArrowLeft');
    expect(await stage.getAttribute('data-column')).toBe('0');
    await p.keyboard.press('ArrowDown');
    await remaining(p);
    await p.keyboard.press('ArrowLeft');
    await p.keyboard.press('ArrowDown');
    await remaining(p);
    // Turned twice and back: X, X, Z, Z (upright again), then down column 1.
    for (const key of ['x', 'x', 'z', 'z', 'ArrowLeft']) await p.keyboard.press(key);
    await p.keyboard.press('ArrowDown');
    await p.waitForSelector('.drops-field .board-cell.pop');
    await p.waitForFunction(() => document.querySelector('[data-counter="chains"] .counter-value')?.textContent === '2', undefined, { timeout: 10_000 });
    expect(await p.locator('[data-counter="chains"]').textContent()).toBe('chains 2');
    expect(await p.locator('[data-counter="score"]').textContent()).toBe('score 90');
    expect(await p.locator('.play-goal').textContent()).toBe('Goal: a chain of 2 · met ✓');
    await p.waitForSelector('#play-solved:not([hidden])');
    await p.keyboard.press('Control+z');
    await p.waitForFunction(() => document.querySelector('[data-counter="chains"] .counter-value')?.textContent === '0');
    expect(await p.locator('.play-goal').textContent()).toBe('Goal: a chain of 2 · not met yet');
    expect(await p.locator('#play-solved').isHidden()).toBe(true);
    // The gems' own referee, asked in Node, agrees on the position after two drops.
    const gems = (await import(pathToFileURL(pluginFile('gems')).href)) as { default: AnyPlugin };
    const instance = gems.default.parse({ pairs: 3 });
    const setup = gems.default.play!.setup(instance, { seed: 7 });
    const referee = await gems.default.play!.referee!();
    const after2 = await referee.completions(
      instance,
      setup,
      {
        kind: 'drops',
        drops: [
          { column: 0, rotation: 0 },
          { column: 0, rotation: 0 },
        ],
      },
      { limit: 1001, positions: false, shouldStop: () => false },
    );
    expect((await remaining(p)).data).toBe(String(after2.count));
    expect(after2.count).toBeGreaterThan(0);
    await close(p);
  });
});

describe('every kind of board on a phone, and for assistive technology', () => {
  for (const search of [
    '?puzzle=binairo&example=six&play=1',
    '?puzzle=nonogram&example=heart&play=1',
    '?puzzle=tiles&play=1',
    '?puzzle=gems&play=1&game=1-7-0',
  ]) {
    it(`${search}: targets of 24 px or more at 390 px, nothing wider than the screen, no critical or serious axe-core violation`, async () => {
      const p = await open(search, { viewport: { width: 390, height: 844 } });
      await remaining(p);
      expect(await smallTargets(p)).toEqual([]);
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await axeProblems(p)).toEqual([]);
      await close(p);
    });
    it(`${search}: no critical or serious axe-core violation at 1280x900`, async () => {
      const p = await open(search);
      await remaining(p);
      expect(await axeProblems(p)).toEqual([]);
      await close(p);
    });
  }
});
