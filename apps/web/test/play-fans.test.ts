// Each puzzle drawn as its fans expect, in headless Chromium: Sudoku's boxes in thick lines and its
// pencil marks rubbed out under a placed digit; Hitori's circled cell as a ring; Puyo's all clear
// told and scored as the CLI scores it, its rows 13 and 14 as Tsu treats them, its field in words;
// pentomino's pocket in red, not the board; and what a screen reader hears.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DropsSetup } from '@kit/core/play';
import { parseOptions, pluginFromModule } from '@kit/core/host';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as ServerModule from '../src/server/index.js';
import type { WebServer } from '../src/server/index.js';
import { launchChromium, type Browser } from './browser.js';
import { boardCell, dragPiece, pageOpener, pieceParts, remaining } from './play-helpers.js';

const builtServer = '../dist/server/index.js';
const { discoverPlugins, serve } = (await import(builtServer)) as typeof ServerModule;

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const kitBin = join(repoRoot, 'apps/cli/dist/bin.cjs');

let server: WebServer;
let browser: Browser;
let work: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'kit-play-fans-'));
  const discovery = await discoverPlugins({ root: repoRoot });
  server = await serve({ plugins: discovery.plugins, unavailable: discovery.unavailable });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** `kit run ID FILE ARGS --json` on this text: its done line. */
function cli(id: string, args: string[], text: string): { done: Record<string, unknown> } {
  const file = join(work, `${id}-input.txt`);
  writeFileSync(file, text);
  const lines = execFileSync(process.execPath, [kitBin, 'run', id, file, ...args, '--json'], { encoding: 'utf8' })
    .trim()
    .split('\n');
  return { done: JSON.parse(lines.at(-1)!) as Record<string, unknown> };
}

/** Pages of the served site with no stored progress; a page error fails the test at `close`. */
const { open, close } = pageOpener(
  () => browser.context,
  () => server.url,
);

/** The unit edges of an SVG path made of `M x y h1` and `M x y v1` moves, as `x,y,h` / `x,y,v`. */
const edgesOf = (d: string) => new Set([...d.matchAll(/M(\d+) (\d+)([hv])1/g)].map(([, x, y, way]) => `${x},${y},${way}`));

