// The page as a player meets it, in headless Chromium: a steady layout while a chain plays, the run
// bar in view, stale results marked, refused input never run, headlines that agree with each other
// and with the CLI, pasted links solved in the mode they encode, words instead of keys, the editors'
// sizes and the designer's flow, and no developer words anywhere.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { entryHex, pluginFromModule } from '@kit/core/host';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as ServerModule from '../src/server/index.js';
import type { WebServer } from '../src/server/index.js';
import { thumbnailCellPx } from '../src/app/frame-thumbnail.js';
import { THUMB_ROW_PX, visibleRange } from '../src/app/solution-list.js';
import { launchChromium, type Browser } from './browser.js';

const builtServer = '../dist/server/index.js';
const { discoverPlugins, serve } = (await import(builtServer)) as typeof ServerModule;

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../../..');
const kitBin = join(repoRoot, 'apps/cli/dist/bin.cjs');
const NAZO_LINK = 'https://puyop.com/s/x00900z00A40j1gr29h1hi9i_c1c1__u02';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

const discovery = await discoverPlugins({ root: repoRoot });
const plugins = await Promise.all(
  discovery.plugins.map(async (source) => pluginFromModule((await import(source.moduleUrl)) as Record<string, unknown>, source.source)),
);
let server: WebServer;
let browser: Browser;

