// The page as a workbench, in headless Chromium: inputs drawn with the plugin's editor (clicks for a
// Puyo field and pentomino holes, typing for Hitori), each result checked against the CLI for the
// same input, and each reopened from the link "Link" gives in a fresh page. Also a third-party
// plugin from a temporary directory that gets an editor with no change to the page.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as ServerModule from '../src/server/index.js';
import type { WebServer } from '../src/server/index.js';
import { launchChromium, type Browser } from './browser.js';

const builtServer = '../dist/server/index.js';
const { discoverPlugins, serve } = (await import(builtServer)) as typeof ServerModule;

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../../..');
const kitBin = join(repoRoot, 'apps/cli/dist/bin.cjs');

// A plugin nobody in this repository wrote: a grid of lamps (on/off/broken) from a temporary
// directory; it counts the lamps that are on. Nothing in the page knows it.
const LAMPS_PLUGIN = `
const read = (text) => text.trim().split('\\n').map((row) => [...row.trim()]);
export default {
  apiVersion: 1, id: 'lamps', title: 'Lamps', description: 'Counts the lamps that are on.', version: '0.0.1',
  options: [],
  input: { formats: ['lamps'], required: true },
  editors: [{
    target: 'input', label: 'Lamps', width: { min: 2, max: 8 }, height: 3,
    values: [{ value: '-', label: 'off' }, { value: 'o', label: 'on', fill: 'yellow', key: 'o' }, { value: 'x', label: 'broken', fill: 'red' }],
    toText: (grid) => grid.map((row) => row.join('')).join('\\n') + '\\n',
    fromText: read,
  }],
  samples: [{ name: 'two', title: 'Two lamps', input: 'o--\\n---\\n--o\\n' }],
  parse: (options, file) => read(file.text),
  solver: async () => ({ solve: (rows, ctx) => ({ solutions: 0, lit: rows.flat().filter((c) => c === 'o').length, broken: rows.flat().filter((c) => c === 'x').length, width: rows[0].length }) }),
  view: () => ({ width: 1, height: 1, cells: [{}] }),
};
`;

// Another: a grid of counts from 0 to 12 (numbers that start at 0), 2 to 6 cells wide.
const TALLY_PLUGIN = `
const read = (text) => text.trim().split('\\n').map((row) => row.trim().split(/\\s+/));
export default {
  apiVersion: 1, id: 'tally', title: 'Tally', description: 'Adds up a grid of counts.', version: '0.0.1',
  options: [],
  input: { formats: ['tally'], required: true },
  editors: [{
    target: 'input', label: 'Counts', width: { min: 2, max: 6 }, height: 2, startSize: { width: 4, height: 2 },
    values: [{ value: '-', label: 'nothing' }],
    numbers: { min: 0, max: 12 },
    toText: (grid) => grid.map((row) => row.join(' ')).join('\\n') + '\\n',
    fromText: read,
  }],
  parse: (options, file) => read(file.text),
  solver: async () => ({ solve: (rows) => ({ solutions: 0, total: rows.flat().filter((c) => c !== '-').reduce((a, c) => a + Number(c), 0) }) }),
  view: () => ({ width: 1, height: 1, cells: [{}] }),
};
`;

let server: WebServer;
let browser: Browser;
let pluginDir: string;

beforeAll(async () => {
  pluginDir = mkdtempSync(join(tmpdir(), 'kit-lamps-'));
  writeFileSync(join(pluginDir, 'lamps.js'), LAMPS_PLUGIN);
  writeFileSync(join(pluginDir, 'tally.js'), TALLY_PLUGIN);
  const discovery = await discoverPlugins({ root: repoRoot });
  const local = (id: string) => ({
    id,
    source: join(pluginDir, `${id}.js`),
    moduleUrl: pathToFileURL(join(pluginDir, `${id}.js`)).href,
    packageDir: pluginDir,
  });
  server = await serve({ plugins: [...discovery.plugins, local('lamps'), local('tally')], unavailable: discovery.unavailable });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (pluginDir) rmSync(pluginDir, { recursive: true, force: true });
});

async function open(url: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const page = await browser.context.newPage();
  await page.setViewportSize(viewport);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(new URL(url, server.url).href);
  await page.waitForSelector('body[data-ready]', { timeout: 30_000 });
  expect(problems).toEqual([]);
  return page;
}