describe('Sudoku as its fans expect', () => {
  it('draws the 3x3 boxes in thick lines, and nothing else: a given beside a digit found in its box has a thin line', async () => {
    const p = await open('?puzzle=sudoku&example=wikipedia&play=1');
    await remaining(p);
    // A found digit beside givens, in box 1: before boxes were regions, its fill drew a border round it.
    await boardCell(p, 0, 2).click();
    await p.keyboard.press('4');
    expect(await boardCell(p, 0, 2).getAttribute('data-mark')).toBe('4');
    const expected = new Set<string>();
    for (let a = 0; a < 9; a++) {
      for (let b = 0; b <= 9; b += 3) {
        expected.add(`${a},${b},h`);
        expected.add(`${b},${a},v`);
      }
    }
    const borders = edgesOf((await p.locator('.stage svg.play-frame path.border').getAttribute('d')) ?? '');
    expect(borders.size).toBe(72);
    expect([...borders].sort()).toEqual([...expected].sort());
    // Every other edge is a thin grid line: 2 x 9 x 10 edges in all.
    const grid = edgesOf((await p.locator('.stage svg.play-frame path.grid').getAttribute('d')) ?? '');
    expect(grid.size + borders.size).toBe(180);
    await close(p);
  });

  it("a digit put on a cell rubs its pencil mark out of the cell's row, column and box, and nowhere else", async () => {
    const p = await open('?puzzle=sudoku&example=wikipedia&play=1');
    await remaining(p);
    await p.getByRole('button', { name: 'Pencil' }).click();
    // Row 1 is 53..7....: (0,3) shares the row, (1,1) the box, (4,2) the column; (2,5) none of them.
    const noted: Array<[number, number]> = [
      [0, 3],
      [1, 1],
      [4, 2],
      [2, 5],
      [0, 2],
    ];
    for (const [row, col] of noted) {
      await boardCell(p, row, col).click();
      await p.keyboard.press('4');
      await p.keyboard.press('2');
    }
    expect(await boardCell(p, 2, 5).getAttribute('aria-label')).toBe('row 3, column 6, empty, pencil marks 4 2');
    await p.getByRole('button', { name: 'Pencil' }).click();
    await boardCell(p, 0, 2).click();
    await p.keyboard.press('4');
    expect(await boardCell(p, 0, 3).getAttribute('aria-label')).toBe('row 1, column 4, empty, pencil marks 2');
    expect(await boardCell(p, 1, 1).getAttribute('aria-label')).toBe('row 2, column 2, empty, pencil marks 2');
    expect(await boardCell(p, 4, 2).getAttribute('aria-label')).toBe('row 5, column 3, empty, pencil marks 2');
    expect(await boardCell(p, 2, 5).getAttribute('aria-label')).toBe('row 3, column 6, empty, pencil marks 4 2');
    // The cell's own marks hide under its digit.
    expect(await boardCell(p, 0, 2).getAttribute('aria-label')).toBe('row 1, column 3, 4, 4');
    expect(await boardCell(p, 0, 2).locator('.notes').count()).toBe(0);
    // Undo puts the digit back to a pencil-marked cell and the marks back where they were.
    await p.getByRole('button', { name: 'Undo', exact: true }).click();
    expect(await boardCell(p, 0, 3).getAttribute('aria-label')).toBe('row 1, column 4, empty, pencil marks 4 2');
    expect(await boardCell(p, 0, 2).getAttribute('aria-label')).toBe('row 1, column 3, empty, pencil marks 4 2');
    await close(p);
  });
});

describe('Hitori as its fans expect', () => {
  it('draws a circled cell as a ring around its number on the plain ground, not as a pale fill', async () => {
    const p = await open('?puzzle=hitori-sat&example=unique-5x5&play=1');
    await remaining(p);
    const cell = boardCell(p, 1, 2);
    await cell.click();
    await cell.click();
    expect(await cell.getAttribute('data-mark')).toBe('o');
    const frame = p.locator('.stage svg.play-frame');
    const rings = await frame
      .locator('circle.ring')
      .evaluateAll((circles) => circles.map((circle) => `${circle.getAttribute('cx')},${circle.getAttribute('cy')}`));
    expect(rings).toEqual(['2.5,1.5']);
    const ground = (x: number, y: number) => frame.locator(`rect[x="${x}"][y="${y}"]`).getAttribute('fill');
    // The ring's cell has the ground of an unshaded one (1,1 is untouched), and the ring is drawn in ink.
    expect(await ground(2, 1)).toBe(await ground(1, 1));
    const stroke = await frame.locator('circle.ring').evaluate((circle) => getComputedStyle(circle).stroke);
    expect(stroke).toBe('rgb(17, 17, 17)');
    // A third click clears it, and the ring goes.
    await cell.click();
    expect(await frame.locator('circle.ring').count()).toBe(0);
    await close(p);
  });
});

