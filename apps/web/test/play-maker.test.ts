// New game, Daily and the solution path in headless Chromium, with a plugin nobody in this repository
// wrote (copied to a temporary directory): Parity, which makes and grades its own grids. The page
// knows nothing of it: it reads its generator's levels and sizes, makes puzzles in a worker, opens
// links that make them again, and steps through its grader's path.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyPlugin } from '@kit/core/host';
import { dailySeed } from '@kit/core/make';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as ServerModule from '../src/server/index.js';
import type { WebServer } from '../src/server/index.js';
import { launchChromium, type Browser } from './browser.js';
import parityModule from './fixtures/parity-maker-plugin.js';
import { axeProblems, boardCell, pageOpener, remaining, smallTargets } from './play-helpers.js';

const builtServer = '../dist/server/index.js';
const { serve } = (await import(builtServer)) as typeof ServerModule;

const here = dirname(fileURLToPath(import.meta.url));
const parity = parityModule as AnyPlugin;

let server: WebServer;
let browser: Browser;
let pluginDir: string;

beforeAll(async () => {
  pluginDir = mkdtempSync(join(tmpdir(), 'kit-maker-plugins-'));
  const file = join(pluginDir, 'parity-maker-plugin.js');
  copyFileSync(join(here, 'fixtures/parity-maker-plugin.js'), file);
  // The same puzzle under another id, its generator offering no size presets (width and height fields).
  const fields = join(pluginDir, 'parity-fields-plugin.js');
  const text = readFileSync(file, 'utf8');
  writeFileSync(fields, text.replace("id: 'parity'", "id: 'parity-fields'").replace(", presets: ['3x3', '5x5', '7x7', SLOW_SIZE]", ''));
  expect(readFileSync(fields, 'utf8')).not.toContain('presets');
  server = await serve({
    plugins: [
      { id: 'parity', source: file, moduleUrl: pathToFileURL(file).href, packageDir: pluginDir },
      { id: 'parity-fields', source: fields, moduleUrl: pathToFileURL(fields).href, packageDir: pluginDir },
    ],
  });
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
);

/** The board's marks, row by row, one string a row. */
async function boardRows(p: Page): Promise<string[]> {
  await p.waitForSelector('.stage .board-cell');
  const cells = await p
    .locator('.stage .board-cell')
    .evaluateAll((all) =>
      all.map((cell) => [
        Number((cell as HTMLElement).dataset['row']),
        Number((cell as HTMLElement).dataset['col']),
        (cell as HTMLElement).dataset['mark'] ?? '',
      ]),
    );
  const rows: string[] = [];
  for (const [row, col, mark] of cells as [number, number, string][]) rows[row] = (rows[row] ?? '').padEnd(col, '?') + mark;
  return rows;
}

/** The fixture's generator run here in Node, as the page's worker runs it. */
async function madeInNode(seed: number, difficulty: string, size: [number, number]): Promise<string[]> {
  const solver = await parity.solver();
  const made = await solver.generate!({ seed, difficulty, size, parameters: {} }, {});
  expect(made.difficulty).toBe(difficulty);
  return made.input.trim().split('\n');
}

async function shownGame(p: Page, difficulty: string): Promise<{ seed: number; text: string }> {
  const shown = p.locator(`#play-difficulty[data-difficulty="${difficulty}"]`);
  await shown.waitFor({ timeout: 30_000 });
  return { seed: Number(await shown.getAttribute('data-seed')), text: (await shown.textContent()) ?? '' };
}

describe('New game', () => {
  it('makes a puzzle at the chosen size and difficulty, the same as Node makes from its seed, and its link makes it again', async () => {
    const p = await open('?puzzle=parity&play=1');
    await p.waitForSelector('#new-game-size option', { state: 'attached' });
    expect(await p.locator('#new-game-size option').allTextContents()).toEqual(['3x3', '5x5', '7x7', '9x9']);
    expect(await p.locator('#new-game-size').inputValue()).toBe('5x5');
    expect(await p.locator('#new-game-difficulty option').allTextContents()).toEqual(['easy', 'hard']);
    await p.locator('#new-game-size').selectOption('7x7');
    await p.locator('#new-game-difficulty').selectOption('hard');
    await p.getByRole('button', { name: 'New game', exact: true }).click();
    const { seed, text } = await shownGame(p, 'hard');
    expect(text).toBe(`New game: hard, 7x7, seed ${seed}`);
    const rows = await boardRows(p);
    expect(rows).toEqual(await madeInNode(seed, 'hard', [7, 7]));
    expect(await remaining(p)).toEqual({ data: '1', text: '1 solution left' });
    const search = `?puzzle=parity&play=1&new=1&difficulty=hard&seed=${seed}&size=7x7`;
    expect(new URL(p.url()).search).toBe(search);
    expect(new URL((await p.locator('.play-link').first().getAttribute('href')) ?? '', server.url).search).toBe(search);

    // A move, then the position's link: it makes the same puzzle and replays the move.
    const blank = rows.join('').indexOf('.');
    await boardCell(p, Math.floor(blank / 7), blank % 7).click();
    const position = new URL((await p.locator('.play-link').nth(1).getAttribute('href'))!, server.url);
    expect(position.searchParams.get('game')).toMatch(/./);
    const again = await open(search);
    await shownGame(again, 'hard');
    expect(await boardRows(again)).toEqual(rows);
    const replayed = await open(position.pathname + position.search);
    await shownGame(replayed, 'hard');
    expect((await boardRows(replayed)).join('')[blank]).toBe('0');
    await Promise.all([close(p), close(again), close(replayed)]);
  });

  it('shows its progress after 300 ms, and Cancel stops a puzzle that is never done; the next one is made', async () => {
    const p = await open('?puzzle=parity&play=1');
    await p.locator('#new-game-size').selectOption('9x9');
    await p.getByRole('button', { name: 'New game', exact: true }).click();
    await p.waitForFunction(() => /^Making a puzzle… \d+ tries$/.test(document.querySelector('#new-game-status')?.textContent ?? ''), undefined, {
      timeout: 30_000,
    });
    expect(await p.locator('#new-game').isDisabled()).toBe(true);
    await p.getByRole('button', { name: 'Cancel', exact: true }).click();
    expect(await p.locator('#new-game-status').textContent()).toBe('Cancelled.');
    expect(await p.locator('#new-game-cancel').isDisabled()).toBe(true);
    // The board is the one from before, still playable; a new game afterwards is made in a fresh worker.
    expect(await p.locator('#play-difficulty').getAttribute('data-difficulty')).toBeNull();
    await p.locator('#new-game-size').selectOption('3x3');
    await p.getByRole('button', { name: 'New game', exact: true }).click();
    const { seed } = await shownGame(p, 'easy');
    expect(await boardRows(p)).toEqual(await madeInNode(seed, 'easy', [3, 3]));
    expect(await p.locator('#new-game-status').textContent()).toMatch(/^Made after \d+ tr(y|ies)\.$/);
    await close(p);
  });

  it("Daily gives the day's puzzle, from dailySeed, the same twice; an example that asks to generate is made, with no flag named", async () => {
    const p = await open('?puzzle=parity&play=1');
    await p.getByRole('button', { name: 'Daily', exact: true }).click();
    const today = new Date();
    const { seed, text } = await shownGame(p, 'easy');
    expect(seed).toBe(dailySeed('parity', today));
    expect(text).toBe(`Daily puzzle of ${today.toISOString().slice(0, 10)}: easy, 5x5, seed ${seed}`);
    const rows = await boardRows(p);
    expect(rows).toEqual(await madeInNode(seed, 'easy', [5, 5]));
    const again = await open('?puzzle=parity&play=1&daily=1');
    expect((await shownGame(again, 'easy')).seed).toBe(seed);
    expect(await boardRows(again)).toEqual(rows);

    // The example "make" (options generate 4x4, seed 7) cannot be parsed as a puzzle: it is made.
    await again.locator('#play-example').selectOption('make');
    expect((await shownGame(again, 'easy')).text).toBe('New game: easy, 4x4, seed 7');
    expect(await boardRows(again)).toEqual(await madeInNode(7, 'easy', [4, 4]));
    expect(await again.locator('#play-problem').textContent()).toBe('');
    expect(await again.locator('body').textContent()).not.toMatch(/--[a-z]/);
    await Promise.all([close(p), close(again)]);
  });

  it('takes a width and a height when the generator offers no presets, within its bounds', async () => {
    const p = await open('?puzzle=parity-fields&play=1');
    const width = p.getByRole('textbox', { name: 'width' });
    await width.waitFor();
    expect([await width.inputValue(), await p.getByRole('textbox', { name: 'height' }).inputValue()]).toEqual(['5', '5']);
    await width.fill('1');
    await p.getByRole('button', { name: 'New game', exact: true }).click();
    expect(await p.locator('#new-game-status').textContent()).toBe('size 1x5: each side must be 2 to 9');
    await width.fill('3');
    await p.getByRole('textbox', { name: 'height' }).fill('4');
    await p.getByRole('button', { name: 'New game', exact: true }).click();
    const { seed, text } = await shownGame(p, 'easy');
    expect(text).toBe(`New game: easy, 3x4, seed ${seed}`);
    expect(await boardRows(p)).toEqual(await madeInNode(seed, 'easy', [3, 4]));
    expect(await axeProblems(p)).toEqual([]);
    await close(p);
  });

  it("a link with a difficulty the generator does not have says so, in the page's words", async () => {
    const p = await open('?puzzle=parity&play=1&new=1&difficulty=fiendish&seed=3');
    expect(await boardRows(p)).toEqual(['1.1', '0.0', '.01']);
    expect(await p.locator('#play-problem').textContent()).toBe('This link\'s new game cannot be made: difficulty must be one of easy, hard (got "fiendish").');
    await close(p);
  });
});

describe('the solution path', () => {
  const STEPS = [
    'Step 1 of 3, row parity: row 1, column 2 is 0: row 1 already holds 2 1s.',
    'Step 2 of 3, row parity: row 2, column 2 is 0: row 2 already holds 0 1s.',
    'Step 3 of 3, row parity: row 3, column 1 is 1: row 3 already holds 1 1.',
  ];
  const hinted = (p: Page) =>
    p
      .locator('.stage .board-cell.hint')
      .evaluateAll((cells) => cells.map((cell) => `${(cell as HTMLElement).dataset['row']},${(cell as HTMLElement).dataset['col']}`));

  it("steps forward and back through the grader's deductions on the board, each with its sentence and cell, and Close gives the game back", async () => {
    const p = await open('?puzzle=parity&example=three&play=1');
    expect(await boardRows(p)).toEqual(['1.1', '0.0', '.01']);
    const board = async () => JSON.stringify(await p.locator('.stage .play-stage').boundingBox());
    const before = await board();
    expect(before).toMatch(/"width":[1-9]/);
    await p.getByRole('button', { name: 'Show the solution path' }).click();
    await p.waitForFunction(() => document.querySelector('#path-summary')?.textContent?.startsWith('Grade '));
    expect(await p.locator('#path-summary').textContent()).toBe('Grade 3x3: easy (3 steps: 3 easy)');
    expect(await p.locator('#path-step').textContent()).toBe('The start: 3 steps to go. Forward shows the first.');
    expect(await p.locator('#path-back').isDisabled()).toBe(true);
    const forward = p.getByRole('button', { name: 'Forward', exact: true });
    await forward.click();
    expect(await p.locator('#path-step').textContent()).toBe(STEPS[0]);
    await p.waitForSelector('.stage [data-preview="1"]');
    expect(await boardRows(p)).toEqual(['101', '0.0', '.01']);
    expect(await hinted(p)).toEqual(['0,1']);
    await forward.click();
    await forward.click();
    expect(await p.locator('#path-step').textContent()).toBe(STEPS[2]);
    await p.waitForSelector('.stage [data-preview="3"]');
    expect(await boardRows(p)).toEqual(['101', '000', '101']);
    expect(await hinted(p)).toEqual(['2,0']);
    expect(await forward.isDisabled()).toBe(true);
    await p.getByRole('button', { name: 'Back', exact: true }).click();
    expect(await p.locator('#path-step').textContent()).toBe(STEPS[1]);
    await p.waitForSelector('.stage [data-preview="2"]');
    expect(await boardRows(p)).toEqual(['101', '000', '.01']);
    expect(await p.locator('#path-step').getAttribute('data-rule')).toBe('row parity');
    // The path's lines sit beside the board: it has not moved.
    expect(await board()).toBe(before);
    await p.getByRole('button', { name: 'Close', exact: true }).click();
    expect(await boardRows(p)).toEqual(['1.1', '0.0', '.01']);
    expect(await board()).toBe(before);
    expect(await p.locator('.stage [data-preview]').count()).toBe(0);
    expect(await p.locator('#play-undo').isDisabled()).toBe(true);
    await close(p);
  });

  it("a hint names the rule of the path's step that makes its move", async () => {
    const p = await open('?puzzle=parity&example=three&play=1');
    await remaining(p);
    await p.getByRole('button', { name: 'Hint', exact: true }).click();
    await p.waitForSelector('#play-hint[data-move]');
    const hint = p.locator('#play-hint');
    expect(await hint.getAttribute('data-rule')).toBe('row parity');
    // The referee's hint (the plugin's deduce, checked against the one solution) is step 1's move.
    expect(await hint.textContent()).toBe('Hint (row parity): zero at row 1, column 2. Row 1, column 2 is 0: row 1 already holds 2 1s.');
    expect(await hinted(p)).toEqual(['0,1']);
    // Played, the next hint is the next step's.
    await boardCell(p, 0, 1).click();
    await remaining(p);
    await p.getByRole('button', { name: 'Hint', exact: true }).click();
    await p.waitForFunction(() => document.querySelector('#play-hint')?.textContent?.includes('row 2, column 2'));
    expect(await hint.textContent()).toBe('Hint (row parity): zero at row 2, column 2. Row 2, column 2 is 0: row 2 already holds 0 1s.');
    await close(p);
  });

  it("in free play (no referee), Suggest gives the plugin's deduce move, picked out on the board", async () => {
    const p = await open('?puzzle=parity&example=free&play=1');
    await p.waitForSelector('.stage .board-cell');
    expect(await p.locator('#remaining').isHidden()).toBe(true);
    await p.getByRole('button', { name: 'Suggest', exact: true }).click();
    await p.waitForSelector('#play-hint[data-move]');
    expect(await p.locator('#play-hint').textContent()).toBe('Suggest: zero at row 1, column 2. Row 1, column 2 is 0: row 1 already holds 2 1s.');
    expect(await hinted(p)).toEqual(['0,1']);
    await close(p);
  });

  it('has no critical or serious axe-core violation with New game and the path open, and no target under 24 px at 390 px', async () => {
    const p = await open('?puzzle=parity&example=three&play=1');
    await p.getByRole('button', { name: 'Show the solution path' }).click();
    await p.getByRole('button', { name: 'Forward', exact: true }).click();
    await p.waitForSelector('.stage [data-preview="1"]');
    expect(await axeProblems(p)).toEqual([]);
    await p.setViewportSize({ width: 390, height: 844 });
    expect(await smallTargets(p)).toEqual([]);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeProblems(p)).toEqual([]);
    await close(p);
  });
});
