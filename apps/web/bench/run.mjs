// Web app benchmark: pentomino 6x10 (2339 solutions) solved through the page in headless Chromium,
// against the same search in Node worker threads (what `kit run` uses), measured in the same run
// with the same number of workers. Prints medians and the ratio page / Node.
// Needs a build and Debian's chromium: `pnpm bench` (or `node bench/run.mjs [runs]`).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseOptions, pluginFromModule } from '@kit/core';
import { runInWorkers } from '@kit/core/node';
import { chromium } from 'playwright-core';
import { discoverPlugins, serve } from '../dist/server/index.js';

const RUNS = Number(process.argv[2] ?? 3);
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
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const server = await serve({ plugins: [source] });
const profile = mkdtempSync(join(tmpdir(), 'kit-web-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM,
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await context.newPage();
const web = [];
const node = [];
let threads = 1;
try {
  threads = await page.evaluate(() => navigator.hardwareConcurrency);
  for (let run = 0; run < RUNS; run++) {
    await page.goto(`${server.url}?puzzle=pentomino&size=6&run=1`);
    await page.waitForSelector('#phase[data-phase="done"]', { timeout: 300_000 });
    const solutions = Number(await page.locator('#count').getAttribute('data-count'));
    if (solutions !== 2339) throw new Error(`the page found ${solutions} solutions, not 2339`);
    web.push(Number(await page.locator('#summary dd[data-field="elapsedMs"]').textContent()));
    const done = await runInWorkers({ moduleUrl: source.moduleUrl, pluginId: 'pentomino', instance, threads });
    node.push(done.stats.elapsedMs);
  }
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  await server.close();
}
console.log(`pentomino 6x10, ${threads} workers, ${RUNS} runs: page ${median(web)} ms (${web.join(', ')}), Node ${median(node)} ms (${node.join(', ')})`);
console.log(`ratio page / Node: ${(median(web) / median(node)).toFixed(2)}`);
