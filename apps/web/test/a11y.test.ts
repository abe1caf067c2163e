// Accessibility, in headless Chromium: axe-core on every plugin's editor and result (no critical or
// serious violation, target sizes included), named cells inside rows of a grid, tap targets of at
// least 24 px, and Puyo colours told apart by their marks under deuteranopia.
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pluginFromModule } from '@kit/core/host';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as ServerModule from '../src/server/index.js';
import type { WebServer } from '../src/server/index.js';
import { launchChromium, type Browser } from './browser.js';

const builtServer = '../dist/server/index.js';
const { discoverPlugins, serve } = (await import(builtServer)) as typeof ServerModule;
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../../..');
const discovery = await discoverPlugins({ root: repoRoot });
const plugins = await Promise.all(
  discovery.plugins.map(async (source) => pluginFromModule((await import(source.moduleUrl)) as Record<string, unknown>, source.source)),
);

let server: WebServer;
let browser: Browser;
beforeAll(async () => {
  server = await serve({ plugins: discovery.plugins, unavailable: discovery.unavailable });
  // axe-core is injected as a script, which the page's Content-Security-Policy refuses: tests only.
  browser = await launchChromium({ bypassCSP: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(search: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const page = await browser.context.newPage();
  await page.setViewportSize(viewport);
  await page.goto(new URL(search, server.url).href);
  await page.waitForSelector('body[data-ready]', { timeout: 30_000 });
  return page;
}

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's critical and serious violations, each as `rule: help (first targets)`. */
async function axeProblems(p: Page): Promise<string[]> {
  if (!(await p.evaluate(() => 'axe' in window))) await p.addScriptTag({ path: AXE });
  const violations = await p.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Violation[] }> } }).axe;
    // WCAG 2.2's target size too, which axe leaves off by default.
    const result = await axe.run(document, { resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.length} nodes: ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')})`,
    );
}

/** Visible controls smaller than 24x24 CSS pixels, by what they say. */
function smallTargets(p: Page): Promise<string[]> {
  return p.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, input, select, textarea, summary, a[href], [role="gridcell"], [role="tab"]')]
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 && rect.height === 0) return false;
        // A link inside a sentence is exempt (WCAG 2.5.8), as are the hidden form controls of a switch's label.
        if (element.tagName === 'A' && element.closest('p, pre, dd')) return false;
        return rect.width < 24 || rect.height < 24;
      })
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30)}" ${Math.round(element.getBoundingClientRect().width)}x${Math.round(element.getBoundingClientRect().height)}`,
      ),
  );
}

describe("every plugin's editor and result pass axe-core", () => {
  it.each(plugins.map((plugin) => [plugin.id, plugin.samples?.[0]?.name] as const))(
    '%s',
    async (id, example) => {
      const p = await open(`?puzzle=${id}${example ? `&example=${example}` : ''}`);
      // Every editor open, so each is checked.
      await p.evaluate(() => {
        for (const details of document.querySelectorAll<HTMLDetailsElement>('details.editor')) details.open = true;
      });
      expect(await axeProblems(p), `${id}: editor`).toEqual([]);
      expect(await smallTargets(p), `${id}: editor`).toEqual([]);
      await p.goto(new URL(`?puzzle=${id}${example ? `&example=${example}` : ''}&limit=50&run=1`, server.url).href);
      await p.waitForSelector('body[data-ready]');
      await p.waitForFunction(() => performance.getEntriesByName('kit:run').length === 1, undefined, { timeout: 150_000 });
      expect(await axeProblems(p), `${id}: result`).toEqual([]);
      expect(await smallTargets(p), `${id}: result`).toEqual([]);
      await p.close();
    },
    300_000,
  );
});

describe('the grid editors', () => {
  it('put named cells inside rows of a grid', async () => {
    const p = await open('?puzzle=puyo&example=seq19');
    const grid = p.locator('[data-editor="input"] [role="grid"]');
    expect(await grid.getAttribute('aria-label')).toBe('Field');
    const structure = await grid.evaluate((element) => ({
      rows: element.querySelectorAll(':scope > [role="row"]').length,
      cellsOutsideRows: [...element.querySelectorAll('[role="gridcell"]')].filter((cell) => cell.parentElement?.getAttribute('role') !== 'row').length,
      cells: element.querySelectorAll('[role="gridcell"]').length,
    }));
    expect(structure).toEqual({ rows: 13, cellsOutsideRows: 0, cells: 78 });
    // Row 3 of the editor (the field's row 11) is GYGYRR: its fifth cell is red.
    expect(await p.locator('[data-editor="input"] [data-row="2"][data-col="4"]').getAttribute('aria-label')).toBe('row 3, column 5: red');
    expect(await p.locator('[data-editor="input"] [data-row="0"][data-col="0"]').getAttribute('aria-label')).toBe('row 1, column 1: empty');
    // The keyboard cursor is the grid's active cell, so a screen reader names it as it moves.
    await p.locator('[data-editor="input"] [data-row="2"][data-col="4"]').click();
    await p.keyboard.press('ArrowRight');
    const active = await grid.getAttribute('aria-activedescendant');
    expect(await p.locator(`[id="${active}"]`).getAttribute('aria-label')).toBe('row 3, column 6: red');
    await p.close();

    const q = await open('?puzzle=hitori-sat&example=unique-5x5');
    expect(await q.locator('[data-editor="input"] [data-row="0"][data-col="2"]').getAttribute('aria-label')).toBe('row 1, column 3: 3');
    await q.close();
  });
});

