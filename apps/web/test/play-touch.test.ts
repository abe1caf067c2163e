// Pieces boards on a touch screen (Chromium with touch emulation at 390x844): every move without a
// keyboard. Rotate and Flip (Tip on the Soma cube) beside the tray turn the piece in hand, as does a
// tap on it; a tap lays it; a tap on a laid piece picks it up again; a piece dragged by a finger
// follows it and snaps onto the board. On a board of marks a finger's drag gives every cell it
// crosses the mark its first cell took (Hitori's shading in a run).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as ServerModule from '../src/server/index.js';
import type { WebServer } from '../src/server/index.js';
import { launchChromium, type Browser } from './browser.js';
import { boardCell, centre, handParts, pieceParts, remaining, shapeOf, touchPath } from './play-helpers.js';

const { discoverPlugins, serve } = (await import('../dist/server/index.js')) as typeof ServerModule;
const repoRoot = new URL('../../../', import.meta.url).pathname;

let server: WebServer;
let browser: Browser;
beforeAll(async () => {
  const discovery = await discoverPlugins({ root: repoRoot });
  server = await serve({ plugins: discovery.plugins.filter((source) => ['pentomino', 'polycube', 'hitori-sat'].includes(source.id)), unavailable: [] });
  browser = await launchChromium({ phone: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const problems = new Map<Page, string[]>();
async function open(search: string): Promise<Page> {
  const page = await browser.context.newPage();
  const seen: string[] = [];
  problems.set(page, seen);
  page.on('pageerror', (error) => seen.push(error.message));
  await page.goto(new URL(search, server.url).href);
  await page.waitForSelector('body[data-ready]', { timeout: 30_000 });
  await page.evaluate(() => localStorage.clear());
  return page;
}
async function close(page: Page): Promise<void> {
  expect(problems.get(page)).toEqual([]);
  await page.close();
}

type Cells = ReadonlyArray<readonly [number, number]>;
const quarterTurns = (cells: Cells) => [shapeOf(cells.map(([r, c]) => [c, -r])), shapeOf(cells.map(([r, c]) => [-c, r]))];
const mirrors = (cells: Cells) => [shapeOf(cells.map(([r, c]) => [r, -c])), shapeOf(cells.map(([r, c]) => [-r, c]))];

const button = (p: Page, name: string) => p.getByRole('button', { name, exact: true });
const marksOf = (p: Page, letter: string) =>
  p
    .locator(`.stage .board-cell[data-mark="${letter}"]`)
    .evaluateAll((cells) =>
      cells.map((cell) => [Number((cell as HTMLElement).dataset['row']), Number((cell as HTMLElement).dataset['col'])] as [number, number]),
    );

describe('pentomino 6x10 by taps', () => {
  it('Rotate, Flip and a tap on the piece in hand turn it; a tap lays it; a tap on a laid piece picks it up again', async () => {
    const p = await open('?puzzle=pentomino&example=6x10&play=1');
    expect((await remaining(p)).data).toBe('1000+');
    expect(await p.locator('[data-play-board]').count()).toBe(1);
    const rotate = button(p, 'Rotate');
    const flip = button(p, 'Flip');
    expect(await button(p, 'Tip').count()).toBe(0);
    // Nothing in hand: nothing to turn.
    expect([await rotate.isDisabled(), await flip.isDisabled()]).toEqual([true, true]);
    for (const each of [rotate, flip]) {
      const box = (await each.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
    }

    await p.locator('.tray-piece[data-piece="L"]').tap();
    expect(await p.locator('.tray-piece[data-piece="L"]').getAttribute('aria-pressed')).toBe('true');
    expect([await rotate.isDisabled(), await flip.isDisabled()]).toEqual([false, false]);
    const held = p.locator('.hand-piece');
    expect(await held.getAttribute('data-piece')).toBe('L');
    const orientations = [await held.getAttribute('data-orientation')];
    // Each Rotate is a quarter turn the same way; four come back to the start.
    let before = await handParts(p);
    let way: number | undefined;
    for (let turn = 0; turn < 4; turn++) {
      await rotate.tap();
      const after = await handParts(p);
      const turned = quarterTurns(before).indexOf(shapeOf(after));
      expect(turned).toBeGreaterThanOrEqual(0);
      way ??= turned;
      expect(turned).toBe(way);
      orientations.push(await held.getAttribute('data-orientation'));
      before = after;
    }
    expect(new Set(orientations.slice(0, 4)).size).toBe(4);
    expect(orientations[4]).toBe(orientations[0]);
    // A tap on the piece in hand is a Rotate; Flip mirrors it; the tray draws it the same way.
    await held.tap();
    expect(quarterTurns(before)[way!]).toBe(shapeOf(await handParts(p)));
    before = await handParts(p);
    const unflipped = await held.getAttribute('data-orientation');
    await flip.tap();
    expect(mirrors(before)).toContain(shapeOf(await handParts(p)));
    expect(await held.getAttribute('data-orientation')).not.toBe(unflipped);
    const tray = p.locator('.tray-piece[data-piece="L"]');
    expect(await tray.getAttribute('data-orientation')).toBe(await held.getAttribute('data-orientation'));
    // A tap on the piece in hand in the tray turns it too, and keeps it in hand.
    before = await handParts(p);
    await tray.tap();
    expect(quarterTurns(before)[way!]).toBe(shapeOf(await handParts(p)));
    expect(await tray.getAttribute('aria-pressed')).toBe('true');

    // A tap on a cell lays the piece with its first part there: at the corner its shape allows.
    const parts = await handParts(p);
    const [r0, c0] = parts[0]!;
    await boardCell(p, r0, c0).tap();
    expect(shapeOf(await marksOf(p, 'L'))).toBe(shapeOf(parts));
    expect((await marksOf(p, 'L')).map(([r, c]) => `${r},${c}`).sort()).toEqual(parts.map(([r, c]) => `${r},${c}`).sort());
    expect(await tray.getAttribute('data-left')).toBe('0');
    expect(await held.getAttribute('data-piece')).toBeNull();
    expect(await rotate.isDisabled()).toBe(true);
    await remaining(p);

    // A tap on the laid piece picks it up (in hand, still on the board); a tap elsewhere moves it there.
    await boardCell(p, r0, c0).tap();
    expect(await held.getAttribute('data-piece')).toBe('L');
    expect(await rotate.isDisabled()).toBe(false);
    expect((await marksOf(p, 'L')).length).toBe(5);
    await boardCell(p, r0 + 2, c0 + 5).tap();
    expect((await marksOf(p, 'L')).map(([r, c]) => `${r},${c}`).sort()).toEqual(parts.map(([r, c]) => `${r + 2},${c + 5}`).sort());
    expect(await held.getAttribute('data-piece')).toBeNull();
    // Picked up, turned and laid again where it was taken: a Rotate on the board.
    await boardCell(p, r0 + 2, c0 + 5).tap();
    await rotate.tap();
    const turnedParts = await handParts(p);
    await boardCell(p, r0 + 2, c0 + 5).tap();
    expect(shapeOf(await marksOf(p, 'L'))).toBe(shapeOf(turnedParts));
    expect(quarterTurns(parts)[way!]).toBe(shapeOf(turnedParts));
    // Back to tray takes a picked-up piece off the board.
    await boardCell(p, r0 + 2, c0 + 5).tap();
    await button(p, 'Back to tray').tap();
    expect(await marksOf(p, 'L')).toEqual([]);
    expect(await tray.getAttribute('data-left')).toBe('1');
    expect((await remaining(p)).data).toBe('1000+');
    await close(p);
  });

  it('a piece dragged by a finger follows it, fades over the board and snaps onto the cells under it', async () => {
    const p = await open('?puzzle=pentomino&example=6x10&play=1');
    await remaining(p);
    // The board's lower rows and the tray on one screen: a finger only touches what it sees.
    await p.locator('.hand-bar').evaluate((bar) => bar.scrollIntoView({ block: 'center' }));
    const parts = await pieceParts(p, 'X');
    const start = await centre(p, '.tray-piece[data-piece="X"] [data-part="0"]');
    const cell = (await boardCell(p, 3, 3).boundingBox())!;
    const target = { x: cell.x + cell.width / 2, y: cell.y + cell.height / 2 };
    // Up from the tray towards the board in steps, the last one on row 3, column 3.
    const path = Array.from({ length: 9 }, (_, k) => ({ x: start.x + ((target.x - start.x) * k) / 8, y: start.y + ((target.y - start.y) * k) / 8 }));
    const seen: { over: boolean }[] = [];
    const follower = p.locator('.drag-piece');
    const heldCellOff = async (point: { x: number; y: number }) => {
      const part = (await follower.locator('[data-part="0"]').boundingBox())!;
      return Math.hypot(part.x + part.width / 2 - point.x, part.y + part.height / 2 - point.y);
    };
    await touchPath(p, path, async (point, index) => {
      if (index === 0) return;
      expect(await follower.isVisible()).toBe(true);
      // Chromium hands touch moves to the page at its next frame, so the follower may be one move
      // behind when the dispatch returns: it must reach the finger, within the board's cell size.
      await expect.poll(() => heldCellOff(point), { timeout: 5000 }).toBeLessThan(1.5);
      seen.push({ over: (await follower.getAttribute('class'))!.includes('over-board') });
    });
    expect(seen.at(-1)!.over).toBe(true);
    expect(seen[0]!.over).toBe(false);
    expect(await p.locator('.drag-piece').isHidden()).toBe(true);
    // The plus lies with the cell it was held by on row 3, column 3 (its top cell: it reaches row 5).
    const [r0, c0] = parts[0]!;
    expect((await marksOf(p, 'X')).map(([r, c]) => `${r},${c}`).sort()).toEqual(parts.map(([r, c]) => `${3 + r - r0},${3 + c - c0}`).sort());
    expect(await p.locator('.tray-piece[data-piece="X"]').getAttribute('data-left')).toBe('0');
    await close(p);
  });
});

describe('the Soma cube by taps', () => {
  it('has Rotate and Tip, no Flip; Tip changes the orientation of the piece in hand', async () => {
    const p = await open('?puzzle=polycube&example=soma&play=1');
    await remaining(p);
    expect(await button(p, 'Flip').count()).toBe(0);
    const tip = button(p, 'Tip');
    expect(await tip.isDisabled()).toBe(true);
    await p.locator('.tray-piece[data-piece="L"]').tap();
    const held = p.locator('.hand-piece');
    const orientation = await held.getAttribute('data-orientation');
    await tip.tap();
    expect(await held.getAttribute('data-orientation')).not.toBe(orientation);
    await button(p, 'Rotate').tap();
    expect(await held.getAttribute('data-orientation')).not.toBe(orientation);
    await close(p);
  });
});

describe('a run of marks by a finger', () => {
  it('Hitori: a tap moves a cell to its next mark once; a drag gives every cell it crosses the mark its first cell took, one move a cell', async () => {
    const p = await open('?puzzle=hitori-sat&example=unique-5x5&play=1');
    await remaining(p);
    const row = (r: number) =>
      p.locator(`.stage .board-cell[data-row="${r}"]`).evaluateAll((cells) => cells.map((cell) => (cell as HTMLElement).dataset['mark']!));
    const [empty] = await row(1);
    await boardCell(p, 1, 3).tap();
    const tapped = await row(1);
    const shaded = tapped[3]!;
    expect(shaded).not.toBe(empty);
    expect(tapped).toEqual([empty, empty, empty, shaded, empty]);
    // A finger from column 1 to column 5 of row 2, through each cell: all shaded (column 4 already was: no move there).
    const points = [];
    for (let col = 0; col < 5; col++) points.push(await centre(p, `.stage .board-cell[data-row="1"][data-col="${col}"]`));
    await touchPath(p, points);
    expect(await row(1)).toEqual(Array(5).fill(shaded));
    const undo = p.locator('#play-undo');
    for (let move = 0; move < 4; move++) await undo.tap();
    expect(await row(1)).toEqual(tapped);
    await undo.tap();
    expect(await undo.isDisabled()).toBe(true);
    // A drag that starts on a shaded cell gives its next mark (circled) to the cells after it.
    await p.locator('#play-redo').tap();
    await touchPath(p, [await centre(p, '.stage .board-cell[data-row="1"][data-col="3"]'), await centre(p, '.stage .board-cell[data-row="1"][data-col="4"]')]);
    const circled = (await row(1))[3]!;
    expect([circled === shaded, circled === empty]).toEqual([false, false]);
    expect(await row(1)).toEqual([empty, empty, empty, circled, circled]);
    await close(p);
  });
});
