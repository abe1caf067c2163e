// End-to-end: the built app, served by our own `serve` on 127.0.0.1, in headless Chromium.
// Run `pnpm build` first (the root `pnpm test` does). Screenshots go to test-artifacts/.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { InputError, PluginSample } from '@kit/core';
import { parseOptions, pluginFromModule, type AnyPlugin, type RawOptions } from '@kit/core/host';
import { defaultThreads, runInWorkers } from '@kit/core/node';
import type { Page } from 'playwright-core';
import reference from '@kit/tooling/reference-counts.json' with { type: 'json' };
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const SOLUTIONS_6X10 = reference.pentomino['6x10'].distinct;
import type * as ServerModule from '../src/server/index.js';
import type { PluginSource, WebServer } from '../src/server/index.js';
import { launchChromium, type Browser } from './browser.js';
import { exampleForPage, type PageExample } from './examples.js';
import { serveDirectory } from './static-server.js';

// The built server (it serves the built page next to it); typed from the source, so type-checking
// works before a build.
const builtServer = '../dist/server/index.js';
const { bundlePlugin, discoverPlugins, exportSite, serve } = (await import(builtServer)) as typeof ServerModule;

const here = dirname(fileURLToPath(import.meta.url));
const webDir = resolve(here, '..');
const repoRoot = resolve(webDir, '../..');
const artifacts = join(webDir, 'test-artifacts');
mkdirSync(artifacts, { recursive: true });

const fixture = (id: string, path: string): PluginSource => ({ id, source: path, moduleUrl: pathToFileURL(path).href, packageDir: webDir });
const COUNTING = fixture('counting', join(repoRoot, 'packages/core/test/fixtures/counting-plugin.js'));
const WALK = fixture('walk', join(here, 'fixtures/walk-plugin.js'));
/** Bundles fine, throws when the browser imports it. */
const BROKEN = fixture('broken', join(here, 'fixtures/broken-plugin.js'));
/** Loads, but one of its options takes a name the page owns (`example`): refused. */
const RESERVED = fixture('reserved', join(here, 'fixtures/reserved-name-plugin.js'));

// Discovery runs at collection time, so every puzzle package that exists gets its own test below.
const discovery = await discoverPlugins({ root: repoRoot });
const pluginOf = async (source: PluginSource) => pluginFromModule(await import(source.moduleUrl), source.source);

const EXAMPLE_LIMIT = 100;

type ExampleCase = { id: string; source: PluginSource; plugin: AnyPlugin } & ({ example: PageExample } | { problem: string });
const exampleCases: ExampleCase[] = [];
/** The example's instance, parsed in Node exactly as the page parses the form. */
function instanceOf(plugin: AnyPlugin, example: PageExample): unknown {
  const raw: RawOptions = {};
  for (const spec of plugin.options) {
    const value = example.values[spec.name];
    if (value === undefined) continue;
    raw[spec.name] = spec.type === 'file' ? { name: spec.name, text: value } : spec.type === 'boolean' ? value !== '0' : value;
  }
  return plugin.parse(parseOptions(plugin.options, raw), example.input ? { name: 'input', text: example.input.text } : undefined);
}

/** A named example (`samples`) as the page runs it from `?example=NAME`, and its instance in Node. */
type SampleCase = { id: string; source: PluginSource; plugin: AnyPlugin; sample: PluginSample };
const sampleCases: SampleCase[] = [];
function sampleInstance(plugin: AnyPlugin, sample: PluginSample): unknown {
  const raw: RawOptions = {};
  for (const [name, value] of Object.entries(sample.options ?? {})) {
    const spec = plugin.options.find((option) => option.name === name);
    raw[name] = spec?.type === 'file' ? { name, text: String(value) } : value;
  }
  return plugin.parse(parseOptions(plugin.options, raw), sample.input !== undefined ? { name: 'input', text: sample.input } : undefined);
}

// Each plugin's first example that stands on its own (some need a file only the author has), else
// its defaults; a plugin with neither fails its test with the reason. A plugin with named examples
// has each of them run from its URL instead.
for (const source of [...discovery.plugins, WALK]) {
  const plugin = await pluginOf(source);
  if (plugin.samples?.length) {
    for (const sample of plugin.samples) sampleCases.push({ id: plugin.id, source, plugin, sample });
    continue;
  }
  if (!plugin.examples?.length) continue;
  const problems: string[] = [];
  const usable = [...plugin.examples, ''].flatMap((line) => {
    try {
      const example = exampleForPage(plugin, line, [source.packageDir, repoRoot]);
      instanceOf(plugin, example);
      return [example];
    } catch (error) {
      problems.push(`"${line}": ${(error as Error).message}`);
      return [];
    }
  });
  const chosen = usable[0];
  // Bounded, so a long enumeration (all solutions of a big board) cannot make the suite crawl.
  exampleCases.push(
    chosen
      ? { id: plugin.id, source, plugin, example: { ...chosen, limit: chosen.limit ?? EXAMPLE_LIMIT } }
      : { id: plugin.id, source, plugin, problem: `no example of ${plugin.id} runs on its own: ${problems.join('; ')}` },
  );
}

