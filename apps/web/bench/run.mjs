// Web app benchmark: pentomino 6x10 (all its solutions, tooling/reference-counts.json) solved through the page in headless Chromium
// with one Web Worker per core, against, in the same run and interleaved:
//  - the in-process search (@kit/pentomino's bench/search.mjs: prepare + search on one thread, what
//    the target compares with),
//  - the same search in Node worker threads, as many as the page has workers (what `kit run` uses).
// The page is timed as a person sees it: from the click on Run (the event's time) to the frame that
// shows the final count (the page's own `kit:run` performance measure), once the page has loaded
// and its workers are ready (body[data-workers="ready"]), as they are seconds after the page opens.
// "cold" is a fresh load of a `run=1` link: from navigation start to the same frame.
// Medians and best of each; machines are noisy, so only ratios within one run mean anything.
// Needs a build and Debian's chromium: `pnpm bench` (or `node bench/run.mjs [runs]`).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseOptions, pluginFromModule } from '@kit/core/host';
import { runInWorkers } from '@kit/core/node';
import { chromium } from 'playwright-core';
import { discoverPlugins, serve } from '../dist/server/index.js';

const SOLUTIONS = createRequire(import.meta.url)('@kit/tooling/reference-counts.json').pentomino['6x10'].distinct;

const RUNS = Number(process.argv[2] ?? 7);
const CHROMIUM = process.env.KIT_CHROMIUM ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  console.log(`web bench: skipped, no Chromium at ${CHROMIUM} (apt-get install chromium)`);
  process.exit(0);
}
const webDir = new URL('..', import.meta.url).pathname;
const discovery = await discoverPlugins({ root: join(webDir, '../..') });
const source = discovery.plugins.find((plugin) => plugin.id === 'pentomino');
if (!source) {
  console.log('web bench: skipped, the pentomino plugin is not built');
  process.exit(0);
}
const plugin = pluginFromModule(await import(source.moduleUrl), source.source);
const instance = plugin.parse(parseOptions(plugin.options, { size: '6' }));
const searchScript = join(source.packageDir, 'bench/search.mjs');
const hasSearchScript = existsSync(searchScript);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const best = (values) => Math.min(...values);
const ms = (value) => `${Math.round(value)} ms`;

/** The in-process search in its own Node process (imports not timed), as the pentomino bench runs it. */
function inProcess() {
  const line = execFileSync(process.execPath, [searchScript, '--size', '6'], { encoding: 'utf8' }).trim().split('\n').at(-1);
  const result = JSON.parse(line);
  if (result.solutions !== SOLUTIONS) throw new Error(`the in-process search found ${result.solutions} solutions, not ${SOLUTIONS}`);
  return result.seconds * 1000;
}

const server = await serve({ plugins: [source] });
const profile = mkdtempSync(join(tmpdir(), 'kit-web-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM,
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const page = await context.newPage();
const url = `${server.url}?puzzle=pentomino&size=6`;
const warm = [];
const cold = [];
const node = [];
const local = [];
let threads = 1;

/** The page's `kit:run` measure once the run's end is on screen; checks the count. */
async function measured(count) {
  await page.waitForFunction((n) => performance.getEntriesByName('kit:run').length >= n, count, { timeout: 300_000 });
  const solutions = Number(await page.locator('#count').getAttribute('data-count'));
  if (solutions !== SOLUTIONS || (await page.locator('#phase').getAttribute('data-phase')) !== 'done') {
    throw new Error(`the page ended ${await page.locator('#phase').getAttribute('data-phase')} with ${solutions} solutions, not ${SOLUTIONS}`);
  }
  return page.evaluate(() => {
    const entry = performance.getEntriesByName('kit:run').at(-1);
    return { duration: entry.duration, end: entry.startTime + entry.duration };
  });
}

try {
  threads = await page.evaluate(() => navigator.hardwareConcurrency);
  await page.goto(url);
  for (let run = 0; run < RUNS; run++) {
    // Warm: the page is open, its workers are ready; click Run.
    await page.waitForSelector('body[data-workers="ready"]', { timeout: 60_000 });
    const before = await page.evaluate(() => performance.getEntriesByName('kit:run').length);
    await page.click('#run');
    warm.push((await measured(before + 1)).duration);
    // Cold: a fresh load of a link that starts the run.
    await page.goto(`${url}&run=1`);
    cold.push((await measured(1)).end);
    const done = await runInWorkers({ moduleUrl: source.moduleUrl, pluginId: 'pentomino', instance, threads });
    if (done.summary.solutions !== SOLUTIONS) throw new Error(`Node worker threads found ${done.summary.solutions} solutions`);
    node.push(done.stats.elapsedMs);
    if (hasSearchScript) local.push(inProcess());
  }
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  await server.close();
}

const row = (name, values) =>
  console.log(`  ${name.padEnd(44)} median ${ms(median(values)).padStart(7)}  best ${ms(best(values)).padStart(7)}  (${values.map(Math.round).join(', ')})`);
console.log(`pentomino 6x10 distinct, ${threads} workers, ${RUNS} runs, load average ${loadavg()[0].toFixed(2)} on ${threads} cores:`);
row('page, click on Run to the count shown', warm);
row('page, cold: load of a run=1 link to the count', cold);
row(`Node worker threads (runInWorkers, ${threads})`, node);
if (hasSearchScript) row('in process (pentomino bench/search.mjs)', local);
const ratio = (a, b) => `${(median(a) / median(b)).toFixed(2)} (best ${(best(a) / best(b)).toFixed(2)})`;
if (hasSearchScript) console.log(`ratio page / in-process search: ${ratio(warm, local)}   target <= 1.3`);
console.log(`ratio page / Node worker threads: ${ratio(warm, node)}`);
if (hasSearchScript) console.log(`ratio Node worker threads / in-process search: ${ratio(node, local)}`);
