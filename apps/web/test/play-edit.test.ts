// A board edited in place, as Puyo Nexus's chainsim edits its field: in headless Chromium with
// touch emulation at 390x844, Puyo's chain builder goes into Edit, puyos are painted onto the
// field by taps and a finger's drag with the palette, Cancel edit leaves the field as it was, and Done
// plays the edited field: the address carries it (the CLI reads the same field from it), and the
// game goes on from it, a drop scored as `kit run puyo` scores the field it makes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pluginFromModule } from '@kit/core/host';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as ServerModule from '../src/server/index.js';
import type { WebServer } from '../src/server/index.js';
import { launchChromium, type Browser } from './browser.js';
import { axeProblems, centre, pageOpener, smallTargets, touchPath } from './play-helpers.js';

const { discoverPlugins, serve } = (await import('../dist/server/index.js')) as typeof ServerModule;
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const kitBin = join(repoRoot, 'apps/cli/dist/bin.cjs');
const discovery = await discoverPlugins({ root: repoRoot });
const source = discovery.plugins.find((plugin) => plugin.id === 'puyo')!;
const puyo = pluginFromModule((await import(source.moduleUrl)) as Record<string, unknown>, source.source);
const work = mkdtempSync(join(tmpdir(), 'kit-play-edit-'));