let server: WebServer;
let browser: Browser;
let page: Page;
/** Every path the last opened page and its workers requested. */
let requested: string[] = [];

beforeAll(async () => {
  server = await serve({ plugins: [...discovery.plugins, COUNTING, WALK, BROKEN, RESERVED], unavailable: discovery.unavailable });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
afterEach(async () => {
  await page?.close();
});

async function open(search: string, viewport = { width: 1280, height: 860 }, base = server.url): Promise<Page> {
  page = await browser.context.newPage();
  await page.setViewportSize(viewport);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  requested = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto(base + search);
  await page.waitForSelector('body[data-ready]', { timeout: 30_000 });
  expect(problems).toEqual([]);
  return page;
}

const phase = (p: Page) => p.locator('#phase').getAttribute('data-phase');
const count = async (p: Page) => Number(await p.locator('#count').getAttribute('data-count'));
const waitForPhase = (p: Page, wanted: string, timeout = 60_000) => p.waitForSelector(`#phase[data-phase="${wanted}"]`, { timeout });
/**
 * Clicks Cancel and returns the milliseconds from the click event to the page showing the run as
 * cancelled, measured in the page, so the harness's own latency on a busy machine does not count.
 */
/**
 * Watches the workers searching now: the function returned resolves to true once every one of them
 * has been terminated, false if `ms` pass first. (The page then starts fresh idle workers for the
 * next run, so its worker count does not drop to 0.)
 */
function watchSearchWorkers(p: Page): (ms: number) => Promise<boolean> {
  const searching = p.workers();
  const gone = Promise.all(searching.map((worker) => new Promise<void>((resolve) => worker.once('close', () => resolve()))));
  return (ms) => Promise.race([gone.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);
}

async function cancelAndTime(p: Page): Promise<number> {
  await p.evaluate(() => {
    const phase = document.getElementById('phase')!;
    let clickedAt = Number.NaN;
    document.getElementById('cancel')!.addEventListener('click', () => (clickedAt = performance.now()), { capture: true, once: true });
    (window as unknown as { cancelTiming: Promise<number> }).cancelTiming = new Promise((resolve) => {
      new MutationObserver(() => {
        if (phase.dataset['phase'] === 'cancelled') resolve(performance.now() - clickedAt);
      }).observe(phase, { attributes: true });
    });
  });
  await p.locator('#cancel').click({ timeout: 5000 });
  await waitForPhase(p, 'cancelled', 5000);
  const ms = await p.evaluate(() => (window as unknown as { cancelTiming: Promise<number> }).cancelTiming);
  console.log(`cancelled ${ms.toFixed(1)} ms after the click`);
  return ms;
}

const shot = (p: Page, name: string) => p.screenshot({ path: join(artifacts, `${name}.png`) });

describe('discovery', () => {
  it('lists exactly the plugins of the manifest that load, and reports the broken one', async () => {
    const p = await open('');
    const manifest = (await (await fetch(new URL('plugins/manifest.json', server.url))).json()) as {
      plugins: { id: string; module?: string; error?: string }[];
    };
    expect(manifest.plugins.map((entry) => entry.id)).toEqual(expect.arrayContaining(['counting', 'walk', 'broken', 'reserved']));
    const listed = await p.locator('#puzzles button').evaluateAll((buttons) => buttons.map((b) => (b as HTMLElement).dataset['plugin']));
    const loadable = manifest.plugins.filter((entry) => entry.module && entry.id !== 'broken' && entry.id !== 'reserved').map((entry) => entry.id);
    expect([...listed].sort()).toEqual([...loadable].sort());
    expect(listed).not.toContain('broken');
    await expect.poll(() => p.locator('#unavailable li[data-plugin="broken"] .reason').textContent()).toBe('this plugin is broken on purpose');
    await shot(p, 'unavailable-plugin');
  });

  it('still runs the other plugins next to the broken one', async () => {
    const p = await open('?puzzle=counting&n=25&run=1');
    await waitForPhase(p, 'done');
    expect(await count(p)).toBe(25);
    expect(await p.locator('#summary dd[data-field="solutions"]').textContent()).toBe('25');
    expect(await p.locator('#summary dd[data-field="merged"]').textContent()).toBe('by plugin');
    expect(await p.locator('#solutions-listed').textContent()).toBe('25 listed');
    // the thumbnails are drawn a frame after the run ends: on a loaded machine that can be later than 'done'
    await expect.poll(() => p.locator('#solution-thumbs button.thumb[data-index="25"]').count()).toBe(1);
    expect(await p.locator('#unavailable li[data-plugin="broken"]').count()).toBe(1);
  });

  it('explains a link to a broken or unknown puzzle, and offers the first working one', async () => {
    let p = await open('?puzzle=broken&run=1');
    expect(await p.locator('#form-error').textContent()).toBe("the puzzle 'broken' is unavailable: this plugin is broken on purpose");
    expect(await p.locator('#puzzles button[aria-current="true"]').count()).toBe(1);
    expect(await phase(p)).toBe('idle');
    await p.close();
    p = await open('?puzzle=no-such-puzzle');
    expect(await p.locator('#form-error').textContent()).toBe("no puzzle called 'no-such-puzzle' is available");
  });
});

describe('the names the page owns', () => {
  it("a plugin's option never takes over the page's own URL parameters: Sudoku's one-line puzzle and its Link", async () => {
    const source = discovery.plugins.find((plugin) => plugin.id === 'sudoku')!;
    // The option that takes a puzzle on one line, whatever the example calls it.
    const line = (await pluginOf(source)).options.find((spec) => spec.type === 'string')!;
    const inkala = '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..';
    let p = await open('?puzzle=sudoku');
    // The page opens on the grid editor, which stands in for the one-line option: fold it.
    await p.click('details[data-editor="input"] > summary');
    await p.fill(`#opt-${line.name}`, inkala);
    const shared = new URL((await p.getByRole('link', { name: 'Link' }).getAttribute('href'))!, server.url);
    expect([shared.searchParams.get('puzzle'), shared.searchParams.get(line.name), shared.searchParams.get('run')]).toEqual(['sudoku', inkala, '1']);
    await p.close();
    // The Link opens Sudoku on that puzzle and solves it: one solution.
    p = await open(shared.search);
    expect(await p.locator('#puzzles button[aria-current="true"]').getAttribute('data-plugin')).toBe('sudoku');
    await waitForPhase(p, 'done');
    expect(await p.locator('#form-error').textContent()).toBe('');
    expect(await count(p)).toBe(1);
    expect(await p.inputValue(`#opt-${line.name}`)).toBe(inkala);
  });

  it('lists a plugin whose option takes a name the hosts own as unavailable, naming the option', async () => {
    const p = await open('');
    expect(await p.locator('#puzzles button[data-plugin="reserved"]').count()).toBe(0);
    await expect
      .poll(() => p.locator('#unavailable li[data-plugin="reserved"] .reason').textContent())
      .toBe("option --example is reserved by the hosts (kit run --example, the page's ?example=)");
  });
});

describe('options form', () => {
  it('shows the same validation message as the CLI for a bad option, and does not run', async () => {
    const p = await open('?puzzle=counting');
    await p.fill('#opt-n', '5000');
    await p.click('#run');
    let expected = '';
    try {
      parseOptions((await pluginOf(COUNTING)).options, { n: '5000' });
    } catch (error) {
      expected = (error as InputError).message;
    }
    expect(expected).toBe('--n must be an integer from 0 to 1000 (got "5000")');
    // The CLI's message, in the page's words: the field's name, not the flag.
    expect(await p.locator('#form-error').textContent()).toBe('n must be an integer from 0 to 1000 (got "5000")');
    expect(await phase(p)).toBe('idle');
    await shot(p, 'validation-message');
    await p.fill('#opt-limit', 'lots');
    await p.fill('#opt-n', '5');
    await p.click('#run');
    expect(await p.locator('#form-error').textContent()).toBe('limit must be a positive integer (got "lots")');
    await p.fill('#opt-limit', '');
    await p.fill('#opt-delay', '-5');
    await p.click('#run');
    expect(await p.locator('#form-error').textContent()).toBe('delay must be a whole number of milliseconds (got "-5")');
    expect(await phase(p)).toBe('idle');
  });

  it("reports a bad input file with the plugin's own message and location", async () => {
    const p = await open('?puzzle=walk');
    expect(await p.locator('#opt-input').isVisible()).toBe(false);
    await p.click('details.field.file summary');
    await p.fill('#opt-input', '...\n.x.\n');
    await p.click('#run');
    expect(await p.locator('#form-error').textContent()).toBe(`input:2:2: unexpected "x": cells are '.' or '#'`);
  });

  it('reads a picked file into the text area and solves it', async () => {
    const p = await open('?puzzle=walk');
    await p.locator('.field.file input[type="file"]').setInputFiles({ name: 'ring.txt', mimeType: 'text/plain', buffer: Buffer.from('###\n#.#\n...\n') });
    await expect.poll(() => p.inputValue('#opt-input')).toBe('###\n#.#\n...\n');
    expect(await p.locator('#opt-input').isVisible()).toBe(true);
    await p.fill('#opt-steps', '0');
    await p.click('#run');
    await waitForPhase(p, 'done');
    expect(await count(p)).toBe(4);
    // The finished run opens solution 1: one filled cell, five holes left out of the drawing.
    expect(await p.locator('#viewer-frame svg rect.filled').count()).toBe(1);
    expect(await p.locator('#viewer-frame svg rect.cell').count()).toBe(4);
  });

  it('builds a field for every kind of option and passes their values to the plugin', async () => {
    const p = await open('?puzzle=walk');
    expect(await p.locator('#opt-steps').getAttribute('inputmode')).toBe('numeric');
    expect(await p.locator('label[for="opt-steps"] .hint').textContent()).toBe('0–10');
    expect(await p.locator('#opt-letter option').allTextContents()).toEqual(['P', 'X', 'Z']);
    expect(await p.locator('#opt-forever').getAttribute('role')).toBe('switch');
    expect(await p.locator('#opt-note').getAttribute('placeholder')).toBe('TEXT');
    expect(await p.locator('#opt-input').evaluate((element) => element.tagName)).toBe('TEXTAREA');
    await p.selectOption('#opt-letter', 'Z');
    await p.fill('#opt-note', 'hello');
    await p.fill('#opt-steps', '0');
    await p.click('#run');
    await waitForPhase(p, 'done');
    expect(await p.locator('#summary dd[data-field="note"]').textContent()).toBe('hello');
    expect(await p.locator('#viewer-frame svg rect.filled').getAttribute('data-fill')).toBe('Z');
    expect(new URL(p.url()).search).toBe('?puzzle=walk&steps=0&letter=Z&note=hello');
  });

  it('keeps the state in the URL, and a link with run=1 starts at once', async () => {
    const p = await open('?puzzle=counting&n=12&run=1');
    await waitForPhase(p, 'done');
    expect(await count(p)).toBe(12);
    await p.fill('#opt-n', '7');
    await p.selectOption('#opt-mode', 'plain');
    expect(new URL(p.url()).searchParams.get('n')).toBe('7');
    const shared = new URL((await p.getByRole('link', { name: 'Link' }).getAttribute('href'))!, server.url);
    expect(shared.searchParams.get('run')).toBe('1');
    expect(shared.searchParams.get('puzzle')).toBe('counting');
  });
});

/** Records every step caption the page shows from its start (before any wait of the test's could begin). */
async function recordStepCaptions(p: Page): Promise<void> {
  await p.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seenCaptions: string[] }).seenCaptions = seen;
    new MutationObserver(() => {
      const caption = document.getElementById('viewer-caption')?.textContent ?? '';
      if (caption.startsWith('Step') && seen.at(-1) !== caption) seen.push(caption);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

const stepCaptionsSeen = (p: Page) => p.evaluate(() => (window as unknown as { seenCaptions: string[] }).seenCaptions);

describe('running', () => {
  it('animates step events one by one', async () => {
    // Every caption from the page's start: with run=1 the steps may begin before the page says it
    // is ready (on a busy machine the first ones were over before a wait for them began).
    page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 860 });
    await recordStepCaptions(page);
    const p = page;
    await p.goto(`${server.url}?puzzle=walk&steps=3&delay=300&run=1`);
    await p.waitForSelector('#viewer-caption:text-matches("^Step 3 of 3")', { timeout: 20_000 });
    const seen = await stepCaptionsSeen(p);
    // Each step shown in turn (its "of N" may grow while the steps arrive).
    const shown = seen.map((caption) => caption.replace(/ of \d+/, '')).filter((caption, i, all) => caption !== all[i - 1]);
    expect(shown).toEqual(['Step 1 · filled 1', 'Step 2 · filled 2', 'Step 3 · filled 3']);
    expect(await p.locator('#viewer-caption').textContent()).toBe('Step 3 of 3 · filled 3');
    expect(await p.locator('#viewer-frame svg rect.filled').count()).toBe(3);
    expect(await p.locator('#viewer-frame svg text.label').allTextContents()).toEqual(['1', '2', '3']);
    await waitForPhase(p, 'done');
    expect(await p.locator('#replay').isVisible()).toBe(true);
    await shot(p, 'step-animation');
  });

  it('shows every step even when frames come slower than the delay', async () => {
    page = await browser.context.newPage();
    // Frames every 100 ms, steps every 20 ms: a busy or hidden page. Every caption is recorded.
    await page.addInitScript(() => {
      window.requestAnimationFrame = (callback) => window.setTimeout(() => callback(performance.now()), 100);
    });
    await recordStepCaptions(page);
    await page.goto(`${server.url}?puzzle=walk&steps=5&delay=20&run=1`);
    await page.waitForSelector('#viewer-caption:text-matches("^Step 5 of 5")', { timeout: 20_000 });
    const seen = await stepCaptionsSeen(page);
    expect(seen.map((caption) => caption.replace(/ of \d+.*/, ''))).toEqual(['Step 1', 'Step 2', 'Step 3', 'Step 4', 'Step 5']);
  });

  it('cancels a search that would never end, within a second, and stops its worker', async () => {
    const p = await open('?puzzle=walk&forever=1&run=1');
    await p.waitForSelector('#viewer-caption:text-matches("^Searching")', { timeout: 20_000 });
    await expect.poll(() => p.locator('#counters').textContent(), { timeout: 20_000 }).toMatch(/^tries \d/);
    expect(p.workers().length).toBeGreaterThan(0);
    await shot(p, 'searching');
    const searchStopped = watchSearchWorkers(p);
    const cancelMs = await cancelAndTime(p);
    expect(cancelMs).toBeLessThan(1000);
    expect(await searchStopped(2000)).toBe(true);
    const stopped = await count(p);
    await p.waitForTimeout(400);
    expect(await count(p)).toBe(stopped);
  });

  it('keeps a solution the person opens on screen while the step animation is still playing', async () => {
    // A second a step, so a busy machine still finds the animation in its first steps.
    const p = await open('?puzzle=walk&steps=6&delay=1000&run=1');
    await waitForPhase(p, 'done');
    await p.waitForSelector('#viewer-caption:text-matches("^Step [1-3] of")', { timeout: 20_000 });
    expect(await p.locator('#step-play').textContent()).toBe('Pause');
    await p.fill('#open-solution', '2');
    await p.click('.jump button');
    await expect.poll(() => p.locator('#viewer-caption').textContent()).toMatch(/^Solution No\. 2 of/);
    // Later animation ticks would have taken the viewer back to the steps.
    await p.waitForTimeout(2500);
    expect(await p.locator('#viewer-caption').textContent()).toMatch(/^Solution No\. 2 of/);
    expect(await p.locator('#step-play').textContent()).toBe('Play');
  });

  it('lays the page out for a phone without sideways scrolling', async () => {
    const p = await open('?puzzle=walk&steps=0&run=1', { width: 390, height: 844 });
    await waitForPhase(p, 'done');
    // A plugin's source is a path, as long as wherever it is installed: it must wrap, not widen the page.
    await p.evaluate(() => {
      document.getElementById('plugin-meta')!.textContent = `walk 1.0.0 · /${'averylongdirectoryname/'.repeat(6)}walk.js`;
    });
    const { scrollWidth, overflowing } = await p.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      // Named in the failure message: the elements that stick out past the screen's right edge.
      overflowing: [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth || element.scrollWidth > element.clientWidth + 1)
        .map(
          (element) =>
            `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${element.className} (${Math.round(element.getBoundingClientRect().right)})`,
        )
        .slice(0, 6),
    }));
    expect(scrollWidth, overflowing.join(', ')).toBeLessThanOrEqual(390);
    const frame = await p.locator('#viewer-frame svg').boundingBox();
    expect(frame!.width).toBeGreaterThan(200);
    await p.screenshot({ path: join(artifacts, 'phone.png'), fullPage: true });
  });
});

