// A board that never moves: through a whole game the play board's box on the screen
// (`[data-play-board]`) stays where it was before the first move, while the count changes and the
// rule, mistake, hint, refusal and "Solved!" lines come and go. A scripted Hitori game (a right
// shade, a wrong one named as the mistake, a hint there, Undo, a hint, the solve) and a whole
// pentomino game from the CLI's first solution (a refused placement, a piece dragged off and
// back, Undo, a hint), in headless Chromium at 1280x900.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as ServerModule from '../src/server/index.js';
import type { WebServer } from '../src/server/index.js';
import { launchChromium, type Browser } from './browser.js';
import { boardCell, cellsOf, layByHand, remaining } from './play-helpers.js';

const { discoverPlugins, serve } = (await import('../dist/server/index.js')) as typeof ServerModule;
const repoRoot = new URL('../../../', import.meta.url).pathname;
const kitBin = join(repoRoot, 'apps/cli/dist/bin.cjs');
const work = mkdtempSync(join(tmpdir(), 'kit-play-steady-'));

let server: WebServer;
let browser: Browser;
beforeAll(async () => {
  const discovery = await discoverPlugins({ root: repoRoot });
  server = await serve({ plugins: discovery.plugins.filter((source) => ['hitori-sat', 'pentomino'].includes(source.id)), unavailable: [] });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

async function open(search: string): Promise<{ p: Page; errors: string[] }> {
  const p = await browser.context.newPage();
  await p.setViewportSize({ width: 1280, height: 900 });
  const errors: string[] = [];
  p.on('pageerror', (error) => errors.push(error.message));
  await p.goto(new URL(search, server.url).href);
  await p.waitForSelector('body[data-ready]', { timeout: 30_000 });
  await p.evaluate(() => localStorage.clear());
  await p.waitForSelector('[data-play-board]');
  return { p, errors };
}

/** The board's box on the screen, and checks after each step that it is still the same. */
async function watchBoard(p: Page): Promise<{ check(step: string): Promise<void>; steps: string[] }> {
  const box = async () => {
    const found = await p.locator('[data-play-board]').boundingBox();
    return found && { x: found.x, y: found.y, width: found.width, height: found.height };
  };
  const first = await box();
  expect(first!.width).toBeGreaterThan(100);
  const steps: string[] = [];
  return {
    steps,
    async check(step: string) {
      steps.push(step);
      expect(await box(), `after: ${step}`).toEqual(first);
    },
  };
}

/** `kit run ID [FILE] ARGS --json`: the solutions and the done line. */
function cli(id: string, args: string[], text?: string): { solutions: Record<string, unknown>[]; done: Record<string, unknown> } {
  const file = join(work, `${id}.txt`);
  if (text !== undefined) writeFileSync(file, text);
  const lines = execFileSync(process.execPath, [kitBin, 'run', id, ...(text !== undefined ? [file] : []), ...args, '--json'], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { solutions: lines.filter((line) => line['type'] === 'solution').map((line) => line['solution'] as Record<string, unknown>), done: lines.at(-1)! };
}

const HITORI = '1 1 3 3 5\n4 2 3 5 5\n4 4 2 1 2\n1 5 2 4 3\n4 3 3 2 2\n';

describe('the board stays put', () => {
  it('through a Hitori game with a mistake, hints, an undo and the solve', async () => {
    const { solutions, done } = cli('hitori-sat', [], HITORI);
    expect(done['unique']).toBe(true);
    const shaded = (solutions[0]!['shaded'] as string[]).join('');
    const { p, errors } = await open('?puzzle=hitori-sat&example=unique-5x5&play=1');
    const board = await watchBoard(p);
    const click = (cell: number) => boardCell(p, Math.floor(cell / 5), cell % 5).click();
    expect((await remaining(p)).data).toBe('1');
    await board.check('counted');
    const right = shaded.indexOf('#');
    await click(right);
    expect((await remaining(p)).data).toBe('1');
    await board.check('a right shade');
    const wrong = [...shaded].findIndex((mark, cell) => mark === '.' && cell > right && ![right - 5, right + 5, right - 1, right + 1].includes(cell));
    await click(wrong);
    expect((await remaining(p)).data).toBe('0');
    await p.waitForSelector('#play-mistake:not([hidden])');
    await board.check('a wrong shade, named as the mistake');
    await p.getByRole('button', { name: 'Hint' }).click();
    await p.waitForFunction(() => /^(No hint|Hint)/.test(document.querySelector('#play-hint')?.textContent ?? ''));
    await board.check('a hint where nothing is left');
    await p.getByRole('button', { name: 'Undo', exact: true }).click();
    expect((await remaining(p)).data).toBe('1');
    expect(await p.locator('#play-mistake').isHidden()).toBe(true);
    await board.check('Undo');
    await p.getByRole('button', { name: 'Hint' }).click();
    await p.waitForSelector('#play-hint[data-mark]');
    expect(((await p.locator('#play-hint').textContent()) ?? '').length).toBeGreaterThan(20);
    await board.check('a hint');
    // Two shades next to each other: a rule broken, said at once.
    const beside = [...shaded].findIndex((mark, cell) => mark === '.' && cell % 5 < 4 && shaded[cell + 1] === '.');
    await click(beside);
    await click(beside + 1);
    await p.waitForSelector('#play-violations li');
    await remaining(p);
    await board.check('a rule broken');
    await click(beside + 1);
    await click(beside + 1);
    await click(beside);
    await click(beside);
    expect(await p.locator('#play-violations li').count()).toBe(0);
    expect((await remaining(p)).data).toBe('1');
    await board.check('the rule mended');
    for (let cell = 0; cell < 25; cell++) {
      if (shaded[cell] !== '#' || (await boardCell(p, Math.floor(cell / 5), cell % 5).getAttribute('data-mark')) === '#') continue;
      await click(cell);
      await remaining(p);
      await board.check(`shade ${cell}`);
    }
    await p.waitForSelector('#play-solved:not([hidden])');
    expect(await p.locator('#play-solved').textContent()).toMatch(/^Solved! in \d+:\d\d$/);
    await board.check('Solved!');
    expect(errors).toEqual([]);
    await p.close();
  });

  it('through a whole pentomino game on 6x10', async () => {
    const rows = cli('pentomino', ['--all', '--limit', '1']).solutions[0]!['rows'] as string[];
    const { p, errors } = await open('?puzzle=pentomino&example=6x10&play=1');
    const board = await watchBoard(p);
    expect((await remaining(p)).data).toBe('1000+');
    await board.check('counted');
    const letters = [...new Set(rows.join(''))].sort();
    expect(letters.join('')).toBe('FILNPTUVWXYZ');
    const [first, second, ...rest] = letters;
    await layByHand(p, rows, first!, 'click', () => board.check(`a step of ${first}`));
    await remaining(p);
    await board.check(`${first} laid`);
    // The second piece pushed onto the first one: refused, with the reason said.
    await p.locator(`.tray-piece[data-piece="${second}"]`).click();
    const [r, c] = cellsOf(rows, first!)[0]!;
    await boardCell(p, r, c).click();
    expect(((await p.locator('#play-message').textContent()) ?? '').length).toBeGreaterThan(5);
    await board.check('a refused placement');
    await p.keyboard.press('Escape');
    // The first piece dragged off the board (back to the tray), then Undo lays it again.
    const from = (await boardCell(p, r, c).boundingBox())!;
    await p.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await p.mouse.down();
    await p.mouse.move(from.x, 5, { steps: 8 });
    await board.check('a piece dragged off the board');
    await p.mouse.up();
    expect(await p.locator(`.tray-piece[data-piece="${first}"]`).getAttribute('data-left')).toBe('1');
    await remaining(p);
    await board.check('a piece put back');
    await p.getByRole('button', { name: 'Undo', exact: true }).click();
    expect(await p.locator(`.tray-piece[data-piece="${first}"]`).getAttribute('data-left')).toBe('0');
    await remaining(p);
    await board.check('Undo');
    for (const [index, letter] of [second!, ...rest].entries()) {
      await layByHand(p, rows, letter, 'click');
      await remaining(p);
      await board.check(`${letter} laid`);
      // Half way, a hint: a piece to lay, or why there is none (a long line either way).
      if (index === 4) {
        await p.getByRole('button', { name: 'Hint' }).click();
        await p.waitForFunction(() => /^(No hint|Hint)\b.{20}/.test(document.querySelector('#play-hint')?.textContent ?? ''), undefined, { timeout: 60_000 });
        await board.check('a hint');
      }
    }
    await p.waitForSelector('#play-solved:not([hidden])');
    await board.check('Solved!');
    expect(board.steps.length).toBeGreaterThan(20);
    expect(errors).toEqual([]);
    await p.close();
  }, 180_000);
});