describe('Puyo as its fans expect', () => {
  it('an all clear is told and counted, and scored as `kit run puyo` scores the field; row 13 is a well, row 14 is not; the field is told in words', async () => {
    const source = (await discoverPlugins({ root: repoRoot })).plugins.find((plugin) => plugin.id === 'puyo')!;
    const puyo = pluginFromModule((await import(source.moduleUrl)) as Record<string, unknown>, source.source);
    const field = '......\nGGG...\n';
    const instance = puyo.parse(parseOptions(puyo.options, {}), { name: 'input', text: field });
    // The first seed whose first pair is two greens: laid flat on columns 4 and 5, five greens pop and clear the field.
    let seed = 1;
    const firstPair = (s: number) => (puyo.play!.setup(instance, { seed: s }) as DropsSetup).queue[0]!.label;
    while (firstPair(seed) !== 'GG') seed++;
    // The page's link carries the field as its puyop.com string: GGG... on the floor is `ig0` (GG, G., ..).
    const p = await open(`?puzzle=puyo&input=ig0&play=1&game=1-${seed.toString(36)}-0`);
    await p.waitForSelector('.drops-stage[data-column]');
    const board = p.locator('.stage .drops-field');
    expect(await board.getAttribute('aria-label')).toBe(
      'Field from the floor up (R red, G green, B blue, Y yellow, P purple, O garbage); column 1: G; column 2: G; column 3: G; column 4: empty; column 5: empty; column 6: empty',
    );
    // Frame rows: 14, 13, the divider, then 12 down to 1. Row 13's empty cells are drawn, row 14's are not.
    const rowFills = (y: number) => board.locator(`svg rect[y="${y}"]`).evaluateAll((rects) => rects.map((rect) => rect.getAttribute('data-fill')));
    expect(await rowFills(0)).toEqual([]);
    expect(await rowFills(1)).toEqual(Array(6).fill('hidden-empty'));
    expect(await p.locator('[data-counter="all clears"]').count()).toBe(0);
    const stage = p.locator('.drops-stage');
    await stage.focus();
    await p.keyboard.press('x');
    await p.keyboard.press('ArrowRight');
    expect([await stage.getAttribute('data-column'), await stage.getAttribute('data-rotation')]).toEqual(['3', '1']);
    await p.keyboard.press('ArrowDown');
    await p.waitForFunction(() => document.querySelector('.drops-caption')?.textContent?.endsWith(', all clear'), undefined, { timeout: 20_000 });
    await p.waitForSelector('[data-counter="all clears"]');
    expect(await p.locator('[data-counter="all clears"] .counter-value').textContent()).toBe('1');
    const expected = cli('puyo', [], '......\nGGGGG.\n').done;
    expect([expected['chains'], expected['allClear']]).toEqual([1, true]);
    expect(await p.locator('[data-counter="score"] .counter-value').textContent()).toBe(String(expected['score']));
    expect(await board.getAttribute('aria-label')).toMatch(/; column 1: empty; .*column 6: empty$/);
    // The game so far, on puyop.com.
    expect(await p.locator('a[href^="https://puyop.com/s/"]').count()).toBe(1);
    await close(p);
  });
});

describe('pentomino as its fans expect', () => {
  it('a pocket cut off is what shows in red, not the rest of the board', async () => {
    const p = await open('?puzzle=pentomino&example=6x10&play=1');
    await remaining(p);
    // The X with its centre on row 2, column 2 shuts the corner cell in.
    const parts = await pieceParts(p, 'X');
    const centre = parts.findIndex(([row, col]) => row === 1 && col === 1);
    await dragPiece(p, 'X', centre, 1, 1);
    await p.waitForSelector('#play-violations li');
    expect(await p.locator('#play-violations li').allTextContents()).toEqual(['these 1 cell cannot be filled by the pieces left: the smallest has 5']);
    const red = await p
      .locator('.stage .board-cell.violation')
      .evaluateAll((cells) => cells.map((cell) => `${(cell as HTMLElement).dataset['row']},${(cell as HTMLElement).dataset['col']}`));
    expect(red).toEqual(['0,0']);
    await close(p);
  });
});