const done = (p: Page, timeout = 120_000) => p.waitForSelector('#phase[data-phase="done"]', { timeout });
const field = (p: Page, name: string) => p.locator(`#summary dd[data-field="${name}"]`).getAttribute('data-value');
const cell = (p: Page, target: string, row: number, col: number) => p.locator(`[data-editor="${target}"] [data-row="${row}"][data-col="${col}"]`);
const choose = (p: Page, target: string, value: string) => p.locator(`[data-editor="${target}"] button[data-value="${value}"]`).click();
const clear = (p: Page, target: string) => p.locator(`[data-editor="${target}"] button[data-action="clear"]`).click();
const runButton = (p: Page) => p.getByRole('button', { name: 'Run', exact: true });
/** The link "Link" holds, opened in a fresh page. */
async function reopen(p: Page): Promise<Page> {
  const href = await p.getByRole('link', { name: 'Link', exact: true }).getAttribute('href');
  expect(href).toMatch(/^\?puzzle=.*&run=1$/);
  await p.close();
  return open(href!);
}
/** What `kit run ID FILE --json` ends with, for the same input as text. */
function cli(id: string, text: string, args: string[] = []): { done: Record<string, unknown>; solutions: Record<string, unknown>[] } {
  const dir = mkdtempSync(join(tmpdir(), 'kit-web-cli-'));
  try {
    writeFileSync(join(dir, 'input.txt'), text);
    const lines = execFileSync(process.execPath, [kitBin, 'run', id, join(dir, 'input.txt'), '--json', ...args], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    return { done: lines.at(-1)!, solutions: lines.filter((line) => line['type'] === 'solution').map((line) => line['solution'] as Record<string, unknown>) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const editorText = (p: Page, target: string) => p.locator(`[data-editor-text="${target}"]`).inputValue();

describe('drawing a puzzle and sharing it', () => {
  it("paints a 4-colour 2-chain Puyo field with clicks only, and gets the CLI's chains and score, also from its link", async () => {
    let p = await open('?puzzle=puyo');
    await clear(p, 'input');
    // Rows 3, 2, 1 of the field are the editor's last three rows (row 13 is its first).
    const paint: Record<string, [number, number][]> = {
      R: [
        [11, 0],
        [12, 0],
        [12, 1],
        [12, 2],
      ],
      G: [
        [10, 0],
        [11, 1],
        [11, 2],
        [12, 3],
      ],
      Y: [[12, 4]],
      B: [[12, 5]],
    };
    for (const [colour, cells] of Object.entries(paint)) {
      await choose(p, 'input', colour);
      for (const [row, col] of cells) await cell(p, 'input', row, col).click();
    }
    const text = await editorText(p, 'input');
    expect(text.trimEnd().split('\n').slice(-3)).toEqual(['G.....', 'RGG...', 'RRRGYB']);
    const expected = cli('puyo', text).done;
    expect(expected['chains']).toBe(2);
    await runButton(p).click();
    await done(p);
    expect(await p.locator('.summary-line').textContent()).toBe(`2 chains, ${expected['score']} points`);
    expect(await field(p, 'score')).toBe(String(expected['score']));
    expect(new URL(p.url()).searchParams.get('input')).toBe('g00ag09az');

    p = await reopen(p);
    await done(p);
    expect(await field(p, 'chains')).toBe('2');
    expect(await field(p, 'score')).toBe(String(expected['score']));
    expect(await editorText(p, 'input')).toBe(text);
    await p.close();
  });

  it("paints holes into a pentomino board and gets the CLI's count for that board, also from its link", async () => {
    let p = await open('?puzzle=pentomino');
    for (const side of ['width', 'height']) {
      const input = p.locator(`[data-editor="input"] input[data-size="${side}"]`);
      await input.fill('8');
      await input.dispatchEvent('change');
    }
    await choose(p, 'input', '#');
    for (const [row, col] of [
      [0, 0],
      [0, 7],
      [7, 0],
      [7, 7],
    ] as const)
      await cell(p, 'input', row, col).click();
    const text = await editorText(p, 'input');
    expect(text).toBe(`#......#\n${'........\n'.repeat(6)}#......#\n`);
    const expected = cli('pentomino', text, ['--count']).done;
    await runButton(p).click();
    await done(p);
    expect(await p.locator('#count').getAttribute('data-count')).toBe(String(expected['solutions']));
    expect(await field(p, 'board')).toBe('8x8');

    p = await reopen(p);
    await done(p);
    expect(await p.locator('#count').getAttribute('data-count')).toBe(String(expected['solutions']));
    await p.close();
  });

  it('takes a 5x5 Hitori typed on the keyboard and shows its unique solution, also from its link', async () => {
    const puzzle = ['4 3 5 5 1', '3 4 2 1 5', '4 4 3 3 1', '5 1 1 3 2', '5 2 5 1 3'];
    let p = await open('?puzzle=hitori-sat');
    await clear(p, 'input');
    await cell(p, 'input', 0, 0).click();
    await p.keyboard.type(puzzle.join('').replaceAll(' ', ''));
    expect(await editorText(p, 'input')).toBe(`${puzzle.join('\n')}\n`);
    const expected = cli('hitori-sat', `${puzzle.join('\n')}\n`);
    expect(expected.done['unique']).toBe(true);
    const shading = async (page: Page) => {
      const rows = Array.from({ length: 5 }, () => [...'.....']);
      for (const rect of await page.locator('#viewer-frame svg rect[data-fill="shaded"]').all()) {
        rows[Number(await rect.getAttribute('y'))]![Number(await rect.getAttribute('x'))] = '#';
      }
      return rows.map((row) => row.join(''));
    };
    await runButton(p).click();
    await done(p);
    expect(await p.locator('.summary-line').textContent()).toBe('5x5: unique solution');
    expect(await p.locator('.count-line').textContent()).toBe('1 solution');
    expect(await shading(p)).toEqual(expected.solutions[0]!['shaded']);
    expect(new URL(p.url()).searchParams.get('input')).toBe('hitori/5/5/4355134215443315113252513');
    // What `-o puzzle.txt` writes, offered as a download.
    const dir = mkdtempSync(join(tmpdir(), 'kit-web-o-'));
    try {
      writeFileSync(join(dir, 'p.txt'), `${puzzle.join('\n')}\n`);
      execFileSync(process.execPath, [kitBin, 'run', 'hitori-sat', join(dir, 'p.txt'), '-o', join(dir, 'puzzle.txt'), '--count']);
      const [download] = await Promise.all([p.waitForEvent('download'), p.getByRole('link', { name: 'Download puzzle.txt' }).click()]);
      expect(download.suggestedFilename()).toBe('puzzle.txt');
      expect(readFileSync((await download.path())!, 'utf8')).toBe(readFileSync(join(dir, 'puzzle.txt'), 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Terminal-only options are not in the page.
    for (const name of ['output', 'force', 'emit', 'dimacs', 'sat-solver']) expect(await p.locator(`[data-option="${name}"]`).count()).toBe(0);

    p = await reopen(p);
    await done(p);
    expect(await p.locator('.summary-line').textContent()).toBe('5x5: unique solution');
    expect(await shading(p)).toEqual(expected.solutions[0]!['shaded']);
    await p.close();
  });

  it("shows the CLI's one-line message for a link with a bad input, and does not run it", async () => {
    const p = await open('?puzzle=hitori-sat&input=hitori/5/5/zz&run=1');
    expect(await p.locator('#form-error').textContent()).toBe('input:1: the URL describes 2 of the 25 cells of a 5x5 board');
    expect(await p.locator('#phase').getAttribute('data-phase')).toBe('idle');
    await p.close();
  });
});

describe('playback', () => {
  it('steps through a chain with pause, one step back and forward, the scrubber and the arrow keys', async () => {
    const p = await open('?puzzle=puyo&example=two-chain&delay=60000&run=1');
    await done(p);
    const caption = () => p.locator('#viewer-caption').textContent();
    await expect.poll(caption).toMatch(/^Step 1 of 4 /);
    expect(await p.locator('#step-play').textContent()).toBe('Pause');
    await p.click('#step-play');
    expect(await p.locator('#step-play').textContent()).toBe('Play');
    await p.getByRole('button', { name: 'Step forward' }).click();
    await expect.poll(caption).toMatch(/^Step 2 of 4 /);
    await p.locator('#step-scrubber').fill('3');
    await expect.poll(caption).toMatch(/^Step 4 of 4 · chain 2: /);
    expect(await p.getByRole('button', { name: 'Step forward' }).isDisabled()).toBe(true);
    await p.getByRole('button', { name: 'Step back' }).click();
    await expect.poll(caption).toMatch(/^Step 3 of 4 /);
    await p.keyboard.press('ArrowLeft');
    await expect.poll(caption).toMatch(/^Step 2 of 4 /);
    // Play from here at 4x: the steps' own pause (here 60 s) divided by four still holds the frame.
    await p.selectOption('#step-speed', '4');
    await p.click('#step-play');
    await expect.poll(caption).toMatch(/^Step 3 of 4 /);
    await p.waitForTimeout(500);
    expect(await caption()).toMatch(/^Step 3 of 4 /);
    await p.close();
  });

  it('goes through solutions with Previous, Next and the arrow keys', async () => {
    const p = await open('?puzzle=pentomino&example=3x20&run=1');
    await done(p);
    const caption = () => p.locator('#viewer-caption').textContent();
    await expect.poll(caption).toBe('Solution No. 1 of 2');
    await p.getByRole('button', { name: 'Next', exact: true }).click();
    await expect.poll(caption).toBe('Solution No. 2 of 2');
    expect(await p.getByRole('button', { name: 'Next', exact: true }).isDisabled()).toBe(true);
    await p.keyboard.press('ArrowLeft');
    await expect.poll(caption).toBe('Solution No. 1 of 2');
    expect(await p.getByRole('button', { name: 'Previous', exact: true }).isDisabled()).toBe(true);
    expect(await p.locator('.count-line').textContent()).toBe('2 solutions');
    await p.close();
  });
});

describe('a third-party plugin', () => {
  it('gets an editor from its description alone, and runs what was drawn', async () => {
    let p = await open('?puzzle=lamps');
    expect(await editorText(p, 'input')).toBe('o--\n---\n--o\n');
    expect(
      await p.locator('[data-editor="input"] button[data-value]').evaluateAll((buttons) => buttons.map((b) => b.querySelector('.value-label')!.textContent)),
    ).toEqual(['off', 'on', 'broken']);
    const width = p.locator('[data-editor="input"] input[data-size="width"]');
    await width.fill('4');
    await width.dispatchEvent('change');
    // Drag across the new column to light it, then break one lamp.
    const from = await cell(p, 'input', 0, 3).boundingBox();
    const to = await cell(p, 'input', 2, 3).boundingBox();
    await p.mouse.move(from!.x + 5, from!.y + 5);
    await p.mouse.down();
    await p.mouse.move(to!.x + 5, to!.y + 5, { steps: 8 });
    await p.mouse.up();
    await choose(p, 'input', 'x');
    await cell(p, 'input', 1, 1).click();
    expect(await editorText(p, 'input')).toBe('o--o\n-x-o\n--oo\n');
    await runButton(p).click();
    await done(p);
    expect(await field(p, 'lit')).toBe('5');
    expect(await field(p, 'broken')).toBe('1');
    // No compact form of its own: the link carries a run-length code of the grid.
    expect(new URL(p.url()).searchParams.get('input')).toBe('4x3_o_2*-_o_-_x_-_o_2*-_2*o');
    p = await reopen(p);
    await done(p);
    expect(await field(p, 'lit')).toBe('5');
    await p.close();
  });
});

describe("an editor's keyboard", () => {
  it('types 0 in a grid whose numbers start at 0 and moves on at once; Enter in a size field resizes and does not run', async () => {
    const p = await open('?puzzle=tally');
    await cell(p, 'input', 0, 0).click();
    // 0 cannot start a longer number: the cursor moves on, so 7 goes to the next cell (not "07").
    await p.keyboard.type('07');
    // 1 may start 10, 11 or 12: 1 then 2 is 12.
    await p.keyboard.type('12');
    expect(await editorText(p, 'input')).toBe('0 7 12 -\n- - - -\n');
    const width = p.locator('[data-editor="input"] input[data-size="width"]');
    await width.fill('5');
    await width.press('Enter');
    expect(await editorText(p, 'input')).toBe('0 7 12 - -\n- - - - -\n');
    expect(await p.locator('#phase').getAttribute('data-phase')).toBe('idle');
    expect(await p.evaluate(() => performance.getEntriesByName('kit:run').length)).toBe(0);
    await runButton(p).click();
    await done(p);
    expect(await field(p, 'total')).toBe('19');
    await p.close();
  });
});
