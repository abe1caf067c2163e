// A grid editor with layers (GridEditorSpec.layers) in headless Chromium: @kit/polycube's target
// drawn as two layers of 3x2 with one hole, one layer at a time, by mouse and keyboard. The text the
// editor writes is the plugin's layered format, and the page's count is the CLI's for that text.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as ServerModule from '../src/server/index.js';
import type { WebServer } from '../src/server/index.js';
import { launchChromium, type Browser } from './browser.js';

const { discoverPlugins, serve } = (await import('../dist/server/index.js')) as typeof ServerModule;
const repoRoot = new URL('../../../', import.meta.url).pathname;
const kitBin = join(repoRoot, 'apps/cli/dist/bin.cjs');
const discovery = await discoverPlugins({ root: repoRoot });

let server: WebServer;
let browser: Browser;
const pages: Page[] = [];
const work = mkdtempSync(join(tmpdir(), 'kit-layer-editor-'));

beforeAll(async () => {
  server = await serve({ plugins: discovery.plugins.filter((source) => source.id === 'polycube'), unavailable: [] });
  browser = await launchChromium();
});
afterAll(async () => {
  for (const page of pages) await page.close();
  await browser?.close();
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

async function open(search: string, problems: string[]): Promise<Page> {
  const page = await browser.context.newPage();
  pages.push(page);
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${server.url}${search}`);
  await page.waitForSelector('body[data-ready]', { timeout: 30_000 });
  return page;
}

const editorText = (p: Page) => p.inputValue('[data-editor-text="target"]');
const layerChoice = (p: Page) => p.getByRole('combobox', { name: 'Target layer' });

describe('a grid editor with layers', () => {
  it("draws a two-layer target one layer at a time; the text is the plugin's and the count is the CLI's", { timeout: 240_000 }, async () => {
    const problems: string[] = [];
    const p = await open('?puzzle=polycube', problems);
    await p.click('details[data-editor="target"] > summary');
    // A new target: three layers of 3x3, the first shown.
    expect(await layerChoice(p).locator('option').allTextContents()).toEqual(['Layer 1 of 3', 'Layer 2 of 3', 'Layer 3 of 3']);
    expect(await layerChoice(p).inputValue()).toBe('0');
    expect(await p.locator('[data-editor="target"] .editor-grid').getAttribute('aria-label')).toBe('Target, layer 1 of 3');

    // Two layers of three columns and two rows.
    await p.click('[data-editor="target"] [data-action="remove-layer"]');
    expect(await layerChoice(p).locator('option').allTextContents()).toEqual(['Layer 1 of 2', 'Layer 2 of 2']);
    await p.fill('[data-editor="target"] [data-size="height"]', '2');
    await p.press('[data-editor="target"] [data-size="height"]', 'Enter');
    expect(await editorText(p)).toBe('...\n...\n\n...\n...\n');

    // The second layer, chosen from the keyboard: its middle cell of the first row becomes a hole.
    await layerChoice(p).focus();
    await p.keyboard.press('ArrowDown');
    expect(await layerChoice(p).inputValue()).toBe('1');
    expect(await p.locator('[data-editor="target"] .editor-grid').getAttribute('aria-label')).toBe('Target, layer 2 of 2');
    await p.locator('[data-editor="target"] .editor-grid').focus();
    await p.keyboard.press('ArrowRight');
    await p.keyboard.press('h');
    // The first layer again, a corner made a hole by a click, then made a cube again by a second click.
    await layerChoice(p).selectOption('0');
    const corner = p.locator('[data-editor="target"] .editor-cell[data-row="1"][data-col="2"]');
    await corner.click();
    expect(await corner.getAttribute('data-value')).toBe('#');
    expect(await editorText(p)).toBe('...\n..#\n\n.#.\n...\n');
    await corner.click();
    expect(await corner.getAttribute('aria-label')).toBe('row 2, column 3: cube');
    const text = await editorText(p);
    expect(text).toBe('...\n...\n\n.#.\n...\n');

    // Eleven cubes: the Soma pieces V, L and A. The page's count against the CLI's on the same text.
    await p.fill('#opt-pieces', 'VLA');
    await p.click('#run');
    await p.waitForSelector('#phase[data-phase="done"]', { timeout: 60_000 });
    expect(await p.locator('#form-error').textContent()).toBe('');
    const file = join(work, 'target.txt');
    writeFileSync(file, text);
    const done = JSON.parse(
      execFileSync(process.execPath, [kitBin, 'run', 'polycube', '--target', file, '--pieces', 'VLA', '--count', '--json'], { encoding: 'utf8', cwd: repoRoot })
        .trim()
        .split('\n')
        .at(-1)!,
    ) as { solutions: number };
    expect(done.solutions).toBeGreaterThan(0);
    expect(Number(await p.locator('#count').getAttribute('data-count'))).toBe(done.solutions);

    // The link carries both layers: it opens on the same text.
    const link = await p.getByRole('link', { name: 'Link' }).getAttribute('href');
    const again = await open(new URL(link!, server.url).search, problems);
    expect(await editorText(again)).toBe(text);
    expect(await layerChoice(again).locator('option').allTextContents()).toEqual(['Layer 1 of 2', 'Layer 2 of 2']);

    // Text typed under *As text* becomes the stack, cropped as the solver reads it; a bad one is refused in the plugin's words.
    await again.click('[data-editor="target"] details.editor-text > summary');
    await again.fill('[data-editor-text="target"]', '##\n#.\n\n##\n#.\n\n##\n#.\n');
    expect(await layerChoice(again).locator('option').allTextContents()).toEqual(['Layer 1 of 3', 'Layer 2 of 3', 'Layer 3 of 3']);
    expect(await again.locator('[data-editor="target"] .editor-cell').count()).toBe(1);
    await again.fill('[data-editor-text="target"]', '..\n..\n\n...\n');
    expect(await again.locator('[data-editor="target"] .editor-error').textContent()).toBe(
      'target:4: layers of unequal size: layer 2 of the target has 1 row but layer 1 has 2',
    );
    expect(problems).toEqual([]);
  });
});