describe('Puyo colours carry a second cue', () => {
  it('tells red, green, yellow, blue and purple apart by their marks under deuteranopia', async () => {
    const p = await open('?puzzle=puyo&example=seq19&run=1');
    await p.waitForSelector('#phase[data-phase="done"]');
    const client = await browser.context.newCDPSession(p);
    await client.send('Emulation.setEmulatedVisionDeficiency', { type: 'deuteranopia' });
    const colours = ['R', 'G', 'Y', 'B', 'P'];
    // One editor cell of each colour (painted where needed), and the same colours' marks in the result.
    await p.locator('[data-editor="input"] button[data-action="clear"]').click();
    for (const [i, colour] of colours.entries()) {
      await p.locator(`[data-editor="input"] button[data-value="${colour}"]`).click();
      await p.locator(`[data-editor="input"] [data-row="12"][data-col="${i}"]`).click();
    }
    const marks = await p.locator('[data-editor="input"] [data-row="12"]').evaluateAll((cells) => cells.slice(0, 5).map((cell) => cell.textContent));
    expect(marks).toEqual(colours);
    /** The pixels of a cell that differ from its own background: its mark, as a mask. */
    const shots = [];
    for (const [i] of colours.entries())
      shots.push((await p.locator(`[data-editor="input"] [data-row="12"][data-col="${i}"]`).screenshot()).toString('base64'));
    const masks = await p.evaluate(async (images) => {
      const maskOf = async (base64: string) => {
        const image = new Image();
        image.src = `data:image/png;base64,${base64}`;
        await image.decode();
        const canvas = new OffscreenCanvas(image.width, image.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        const { data } = context.getImageData(0, 0, image.width, image.height);
        // The cell's background: its commonest colour.
        const counts = new Map<number, number>();
        for (let i = 0; i < data.length; i += 4) {
          const key = (data[i]! >> 4) * 256 + (data[i + 1]! >> 4) * 16 + (data[i + 2]! >> 4);
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
        const background = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
        const bg = [(background >> 8) * 16 + 8, ((background >> 4) & 15) * 16 + 8, (background & 15) * 16 + 8];
        const mask: number[] = [];
        for (let i = 0; i < data.length; i += 4)
          mask.push(Math.max(Math.abs(data[i]! - bg[0]!), Math.abs(data[i + 1]! - bg[1]!), Math.abs(data[i + 2]! - bg[2]!)) > 64 ? 1 : 0);
        return mask;
      };
      return Promise.all(images.map(maskOf));
    }, shots);
    // Each mark covers a fair part of its cell, and any two marks differ in a fair part of it.
    const area = masks[0]!.length;
    for (const [i, mask] of masks.entries()) expect([colours[i], mask.reduce((a, b) => a + b, 0) / area > 0.04]).toEqual([colours[i], true]);
    const differences: string[] = [];
    for (let a = 0; a < masks.length; a++) {
      for (let b = a + 1; b < masks.length; b++) {
        const differing = masks[a]!.reduce((sum, bit, i) => sum + (bit !== masks[b]![i] ? 1 : 0), 0) / area;
        differences.push(`${colours[a]}/${colours[b]} ${(differing * 100).toFixed(1)}%`);
      }
    }
    console.log(`marks differ under deuteranopia: ${differences.join(', ')}`);
    expect(differences.filter((pair) => Number(pair.split(' ')[1]!.replace('%', '')) <= 1.5)).toEqual([]);
    // The result's frames carry the same marks (the chain's first step: the whole field).
    await p.locator('#step-scrubber').fill('0');
    await expect.poll(() => p.locator('#viewer-caption').textContent()).toMatch(/^Step 1 of/);
    const frameMarks = await p.locator('#viewer-frame svg text.mark').allTextContents();
    expect(new Set(frameMarks.filter((mark) => /^[A-Z]$/.test(mark)))).toEqual(new Set(['R', 'G', 'Y']));
    await p.screenshot({ path: resolve(here, '../test-artifacts/puyo-deuteranopia.png') });
    await p.close();
  });
});
