// Undo and Redo for editing, in headless Chromium: a drag that paints holes into a pentomino board
// is one step, typed numbers are one step each, Clear and a resize are steps too; Ctrl+Z, Ctrl+Y,
// Ctrl+Shift+Z and the buttons walk through them, and the address follows.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as ServerModule from '../src/server/index.js';
import type { WebServer } from '../src/server/index.js';
import { launchChromium, type Browser } from './browser.js';

const builtServer = '../dist/server/index.js';
const { discoverPlugins, serve } = (await import(builtServer)) as typeof ServerModule;
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

let server: WebServer;
let browser: Browser;
beforeAll(async () => {
  const discovery = await discoverPlugins({ root: repoRoot });
  server = await serve({ plugins: discovery.plugins.filter((plugin) => ['pentomino', 'hitori-sat'].includes(plugin.id)) });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(search: string): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(new URL(search, server.url).href);
  await page.waitForSelector('body[data-ready]', { timeout: 30_000 });
  return page;
}
const cell = (p: Page, row: number, col: number) => p.locator(`[data-editor="input"] [data-row="${row}"][data-col="${col}"]`);
const text = (p: Page) => p.locator('[data-editor-text="input"]').inputValue();
const undo = (p: Page) => p.locator('.edit-history').getByRole('button', { name: 'Undo' });
const redo = (p: Page) => p.locator('.edit-history').getByRole('button', { name: 'Redo' });

describe('undo and redo in the editors', () => {
  it('takes a painting drag back in one step, and Clear too, with the keys and the buttons', async () => {
    const p = await open('?puzzle=pentomino&example=6x10');
    const start = await text(p);
    expect(await undo(p).isDisabled()).toBe(true);
    await p.locator('[data-editor="input"] button[data-value="#"]').click();
    const box = async (row: number, col: number) => {
      const b = (await cell(p, row, col).boundingBox())!;
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    };
    const a = await box(0, 0);
    const b = await box(0, 3);
    await p.mouse.move(a.x, a.y);
    await p.mouse.down();
    await p.mouse.move(b.x, b.y, { steps: 8 });
    await p.mouse.up();
    const painted = await text(p);
    expect(painted.split('\n')[0]).toBe('####......');
    await cell(p, 5, 9).click();
    expect((await text(p)).split('\n')[5]).toBe('.........#');
    await p.locator('[data-editor="input"] button[data-action="clear"]').click();
    expect(await text(p)).toBe(start);

    await p.locator('[data-editor="input"] .editor-grid').focus();
    await p.keyboard.press('Control+z');
    expect((await text(p)).split('\n')[5]).toBe('.........#');
    await p.keyboard.press('Control+z');
    expect(await text(p)).toBe(painted);
    expect(new URL(p.url()).searchParams.get('input')).not.toBeNull();
    await undo(p).click();
    expect(await text(p)).toBe(start);
    expect(await undo(p).isDisabled()).toBe(true);
    await p.keyboard.press('Control+y');
    expect(await text(p)).toBe(painted);
    await p.keyboard.press('Control+Shift+Z');
    await redo(p).click();
    expect(await text(p)).toBe(start);
    expect(await redo(p).isDisabled()).toBe(true);
    // A new edit after an undo: the steps that could be redone are gone.
    await undo(p).click();
    await cell(p, 2, 2).click();
    expect(await redo(p).isDisabled()).toBe(true);
    await p.close();
  });

  it('takes typed numbers back one at a time, and a resize', async () => {
    const p = await open('?puzzle=hitori-sat&example=unique-5x5');
    const start = await text(p);
    await cell(p, 0, 0).click();
    await p.keyboard.type('23');
    expect((await text(p)).split('\n')[0]).toBe('2 3 3 3 5');
    const width = p.locator('[data-editor="input"] input[data-size="width"]');
    await width.fill('6');
    await width.press('Tab');
    expect((await text(p)).split('\n')[0]!.split(' ').length).toBe(6);
    await p.locator('[data-editor="input"] .editor-grid').focus();
    await p.keyboard.press('Control+z');
    expect((await text(p)).split('\n')[0]).toBe('2 3 3 3 5');
    await p.keyboard.press('Control+z');
    expect((await text(p)).split('\n')[0]).toBe('2 1 3 3 5');
    await p.keyboard.press('Control+z');
    expect(await text(p)).toBe(start);
    // Ctrl+Y in a text field is the field's own.
    await p.locator('[data-editor="input"] .editor-text summary').click();
    await p.locator('[data-editor-text="input"]').focus();
    await p.keyboard.press('Control+y');
    expect(await text(p)).toBe(start);
    await p.close();
  });
});