describe('pentomino', () => {
  it('may compile WebAssembly under its Content-Security-Policy (the search kernels are wasm)', async () => {
    const p = await open('?puzzle=pentomino&size=6');
    const compiled = await p.evaluate(async () => {
      try {
        await WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
        return 'compiled';
      } catch (error) {
        return String(error);
      }
    });
    expect(compiled).toBe('compiled');
  });

  it('finishes 6x10 with all its solutions (the reference count), and a solution opens with 60 filled cells', async () => {
    const p = await open('?puzzle=pentomino&size=6&run=1');
    await waitForPhase(p, 'done', 120_000);
    expect(await count(p)).toBe(SOLUTIONS_6X10);
    expect(await p.locator('#summary dd[data-field="solutions"]').getAttribute('data-value')).toBe(String(SOLUTIONS_6X10));
    expect(await p.locator('#summary dd[data-field="solutions"]').textContent()).toBe('2,339');
    expect(await p.locator('#summary dd[data-field="board"]').textContent()).toBe('6x10');
    await p.click('#solution-thumbs button.thumb[data-index="5"]');
    await expect.poll(() => p.locator('#viewer-caption').textContent()).toMatch(/^Solution No\. 5 of 2,339/);
    expect(await p.locator('#viewer-frame svg rect.filled').count()).toBe(60);
    const letters = await p.locator('#viewer-frame svg text.label').allTextContents();
    expect(new Set(letters)).toEqual(new Set('FILNPTUVWXYZ'));
    await shot(p, 'pentomino-6x10');

    // Code splitting: the document itself imported only the plugin module (and what it shares);
    // the solver chunk was fetched by the workers alone.
    const byDocument = await p.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
    const pluginFiles = (paths: string[]) => [...new Set(paths.filter((path) => path.startsWith('/plugins/pentomino/')))];
    expect(pluginFiles(byDocument).filter((path) => /^\/plugins\/pentomino\/plugin-[A-Z0-9]{8}\.js$/.test(path))).toHaveLength(1);
    // Only the shown puzzle's code: no other plugin was loaded.
    expect(byDocument.filter((path) => path.startsWith('/plugins/') && !path.startsWith('/plugins/pentomino/') && path !== '/plugins/manifest.json')).toEqual(
      [],
    );
    const workerOnly = pluginFiles(requested).filter((path) => !byDocument.includes(path));
    expect(workerOnly.length).toBeGreaterThan(0);
    expect(workerOnly.every((path) => path.startsWith('/plugins/pentomino/chunks/'))).toBe(true);
    await p.fill('#open-solution', String(SOLUTIONS_6X10));
    await p.click('.jump button');
    await expect.poll(() => p.locator('#viewer-caption').textContent()).toMatch(/^Solution No\. 2,339 of 2,339/);
    expect(await p.locator('#viewer-frame svg rect.filled').count()).toBe(60);
  }, 180_000);

  it('starts its workers before Run is pressed: a run creates none, and the count is the same', async () => {
    const p = await browser.context.newPage();
    page = p;
    // Every Web Worker the page creates, with the page's time of creation.
    await p.addInitScript(() => {
      const started: number[] = [];
      (window as unknown as { workersStarted: number[] }).workersStarted = started;
      const Original = window.Worker;
      window.Worker = class extends Original {
        constructor(url: string | URL, options?: WorkerOptions) {
          started.push(performance.now());
          super(url, options);
        }
      };
    });
    await p.goto(`${server.url}?puzzle=pentomino&size=6`);
    for (let run = 1; run <= 2; run++) {
      await p.waitForSelector('body[data-workers="ready"]', { timeout: 30_000 });
      await p.click('#run');
      await p.waitForFunction((n) => performance.getEntriesByName('kit:run').length === n, run, { timeout: 120_000 });
      expect(await phase(p)).toBe('done');
      expect(await count(p)).toBe(SOLUTIONS_6X10);
      const during = await p.evaluate(() => {
        const measure = performance.getEntriesByName('kit:run').at(-1)!;
        const started = (window as unknown as { workersStarted: number[] }).workersStarted;
        return {
          before: started.filter((at) => at < measure.startTime).length,
          during: started.filter((at) => at >= measure.startTime && at <= measure.startTime + measure.duration).length,
        };
      });
      console.log(`pentomino 6x10 run ${run}: ${during.before} workers started before Run, ${during.during} during it`);
      expect(during.before).toBeGreaterThan(0);
      expect(during.during).toBe(0);
    }
  }, 180_000);

  it('finishes all solutions of 8x8 (--all) with 520', async () => {
    const p = await open('?puzzle=pentomino&size=8&all=1&run=1');
    expect(await p.locator('#opt-all').isChecked()).toBe(true);
    await waitForPhase(p, 'done', 120_000);
    expect(await count(p)).toBe(520);
    expect(await p.locator('#summary dd[data-field="board"]').textContent()).toBe('8x8');
    // The centre 2x2 is a hole: 60 filled cells drawn, 4 left out.
    expect(await p.locator('#viewer-frame svg rect.filled').count()).toBe(60);
    expect(await p.locator('#viewer-frame svg rect.cell').count()).toBe(60);
  }, 180_000);

  // 8x8 --all is now a second's work, so the long run is a 10x12 board with every piece twice:
  // a search that would take ages.
  it('cancels a long search (10x12, every piece twice, --all) within a second, staying responsive', async () => {
    const board = Array.from({ length: 12 }, () => '..........').join('\n');
    const params = new URLSearchParams({ puzzle: 'pentomino', board, pieces: 'FFIILLNNPPTTUUVVWWXXYYZZ', all: '1', run: '1' });
    const p = await open(`?${params}`);
    await waitForPhase(p, 'running');
    await p.waitForTimeout(1500);
    expect(await p.locator('#run-error').textContent()).toBe('');
    expect(await phase(p)).toBe('running');

    // The page stays responsive while the workers search: two display frames come promptly.
    const frameGap = await p.evaluate(
      () =>
        new Promise<number>((done) => {
          const start = performance.now();
          requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now() - start)));
        }),
    );
    console.log(`long pentomino run: two animation frames took ${frameGap.toFixed(1)} ms`);
    expect(frameGap).toBeLessThan(500);
    await shot(p, 'pentomino-searching');

    expect(await p.locator('#run-error').textContent()).toBe('');
    expect(await phase(p)).toBe('running');
    const searchStopped = watchSearchWorkers(p);
    const cancelMs = await cancelAndTime(p);
    expect(cancelMs).toBeLessThan(1000);
    expect(await searchStopped(2000)).toBe(true);
    await shot(p, 'pentomino-cancelled');
  }, 60_000);
});