describe('Heard as well as seen', () => {
  /** Everything the live region says from now on, in order (a new text node or text each time). */
  const listen = (p: Page) =>
    p.evaluate(() => {
      const said: string[] = [];
      (window as unknown as { said: string[] }).said = said;
      const region = document.querySelector('#play-announce')!;
      new MutationObserver(() => said.push(region.textContent ?? '')).observe(region, { childList: true, characterData: true, subtree: true });
    });
  const said = (p: Page) => p.evaluate(() => (window as unknown as { said: string[] }).said.filter(Boolean));

  it('a broken rule and then the mistake are announced in a live region, each once', async () => {
    const p = await open('?puzzle=sudoku&example=wikipedia&play=1');
    await remaining(p);
    const announce = p.locator('#play-announce');
    expect([await announce.getAttribute('role'), await announce.getAttribute('aria-live')]).toEqual(['status', 'assertive']);
    expect(await announce.textContent()).toBe('');
    await listen(p);
    // Row 1 is 53..7....: a 5 in its third cell breaks the row and the box.
    await boardCell(p, 0, 2).click();
    await p.keyboard.press('5');
    await p.waitForSelector('#play-mistake:not([hidden])', { timeout: 60_000 });
    const broken = await p.locator('#play-violations li').allTextContents();
    expect(broken).toEqual(['row 1 has two 5s', 'box 1 has two 5s']);
    const mistake = (await p.locator('#play-mistake').textContent())!;
    expect(mistake).toBe('Move 1 was the mistake: 5 at row 1, column 3.');
    // A move elsewhere redraws the same rule break and mistake: nothing new is said.
    await boardCell(p, 8, 0).click();
    await remaining(p);
    expect(await said(p)).toEqual([`Rule broken: ${broken.join('; ')}.`, mistake]);
    await close(p);
  });

  it('names each tray piece by its shape', async () => {
    const p = await open('?puzzle=pentomino&example=6x10&play=1');
    await p.waitForSelector('.tray-piece[data-piece="L"]');
    const name = (letter: string) => p.locator(`.tray-piece[data-piece="${letter}"]`).getAttribute('aria-label');
    expect(await name('X')).toBe('X, 5 squares, 3 by 3, 1 left');
    expect(await name('I')).toMatch(/^I, 5 squares, (5 by 1|1 by 5), 1 left$/);
    expect(await name('L')).toMatch(/^L, 5 squares, (4 by 2|2 by 4), 1 left$/);
    expect(await p.getByRole('button', { name: /^U, 5 squares/ }).count()).toBe(1);
    await close(p);
    const soma = await open('?puzzle=polycube&play=1');
    await soma.waitForSelector('.tray-piece');
    const names = await soma.locator('.tray-piece').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
    expect(names.length).toBeGreaterThan(0);
    for (const each of names) expect(each).toMatch(/^\S+, [34] cubes, \d by \d by \d, 1 left$/);
    await close(soma);
  });

  it('Link says that it copied, and the clipboard holds its address', async () => {
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(server.url).origin });
    const p = await open('?puzzle=hitori-sat&example=unique-5x5&play=1');
    await remaining(p);
    const link = p.locator('.play-links a.play-link', { hasText: /^Link$/ });
    await link.click();
    await expect.poll(() => p.locator('.play-links [aria-live="polite"]').textContent()).toBe('Link copied');
    expect(await p.evaluate(() => navigator.clipboard.readText())).toBe(await link.evaluate((a) => (a as HTMLAnchorElement).href));
    await close(p);
  });

  it('the example menu shows the chosen example again after a reload, in Play and in Solve', async () => {
    const p = await open('?puzzle=puyo&play=1');
    await p.waitForSelector('#play-example');
    await p.selectOption('#play-example', 'builder');
    await p.waitForSelector('.drops-stage[data-column]');
    expect(new URL(p.url()).searchParams.get('example')).toBeNull();
    await p.reload();
    await p.waitForSelector('body[data-ready]');
    await p.waitForSelector('.drops-stage[data-column]');
    expect(await p.locator('#play-example').inputValue()).toBe('builder');
    // Solve, opened from the same address without play, names it too.
    const url = new URL(p.url());
    url.searchParams.delete('play');
    url.searchParams.delete('game');
    await p.goto(url.href);
    await p.waitForSelector('body[data-ready]');
    expect(await p.locator('#example').inputValue()).toBe('builder');
    await close(p);
  });
});