let server: WebServer;
let browser: Browser;
beforeAll(async () => {
  server = await serve({ plugins: [source], unavailable: [] });
  browser = await launchChromium({ phone: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

const { open, close } = pageOpener(
  () => browser.context,
  () => server.url,
  { viewport: { width: 390, height: 844 } },
);

/** `kit run puyo ARGS --json`: the solution's field rows (row 14 first) and the done line. */
function kitPuyo(args: string[]): { rows: string[]; done: Record<string, unknown> } {
  const lines = execFileSync(process.execPath, [kitBin, 'run', 'puyo', ...args, '--json'], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const solution = lines.find((line) => line['type'] === 'solution')!['solution'] as { rows: string[] };
  return { rows: solution.rows, done: lines.at(-1)! };
}

/** The played field's text alternative (each column from the floor up). */
const fieldWords = (p: Page) => p.locator('.stage .drops-field[role="img"]').getAttribute('aria-label');
/** The painted field's cell at frame row `row` (rows 14, 13, the divider, then 12 down to 1), column `col`. */
const paintCell = (p: Page, row: number, col: number) => p.locator(`.stage .drops-field [role="gridcell"][data-row="${row}"][data-col="${col}"]`);
const button = (p: Page, name: string) => p.getByRole('button', { name, exact: true });
/** The board's box on the page (taps scroll the page to what they touch: measured from the page's top). */
const box = (p: Page) =>
  p.locator('[data-play-board]').evaluate((board) => {
    const found = board.getBoundingClientRect();
    return [found.left + scrollX, found.top + scrollY, found.width, found.height];
  });

describe("Puyo's field edited in place", () => {
  it('paints with the palette by taps and a drag; Cancel edit keeps the field; Done plays the edited field, carried by the address, and the game goes on from it', {
    timeout: 120_000,
  }, async () => {
    const p = await open('?puzzle=puyo&example=builder&play=1');
    await p.waitForSelector('.drops-stage[data-column]');
    const before = await fieldWords(p);
    expect(before).toBe(
      'Field from the floor up (R red, G green, B blue, Y yellow, P purple, O garbage); column 1: G G G R; column 2: R; column 3: R; column 4: R; column 5: empty; column 6: empty',
    );
    const stageBox = await box(p);
    expect(stageBox[1]! + stageBox[3]!).toBeLessThanOrEqual(844);

    // Edit: the field editor's values as a palette where the move buttons were; the field's cells to tap.
    await button(p, 'Edit field').tap();
    const editor = puyo.editors!.find((spec) => spec.target === 'input')!;
    const palette = p.getByRole('toolbar', { name: 'Field values' });
    expect(await palette.locator('button .value-label').allTextContents()).toEqual(editor.values.map((value) => value.label));
    expect(await p.locator('.drop-buttons').count()).toBe(0);
    // Rows 14 and the divider are no editor's rows: 13 x 6 cells to paint, 24 px or more, all on the first screen.
    expect(await p.locator('.stage .drops-field [role="gridcell"]:not([aria-disabled])').count()).toBe(78);
    expect(await smallTargets(p)).toEqual([]);
    const editing = await box(p);
    expect(editing[1]! + editing[3]!).toBeLessThanOrEqual(844);
    expect(await axeProblems(p)).toEqual([]);

    // A tap paints the chosen value; Cancel gives the field back as it was.
    await palette.getByRole('button', { name: 'purple' }).tap();
    await paintCell(p, 14, 5).tap();
    expect(await paintCell(p, 14, 5).getAttribute('aria-label')).toBe('row 13, column 6: purple');
    await button(p, 'Cancel edit').tap();
    expect(await fieldWords(p)).toBe(before);
    expect(await button(p, 'Edit field').count()).toBe(1);

    // Yellow on row 2, columns 2 and 3, by a finger dragged across them; a tap on a painted cell takes it off again, a second puts it back.
    await button(p, 'Edit field').tap();
    await palette.getByRole('button', { name: 'yellow' }).tap();
    const from = await centre(p, '.stage .drops-field [role="gridcell"][data-row="13"][data-col="1"]');
    const to = await centre(p, '.stage .drops-field [role="gridcell"][data-row="13"][data-col="2"]');
    await touchPath(p, [from, { x: (from.x + to.x) / 2, y: from.y }, to]);
    expect(await paintCell(p, 13, 1).getAttribute('aria-label')).toBe('row 12, column 2: yellow');
    expect(await paintCell(p, 13, 2).getAttribute('aria-label')).toBe('row 12, column 3: yellow');
    await paintCell(p, 13, 2).tap();
    expect(await paintCell(p, 13, 2).getAttribute('aria-label')).toBe('row 12, column 3: empty');
    await paintCell(p, 13, 2).tap();
    await button(p, 'Done').tap();

    // Played: the field as painted, the address's field the same for the CLI, the board where it was.
    await p.waitForSelector('.drops-stage[data-column]');
    expect(await fieldWords(p)).toBe(
      'Field from the floor up (R red, G green, B blue, Y yellow, P purple, O garbage); column 1: G G G R; column 2: R Y; column 3: R Y; column 4: R; column 5: empty; column 6: empty',
    );
    expect(await box(p)).toEqual(stageBox);
    expect(await p.locator('#play-example').inputValue()).toBe('');
    const code = new URL(p.url()).searchParams.get('input')!;
    expect(kitPuyo(['--url', `https://puyop.com/s/${code}`]).rows.slice(-4)).toEqual(['R.....', 'G.....', 'GYY...', 'GRRR..']);

    // The game goes on: the first pair turned upside down over column 4 lands its child on the reds.
    await button(p, 'Turn clockwise (X)').tap();
    await button(p, 'Turn clockwise (X)').tap();
    await button(p, 'Move right').tap();
    const ghost = await p
      .locator('.stage .drops-field .board-cell[data-ghost]')
      .evaluateAll((cells) =>
        cells.map(
          (cell) =>
            [Number((cell as HTMLElement).dataset['row']), Number((cell as HTMLElement).dataset['col']), (cell as HTMLElement).dataset['ghost']!] as const,
        ),
      );
    expect(ghost).toHaveLength(2);
    // The field the drop makes, as a file for the CLI (row 14 first): frame row r is field row 15 - r below the divider.
    const rows = [...Array(10).fill('......'), 'R.....', 'G.....', 'GYY...', 'GRRR..'].map((row: string) => [...row]);
    for (const [row, col, colour] of ghost) rows[14 - (row >= 3 ? 15 - row : 14 - row)]![col] = colour;
    const expected = kitPuyo([writeField(rows.map((row) => row.join('')))]).done;
    expect(expected['chains']).toBeGreaterThan(0);
    await button(p, 'Drop').tap();
    await expect.poll(() => p.locator('[data-counter="score"] .counter-value').textContent(), { timeout: 20_000 }).toBe(String(expected['score']));
    expect(await p.locator('[data-counter="chain"] .counter-value').textContent()).toBe(String(expected['chains']));
    // Undo takes the drop back to the edited field.
    await p.locator('#play-undo').tap();
    expect(await fieldWords(p)).toMatch(/column 2: R Y; column 3: R Y; column 4: R;/);
    await close(p);
  });

  it("with the keyboard: the arrows move over the editor's cells, a value's key paints it", { timeout: 60_000 }, async () => {
    const p = await open('?puzzle=puyo&example=builder&play=1');
    await p.waitForSelector('.drops-stage[data-column]');
    await button(p, 'Edit field').tap();
    // The cursor starts on row 13, column 1 (frame row 1): Down skips the divider to row 12.
    expect(await p.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('row 1, column 1: empty');
    await p.keyboard.press('ArrowDown');
    await p.keyboard.press('ArrowRight');
    expect(await p.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('row 2, column 2: empty');
    await p.keyboard.press('b');
    expect(await paintCell(p, 3, 1).getAttribute('aria-label')).toBe('row 2, column 2: blue');
    expect(await p.getByRole('button', { name: 'blue' }).getAttribute('aria-pressed')).toBe('true');
    await button(p, 'Done').tap();
    await p.waitForSelector('.drops-stage[data-column]');
    expect(await fieldWords(p)).toMatch(/column 2: R B;/);
    await close(p);
  });
});

function writeField(rows: string[]): string {
  const file = join(work, 'field.txt');
  writeFileSync(file, `${rows.join('\n')}\n`);
  return file;
}