describe('a puzzle pasted as a share link', () => {
  const LINK = 'https://puyop.com/s/x00900z00A40j1gr29h1hi9i_c1c1__u02';
  const kitBin = join(repoRoot, 'apps/cli/dist/bin.cjs');
  /** `kit run puyo --nazo --url LINK --json [--all]`: the solutions' and the summary's lines. */
  function kit(...extra: string[]) {
    if (!existsSync(kitBin)) throw new Error(`${kitBin} is missing: build the CLI first (pnpm build)`);
    const lines = execFileSync(process.execPath, [kitBin, 'run', 'puyo', '--nazo', '--url', LINK, '--json', ...extra], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; index?: number; solution?: { notation: string }; solutions?: number; best?: string });
    return { solutions: lines.filter((line) => line.type === 'solution'), done: lines.find((line) => line.type === 'done')! };
  }

  it('solves a nazo link pasted into the url field, with the answers `kit run --nazo --url` gives', async () => {
    const cli = kit('--all');
    const best = kit();
    expect(cli.solutions.length).toBeGreaterThan(1);
    const p = await open('?puzzle=puyo');
    // The page opens on an example drawn in the field editor, which stands in for --url: fold it.
    expect(await p.locator('#opt-url').isVisible()).toBe(false);
    expect(await p.locator('details[data-editor="input"] > summary').textContent()).toBe('Field · fold to give url instead');
    await p.click('details[data-editor="input"] > summary');
    expect(await p.locator('details[data-editor="input"] > summary .fold-hint').isVisible()).toBe(false);
    await p.check('#opt-nazo');
    await p.fill('#opt-url', LINK);
    await p.check('#opt-all');
    await p.click('#run');
    await waitForPhase(p, 'done', 60_000);
    expect(await p.locator('#form-error').textContent()).toBe('');
    expect(await p.locator('#run-error').textContent()).toBe('');
    expect(await count(p)).toBe(cli.solutions.length);
    expect(await p.locator('#summary dd[data-field="solutions"]').getAttribute('data-value')).toBe(String(cli.done.solutions));
    expect(await p.locator('#summary dd[data-field="best"]').textContent()).toBe(best.done.best);
    // Each answer, opened from the list, shows the moves the CLI printed for it.
    for (const solution of cli.solutions) {
      await p.fill('#open-solution', String(solution.index));
      await p.click('.jump button');
      await expect
        .poll(() => p.locator('#viewer-caption').textContent())
        .toBe(`Solution No. ${solution.index} of ${cli.solutions.length} · No. ${solution.index}: ${solution.solution!.notation}`);
    }
    await shot(p, 'puyo-nazo-link');

    // Without --all, the page like the CLI shows the best answer and counts them all.
    await p.uncheck('#opt-all');
    await p.click('#run');
    // The first run's end stays on screen until the second run's first frame: wait for its end.
    await p.waitForFunction(() => performance.getEntriesByName('kit:run').length === 2, undefined, { timeout: 60_000 });
    expect(await phase(p)).toBe('done');
    // The big count is the plugin's count of answers; the list holds the best one.
    expect(await count(p)).toBe(best.done.solutions);
    expect(await p.locator('#solutions-listed').textContent()).toBe(`${best.solutions.length} listed; ${best.done.solutions} solutions in all`);
    expect(await p.locator('#summary dd[data-field="solutions"]').getAttribute('data-value')).toBe(String(best.done.solutions));
    expect(await p.locator('#summary dd[data-field="best"]').textContent()).toBe(best.done.best);
  }, 120_000);
});