beforeAll(async () => {
  server = await serve({ plugins: discovery.plugins, unavailable: discovery.unavailable });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(search: string, viewport = DESKTOP): Promise<Page> {
  const page = await browser.context.newPage();
  await page.setViewportSize(viewport);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(new URL(search, server.url).href);
  await page.waitForSelector('body[data-ready]', { timeout: 30_000 });
  expect(problems).toEqual([]);
  return page;
}

const done = (p: Page, timeout = 120_000) => p.waitForSelector('#phase[data-phase="done"]', { timeout });
/** Waits for the page to show the end of its `n`th run (the page's own measure). */
const runsShown = (p: Page, n: number) => p.waitForFunction((count) => performance.getEntriesByName('kit:run').length === count, n, { timeout: 120_000 });
const text = async (p: Page, selector: string) => (await p.locator(selector).textContent())?.trim() ?? '';

/** `kit ARGS --json`: the solution events and the done line. */
function kitJson(args: string[], input?: string): { solutions: Record<string, unknown>[]; done: Record<string, unknown> } {
  if (!existsSync(kitBin)) throw new Error(`${kitBin} is missing: build the CLI first (pnpm build)`);
  const dir = mkdtempSync(join(tmpdir(), 'kit-web-page-'));
  try {
    const file = join(dir, 'input.txt');
    if (input !== undefined) writeFileSync(file, input);
    const lines = execFileSync(process.execPath, [kitBin, 'run', ...args.map((arg) => (arg === '@input' ? file : arg)), '--json'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    return { solutions: lines.filter((line) => line['type'] === 'solution'), done: lines.find((line) => line['type'] === 'done')! };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Where each of these elements sits on the screen, rounded to tenths of a pixel. */
function boxes(p: Page, selectors: string[]): Promise<Record<string, string>> {
  return p.evaluate((list) => {
    const out: Record<string, string> = {};
    for (const selector of list) {
      const rect = document.querySelector(selector)?.getBoundingClientRect();
      out[selector] = rect ? [rect.x, rect.y, rect.width, rect.height].map((n) => n.toFixed(1)).join(',') : 'missing';
    }
    return out;
  }, selectors);
}

describe('a steady layout', () => {
  for (const [name, viewport] of [
    ['desktop 1280x900', DESKTOP],
    ['phone 390x844', PHONE],
  ] as const) {
    it(`moves nothing under the pointer while a chain plays (${name})`, async () => {
      const p = await open('?puzzle=puyo&example=seq19&delay=200&run=1', viewport);
      await done(p);
      const watched = [
        '#step-back',
        '#step-play',
        '#step-forward',
        '#step-scrubber',
        '#viewer-frame svg',
        '#viewer-caption',
        '#count',
        '[data-counter="chain"]',
        '[data-counter="points"]',
        '#run',
      ];
      // Every step the animation shows, with where the watched elements were on screen then.
      const seen: { caption: string; at: Record<string, string> }[] = [];
      for (let i = 0; i < 12; i++) {
        await p.waitForFunction((before) => document.getElementById('viewer-caption')!.textContent !== before, seen.at(-1)?.caption ?? '', { timeout: 30_000 });
        seen.push({ caption: await text(p, '#viewer-caption'), at: await boxes(p, watched) });
      }
      expect(new Set(seen.map((entry) => entry.caption)).size).toBe(seen.length);
      for (const entry of seen) expect(entry.at, entry.caption).toEqual(seen[0]!.at);
      // Human words: the plugin's description of the step, not its raw data.
      for (const { caption } of seen) {
        expect(caption).toMatch(/^Step \d+ of 39 · /);
        expect(caption).not.toMatch(/chainPower|kind |popped \d/);
      }
      // Chain and score are large counters that follow the steps.
      const chains = await p.locator('[data-counter="chain"] .counter-value').textContent();
      expect(Number(chains)).toBeGreaterThanOrEqual(1);
      await p.screenshot({ path: join(here, '..', 'test-artifacts', `steady-${viewport.width}.png`) });
      await p.close();
    });
  }
});

describe('the run bar', () => {
  for (const [name, viewport] of [
    ['desktop 1280x900', DESKTOP],
    ['phone 390x844', PHONE],
  ] as const) {
    it(`keeps Run, the run's state and the form's error in view (${name})`, async () => {
      const p = await open('?puzzle=puyo', viewport);
      const inView = (selector: string) =>
        p.locator(selector).evaluate((element) => {
          const rect = element.getBoundingClientRect();
          return rect.height > 0 && rect.top >= 0 && rect.bottom <= window.innerHeight;
        });
      for (const scroll of [0, 10_000]) {
        await p.evaluate((y) => window.scrollTo(0, y), scroll);
        expect([scroll, await inView('#run'), await inView('#phase')]).toEqual([scroll, true, true]);
      }
      // An error made at the top of a long form shows in the bar, whatever is scrolled into view.
      await p.evaluate(() => window.scrollTo(0, 0));
      await p.locator('[data-editor="input"] [data-row="0"][data-col="0"]').click();
      await p.locator('#opt-delay').fill('-5');
      await p.evaluate(() => window.scrollTo(0, 0));
      await p.getByRole('button', { name: 'Run', exact: true }).click();
      expect(await text(p, '#form-error')).toBe('delay must be a whole number of milliseconds (got "-5")');
      expect(await inView('#form-error')).toBe(true);
      expect(await p.locator('#phase').getAttribute('data-phase')).toBe('idle');
      await p.close();
    });
  }

  it('marks the shown results stale as soon as the form is edited, until the next run', async () => {
    const p = await open('?puzzle=pentomino&example=3x20&run=1');
    await done(p);
    expect(await p.locator('#results').getAttribute('data-stale')).toBeNull();
    expect(await p.locator('#stale').isVisible()).toBe(false);
    await p.locator('#opt-all').check();
    expect(await p.locator('#results').getAttribute('data-stale')).toBe('');
    expect(await text(p, '#stale')).toBe('Edited since this run: press Run to see the new results.');
    await p.getByRole('button', { name: 'Run', exact: true }).click();
    await runsShown(p, 2);
    expect(await p.locator('#results').getAttribute('data-stale')).toBeNull();
    expect(await p.locator('#stale').isVisible()).toBe(false);
    await p.close();
  });
});

describe('the solution list', () => {
  it('puts each thumbnail in once: those drawn stay while more are drawn, and a scroll moves only the rows that come and go', async () => {
    const p = await open('?puzzle=pentomino&size=5');
    // Every thumbnail the list ever takes in or out, from before Run: a thumbnail taken out and put
    // back makes the browser restyle all its cells (thousands of elements for a row of grids).
    await p.evaluate(() => {
      const changes = { added: [] as Node[], removed: [] as Node[] };
      const note = (records: MutationRecord[]) => {
        for (const record of records) {
          changes.added.push(...record.addedNodes);
          changes.removed.push(...record.removedNodes);
        }
      };
      const observer = new MutationObserver(note);
      observer.observe(document.getElementById('solution-thumbs')!, { childList: true });
      Object.assign(window, {
        thumbChanges: () => {
          note(observer.takeRecords());
          return changes;
        },
      });
    });
    await p.getByRole('button', { name: 'Run', exact: true }).click();
    await done(p);
    expect(await p.locator('#count').getAttribute('data-count')).toBe('1010');
    /** The solutions the list should hold with its scroller at `scrollTop`, and a wait until it does. */
    const drawnAt = async (scrollTop: number) => {
      const { columns, height } = await p.evaluate(() => ({
        columns: Number(document.getElementById('solution-thumbs')!.style.getPropertyValue('--columns')),
        height: document.querySelector('.thumb-scroller')!.clientHeight,
      }));
      const [first, end] = visibleRange(scrollTop, height, columns, 1010);
      // Thumbnails are drawn a few at a frame, some after the run's end on a loaded machine.
      await p.waitForFunction(
        ([a, b]: [number, number]) => {
          const shown = [...document.querySelectorAll('#solution-thumbs button.thumb')].map((button) => Number(button.getAttribute('data-index')));
          return shown.length === b - a && shown[0] === a && shown.at(-1) === b - 1;
        },
        [first, end] as [number, number],
        { timeout: 30_000 },
      );
      return end - first;
    };
    expect(await drawnAt(0)).toBeGreaterThan(7);
    await p.locator('.thumb-scroller').evaluate((scroller, top) => (scroller.scrollTop = top), 2 * THUMB_ROW_PX);
    await drawnAt(2 * THUMB_ROW_PX);
    const seen = await p.evaluate(() => {
      const { added, removed } = (window as unknown as { thumbChanges: () => { added: Node[]; removed: Node[] } }).thumbChanges();
      const shown = document.querySelectorAll('#solution-thumbs li').length;
      return {
        shown,
        added: added.length,
        distinctAdded: new Set(added).size,
        removed: removed.length,
        removedButShown: removed.filter((node) => node.isConnected).length,
      };
    });
    expect(seen.removed).toBeGreaterThan(0);
    expect(seen.removedButShown).toBe(0);
    expect(seen.added).toBe(seen.distinctAdded);
    expect(seen.added).toBe(seen.shown + seen.removed);
    await p.close();
  });
});

describe('a flood of solutions', () => {
  it("draws a running search's picture in parts: no display frame changes more than 96 cells of a 16x16 grid, and the picture ends whole", async () => {
    const p = await open(`?puzzle=sudoku&input=${encodeURIComponent('16x16_256*.')}`);
    // The cells each draw changes (one observer callback per display frame's drawing), from before Run.
    await p.evaluate(() => {
      const perDraw: number[] = [];
      const cellOf = (node: Node | null): string | undefined => {
        const element = node instanceof Element ? node : node?.parentElement;
        const shape = element?.closest('rect, text');
        if (!shape?.closest('svg.main-frame')) return undefined;
        return `${Math.floor(Number(shape.getAttribute('x')))},${Math.floor(Number(shape.getAttribute('y')))}`;
      };
      new MutationObserver((records) => {
        const cells = new Set<string>();
        for (const record of records) {
          if (record.type === 'attributes' && (record.target as Element).localName === 'rect' && record.attributeName === 'class')
            cells.add(cellOf(record.target)!);
          for (const node of record.addedNodes) {
            const cell = (node as Element).localName === 'text' || node.nodeType === Node.TEXT_NODE ? cellOf(node) : undefined;
            if (cell) cells.add(cell);
          }
        }
        cells.delete(undefined as unknown as string);
        if (cells.size > 0) perDraw.push(cells.size);
      }).observe(document.getElementById('viewer')!, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
      Object.assign(window, { cellsPerDraw: perDraw });
    });
    await p.getByRole('button', { name: 'Run', exact: true }).click();
    // A whole 16x16 picture: every cell a rect, and labels for the cells the search has filled.
    await p.waitForFunction(
      () => document.querySelectorAll('svg.main-frame rect').length === 256 && document.querySelectorAll('svg.main-frame text').length >= 200,
      undefined,
      { timeout: 60_000 },
    );
    await p.click('#cancel');
    const perDraw = await p.evaluate(() => (window as unknown as { cellsPerDraw: number[] }).cellsPerDraw);
    // The first picture is 256 new cells: 96 of them in its first frame; never more in any frame.
    expect(perDraw[0]).toBe(96);
    expect(Math.max(...perDraw)).toBe(96);
    await p.close();
  });
});

describe('thumbnails', () => {
  it("are one canvas each, whatever the grid (a 16x16 grid was 260 elements to style and lay out), painted in the solution's colours", async () => {
    const p = await open(`?puzzle=sudoku&input=${encodeURIComponent('4x4_16*.')}&run=1`);
    await done(p);
    const cli = kitJson(['sudoku', '@input'], '....\n....\n....\n....\n');
    expect(await p.locator('#count').getAttribute('data-count')).toBe(String(cli.done['solutions']));
    await p.waitForSelector('#solution-thumbs button.thumb[data-index="1"]');
    const thumb = p.locator('#solution-thumbs button.thumb[data-index="1"]');
    expect(await thumb.evaluate((button) => [...button.querySelectorAll('*')].map((element) => element.localName))).toEqual(['canvas', 'span']);
    // The first solution's top row: two cells of the first box, then two of the next (the other shade).
    const cell = thumbnailCellPx(4, 4, await p.evaluate(() => devicePixelRatio));
    const shown = await thumb.locator('canvas').evaluate((canvas: HTMLCanvasElement, size) => {
      const context = canvas.getContext('2d')!;
      return [0, 1, 2, 3].map((column) => {
        const [r, g, b] = context.getImageData(canvas.width / 2 - 2 * size + column * size + size / 2, canvas.height / 2 - 2 * size + size / 2, 1, 1).data;
        return `#${[r, g, b].map((byte) => byte!.toString(16).padStart(2, '0')).join('')}`;
      });
    }, cell);
    const palette = plugins.find((plugin) => plugin.id === 'sudoku')!.palette!;
    const [found, foundAlt] = [entryHex(palette['found']!), entryHex(palette['found-alt']!)];
    expect(found).not.toBe(foundAlt);
    expect(shown).toEqual([found, found, foundAlt, foundAlt]);
    await p.close();
  });
});

describe('an option with no default', () => {
  it('is left to the plugin until a choice is made, as on the command line (a BurrTools file names its own pieces)', async () => {
    const p = await open('?puzzle=polycube&example=burrtools&run=1');
    await done(p);
    expect(await text(p, '#form-error')).toBe('');
    expect(await text(p, '#run-error')).toBe('');
    expect(await p.locator('#count').getAttribute('data-count')).toBe('695');
    expect(await p.locator('#opt-set').inputValue()).toBe('');
    expect(await text(p, '#opt-set option:checked')).toBe('default');
    // A choice made is sent, and the plugin's own refusal shows.
    await p.locator('#opt-set').selectOption('soma');
    await p.getByRole('button', { name: 'Run', exact: true }).click();
    await p.waitForSelector('#form-error:text-matches("BurrTools")', { timeout: 30_000 });
    await p.close();
  });
});

describe('refused input', () => {
  it('never runs the grid from before: a refused text stops Run with its message', async () => {
    const p = await open('?puzzle=sudoku&example=wikipedia&run=1');
    await done(p);
    await runsShown(p, 1);
    await p.locator('[data-editor="input"] .editor-text summary').click();
    const area = p.locator('[data-editor-text="input"]');
    await area.fill('12x4\n');
    expect(await text(p, '[data-editor="input"] .editor-error')).toBe('input:1:3: unexpected "x" (a cell is 1-9, A-G, or . for empty)');
    await p.getByRole('button', { name: 'Run', exact: true }).click();
    expect(await text(p, '#form-error')).toBe('Puzzle as text: input:1:3: unexpected "x" (a cell is 1-9, A-G, or . for empty)');
    await p.waitForTimeout(500);
    expect(await p.evaluate(() => performance.getEntriesByName('kit:run').length)).toBe(1);
    expect(await p.locator('#results').getAttribute('data-stale')).toBe('');

    // A 4x4 Sudoku is a size the editor takes: it is solved, as the CLI solves it.
    const four = '1...\n..3.\n.4..\n...2\n';
    await area.fill(four);
    expect(await text(p, '[data-editor="input"] .editor-error')).toBe('');
    expect(await p.locator('[data-editor="input"] [data-row]').count()).toBe(16);
    await p.getByRole('button', { name: 'Run', exact: true }).click();
    await runsShown(p, 2);
    const cli = kitJson(['sudoku', '@input'], four);
    expect(await p.locator('#count').getAttribute('data-count')).toBe(String(cli.done['solutions']));
    await p.close();
  });
});

describe('one source for every headline', () => {
  // Each: the page's URL, and the same run on the command line.
  const cases: [string, string, string[]][] = [
    ['chain puzzle, best answer', `?puzzle=puyo&example=nazo&run=1`, ['puyo', '@input', '--nazo', '--pairs', 'GY', '--goal', 'chains>=2']],
    ['nazo link, every answer', `?puzzle=puyo&url=${encodeURIComponent(NAZO_LINK)}&nazo=1&all=1&run=1`, ['puyo', '--nazo', '--url', NAZO_LINK, '--all']],
    ['nazo link, best answer', `?puzzle=puyo&url=${encodeURIComponent(NAZO_LINK)}&nazo=1&run=1`, ['puyo', '--nazo', '--url', NAZO_LINK]],
    ['Katamino sweep', '?puzzle=katamino&example=sweep-5&run=1', ['katamino', '--n', '5']],
    ['Katamino challenge', '?puzzle=katamino&example=small-slam-a&run=1', ['katamino', '--challenge', 'small-slam:A']],
    ['pentomino', '?puzzle=pentomino&example=3x20&run=1', ['pentomino', '--size', '3']],
  ];
  it.each(cases)(
    '%s: the big count, the summary line and the list agree with each other and the CLI',
    async (_name, search, args) => {
      const p = await open(search);
      await done(p);
      await runsShown(p, 1);
      const input = args.includes('@input') ? 'R.....\nG.....\nG.....\nGRRR..\n' : undefined;
      const cli = kitJson(args, input);
      const count = Number(await p.locator('#count').getAttribute('data-count'));
      const summaryLine = await text(p, '.summary-line');
      const listed = await text(p, '#solutions-listed');
      const expectedCount = Number(cli.done['solutions']);
      const events = cli.solutions.length;
      expect(count).toBe(expectedCount);
      expect(await text(p, '.count-line')).toBe(`${expectedCount.toLocaleString('en')} solution${expectedCount === 1 ? '' : 's'}`);
      // The summary line's count of solutions is the big count.
      expect(Number(/(\d[\d,]*) solutions?\b/.exec(summaryLine)?.[1]?.replaceAll(',', ''))).toBe(expectedCount);
      expect(listed).toBe(
        events === expectedCount
          ? `${events} listed`
          : `${events} listed; ${expectedCount.toLocaleString('en')} solution${expectedCount === 1 ? '' : 's'} in all`,
      );
      expect(await text(p, '#run-count')).toBe(`${expectedCount.toLocaleString('en')} solution${expectedCount === 1 ? '' : 's'}`);
      await p.close();
    },
    180_000,
  );
});

describe('a pasted puzzle link', () => {
  it('switches the page into the mode it encodes: a puyop.com nazo link is solved as a chain puzzle', async () => {
    const p = await open('?puzzle=puyo');
    await p.click('details[data-editor="input"] > summary');
    expect(await p.locator('#opt-nazo').isChecked()).toBe(false);
    await p.fill('#opt-url', NAZO_LINK);
    expect(await p.locator('#opt-nazo').isChecked()).toBe(true);
    expect(await text(p, '.implied')).toBe('This value also set nazo on.');
    await p.getByRole('button', { name: 'Run', exact: true }).click();
    await done(p, 60_000);
    await runsShown(p, 1);
    const cli = kitJson(['puyo', '--nazo', '--url', NAZO_LINK]);
    expect(await p.locator('#count').getAttribute('data-count')).toBe(String(cli.done['solutions']));
    expect(await p.locator('#summary dd[data-field="best"]').textContent()).toBe(cli.done['best']);
    expect(new URL(p.url()).searchParams.get('nazo')).toBe('1');
    await p.close();
  });

  it('refuses a field string that is not one, in one line, and does not run', async () => {
    const p = await open('?puzzle=puyo&url=hello&run=1');
    expect(await text(p, '#form-error')).toBe(
      'url: "hello" is not a puyop.com or Puyo Nexus link (https://puyop.com/s/... or https://puyonexus.com/chainsim/?chain=...)',
    );
    expect(await p.locator('#phase').getAttribute('data-phase')).toBe('idle');
    await p.close();
  });
});

describe('words instead of keys', () => {
  it('shows summary fields in words and units, and links as links', async () => {
    const p = await open('?puzzle=puyo&example=seq19&run=1');
    await done(p);
    const labels = await p.locator('#summary dt').allTextContents();
    expect(labels).toContain('all clear');
    expect(labels).toContain('time');
    expect(labels.filter((label) => /[A-Z]|Ms\b/.test(label))).toEqual([]);
    expect(await p.locator('#summary dd[data-field="allClear"]').textContent()).toBe('yes');
    expect(await p.locator('#summary dd[data-field="elapsedMs"]').textContent()).toMatch(/^\d+\.\d+ s$/);
    expect(await p.locator('#summary dd[data-field="score"]').textContent()).toBe('175,080');
    const link = p.locator('#summary dd[data-field="puyop"] a');
    expect(await link.getAttribute('href')).toMatch(/^https:\/\/puyop\.com\/s\//);
    // A list-valued field (the chain's breakdown) is the plugin's table under Details, not JSON.
    expect(await p.locator('#summary dd[data-field="breakdown"]').count()).toBe(0);
    expect(await text(p, '.summary-detail pre')).toMatch(/^chain +popped/);
    await p.close();
  });

  it("makes the links in a summary line links (a chain puzzle's answer)", async () => {
    const p = await open(`?puzzle=puyo&url=${encodeURIComponent(NAZO_LINK)}&nazo=1&run=1`);
    await done(p, 60_000);
    const answer = p.locator('.summary-detail pre a');
    expect(await answer.getAttribute('href')).toBe('https://puyop.com/s/x00900z00A40j1gr29h1hi9i_cace__u02');
    expect(await p.locator('#summary dd[data-field="answerLink"] a').getAttribute('href')).toBe('https://puyop.com/s/x00900z00A40j1gr29h1hi9i_cace__u02');
    await p.close();
  });

  it("lets go of the example's name once the grid is edited", async () => {
    const p = await open('?puzzle=puyo&example=seq19');
    expect(await p.locator('#example').inputValue()).toBe('seq19');
    await p.locator('[data-editor="input"] button[data-value="R"]').click();
    await p.locator('[data-editor="input"] [data-row="0"][data-col="0"]').click();
    expect(await p.locator('#example').inputValue()).toBe('');
    await p.close();
  });
});

describe('editors', () => {
  it("takes every size Sudoku's solver takes: 4x4, 9x9 and 16x16", async () => {
    const p = await open('?puzzle=sudoku');
    const menu = p.locator('[data-editor="input"] select[data-size="menu"]');
    expect(await menu.locator('option').allTextContents()).toEqual(['4 × 4', '9 × 9', '16 × 16']);
    await menu.selectOption('16x16');
    expect(await p.locator('[data-editor="input"] [data-row]').count()).toBe(256);
    // Two digits make 16 in a 16x16 grid (the text format writes it as G); 1 then 1 is 11 (B).
    await p.locator('[data-editor="input"] button[data-action="clear"]').click();
    await p.locator('[data-editor="input"] [data-row="0"][data-col="0"]').click();
    await p.keyboard.type('1');
    await p.keyboard.press('ArrowRight');
    await p.keyboard.type('1611');
    expect((await p.locator('[data-editor-text="input"]').inputValue()).split('\n')[0]).toBe('1GB.............');
    await menu.selectOption('4x4');
    await p.locator('[data-editor="input"] [data-row="0"][data-col="0"]').click();
    await p.keyboard.type('1234');
    expect(await p.locator('[data-editor-text="input"]').inputValue()).toBe('1234\n....\n....\n....\n');
    await p.getByRole('button', { name: 'Run', exact: true }).click();
    await done(p);
    const cli = kitJson(['sudoku', '@input'], '1234\n....\n....\n....\n');
    expect(await p.locator('#count').getAttribute('data-count')).toBe(String(cli.done['solutions']));
    await p.close();
  });

  it('the Hitori designer: blank is explained, both editors stay in reach, a sensible start, and a non-unique design says so', async () => {
    const p = await open('?puzzle=hitori-sat');
    const pattern = p.locator('details[data-editor="fill"]');
    const puzzle = p.locator('details[data-editor="input"]');
    await pattern.locator('> summary').click();
    expect(await pattern.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true);
    // The puzzle editor is folded, not gone; a new pattern starts at 6x6.
    expect(await puzzle.isVisible()).toBe(true);
    await expect.poll(() => puzzle.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
    expect(await pattern.locator('[data-row]').count()).toBe(36);
    // Blank wears no shaded swatch, and says what it is.
    const blank = pattern.locator('button[data-value="."]');
    expect(await blank.locator('.swatch').evaluate((element) => (element as HTMLElement).style.background)).toBe('');
    expect(await text(p, '[data-editor="fill"] .editor-value-help')).toBe('free: any number · blank: no number: stays empty, never shaded');
    await puzzle.locator('> summary').click();
    // The other editor folds in the toggle event's handler, a task after the click: polled.
    await expect.poll(() => pattern.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
    expect(await puzzle.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true);
    await p.close();

    const q = await open('?puzzle=hitori-sat&example=fill-not-unique&run=1');
    await done(q);
    expect(await text(q, '.summary-line')).toBe('6x6: filled, the design is not unique');
    expect(await q.getByRole('link', { name: 'Download puzzle.txt' }).isVisible()).toBe(true);
    expect(await text(q, '.download-note')).toBe('the design is not unique: this puzzle has more than one solution');
    await q.close();
  });
});

describe("a plugin's summary fields", () => {
  it("leaves out the ones it marks internal and uses its labels (Hitori: no 'complete', 'cuts' or 'satCalls')", async () => {
    const p = await open('?puzzle=hitori-sat&example=unique-5x5&run=1');
    await done(p);
    expect(await p.locator('#summary dt').allTextContents()).toEqual(['solutions', 'unique', 'board', 'SAT solver', 'time']);
    expect(await p.locator('#summary dd[data-field="backend"]').textContent()).toBe('cdcl');
    await p.close();
  });
});

describe('no developer words in the page', () => {
  // Every plugin's page with each example run: no CLI flags, README pointers, package paths or keys.
  it.each(plugins.map((plugin) => [plugin.id, plugin.samples?.map((sample) => sample.name) ?? []] as const))(
    '%s',
    async (id, samples) => {
      for (const sample of samples.length ? samples : ['']) {
        const p = await open(`?puzzle=${id}${sample ? `&example=${sample}` : ''}&limit=50&run=1`);
        await p.waitForSelector('#phase:not([data-phase="running"])', { timeout: 150_000 });
        await runsShown(p, 1);
        // Everything a person can read, folded parts included (help, titles and labels too).
        const words = await p.evaluate(() => {
          for (const details of document.querySelectorAll('details')) details.open = true;
          const attributes = [...document.querySelectorAll('[title], [aria-label], [placeholder]')].flatMap((element) =>
            ['title', 'aria-label', 'placeholder'].map((name) => element.getAttribute(name) ?? ''),
          );
          return [document.body.textContent, ...attributes].join('\n');
        });
        const offending = words
          .split('\n')
          .filter((line) => /(^|[\s(])--[a-z]|README|kit run|@kit\/|packages\/|node_modules|elapsedMs|allClear|chainPower/.test(line));
        expect(offending, `${id} ${sample}`).toEqual([]);
        await p.close();
      }
    },
    600_000,
  );
});