describe('static site', () => {
  it('runs from plain files, and takes a new plugin from its bundle and one manifest line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kit-web-site-'));
    const host = await serveDirectory(dir);
    try {
      await exportSite({ outDir: dir, plugins: [COUNTING] });
      let p = await open('?puzzle=counting&n=9&run=1', undefined, host.url);
      await waitForPhase(p, 'done');
      expect(await count(p)).toBe(9);
      expect(await p.locator('#puzzles button').evaluateAll((buttons) => buttons.map((b) => (b as HTMLElement).dataset['plugin']))).toEqual(['counting']);
      await p.close();

      // Deploy one more plugin: its bundle in a directory and a line in the manifest, nothing else.
      const walkFiles = await bundlePlugin(WALK);
      for (const file of walkFiles) {
        mkdirSync(dirname(join(dir, 'plugins/extra-walk', file.path)), { recursive: true });
        writeFileSync(join(dir, 'plugins/extra-walk', file.path), file.contents);
      }
      const manifestPath = join(dir, 'plugins/manifest.json');
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { plugins: object[] };
      // A hand-written line with no title: the page loads the module at once to learn it.
      manifest.plugins.push({ id: 'walk', source: 'walk-plugin.js', module: `extra-walk/${walkFiles[0]!.path}` });
      writeFileSync(manifestPath, JSON.stringify(manifest));
      p = await open('?puzzle=walk&steps=0&run=1', undefined, host.url);
      await waitForPhase(p, 'done');
      expect(await count(p)).toBe(12);
    } finally {
      await host.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('every plugin with an example runs once through the page', () => {
  const title = (c: ExampleCase) => ('example' in c ? `${`kit run ${c.id} ${c.example.commandLine}`.trim()} (limit ${c.example.limit})` : c.id);
  it.each(exampleCases.map((c) => [title(c), c] as const))(
    '%s',
    async (_id, exampleCase) => {
      if ('problem' in exampleCase) throw new Error(exampleCase.problem);
      const { id, source, plugin, example } = exampleCase;
      const params = new URLSearchParams({ puzzle: id, ...example.values });
      if (example.input) params.set('input', example.input.text);
      params.set('limit', String(example.limit));
      params.set('run', '1');
      const p = await open(`?${params}`);
      await p.waitForSelector('#phase:not([data-phase="running"])', { timeout: 150_000 });
      expect(await p.locator('#form-error').textContent()).toBe('');
      expect(await p.locator('#run-error').textContent()).toBe('');
      expect(await phase(p)).toBe('done');

      // The same instance solved in Node worker threads (as `kit run` does) must give the same count.
      const instance = instanceOf(plugin, example);
      const expected = await runInWorkers({
        moduleUrl: source.moduleUrl,
        pluginId: id,
        instance,
        threads: defaultThreads(),
        limit: example.limit,
      });
      expect(await count(p)).toBe(expected.summary.solutions);
      expect(await p.locator('#summary dd[data-field="solutions"]').getAttribute('data-value')).toBe(String(expected.summary.solutions));
      expect(await p.locator('#viewer-frame svg').count()).toBe(1);
      await shot(p, `plugin-${id}`);
    },
    300_000,
  );
});

describe("every plugin's named examples run from their URL", () => {
  it('has named examples for every puzzle package', () => {
    expect(new Set(sampleCases.map((c) => c.id))).toEqual(new Set(['hitori-sat', 'katamino', 'pentomino', 'polycube', 'puyo', 'sudoku']));
  });
  it.each(sampleCases.map((c) => [`${c.id} example=${c.sample.name}`, c] as const))(
    '%s',
    async (_name, { id, source, plugin, sample }) => {
      const p = await open(`?puzzle=${id}&example=${sample.name}&limit=${EXAMPLE_LIMIT}&run=1`);
      await p.waitForSelector('#phase:not([data-phase="running"])', { timeout: 150_000 });
      expect(await p.locator('#form-error').textContent()).toBe('');
      expect(await p.locator('#run-error').textContent()).toBe('');
      expect(await phase(p)).toBe('done');
      const expected = await runInWorkers({
        moduleUrl: source.moduleUrl,
        pluginId: id,
        instance: sampleInstance(plugin, sample),
        threads: defaultThreads(),
        limit: EXAMPLE_LIMIT,
      });
      // The summary's count (a sweep's count sums the tilings of the sets it reports one event each).
      expect(await p.locator('#summary dd[data-field="solutions"]').getAttribute('data-value')).toBe(String(expected.summary.solutions));
      const headline = plugin.summarize?.(expected.summary, sampleInstance(plugin, sample)).split('\n').at(-1);
      // Counters such as tries depend on how the search was split; the verdict before them does not.
      if (headline) expect(await p.locator('.summary-line').textContent()).toContain(headline.split(', ')[0]!);
    },
    300_000,
  );
});
