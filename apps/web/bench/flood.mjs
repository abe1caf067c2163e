// A flood of solutions: the empty 16x16 Sudoku (it has more solutions than any run will list)
// solved through the page in headless Chromium for a while, then cancelled. It measures how long
// the page's main thread is blocked at a time (long tasks, from a PerformanceObserver registered
// before the page loads) and how late display frames come, while the solutions pour in.
// Target: no stall over 50 ms. The reference, measured in the same run just before: the same page
// left idle for a few seconds, so a busy machine's own stalls are seen for what they are. On a
// machine where other processes take the cores, a task's wall time is mostly waiting for one: the
// bench also reads the main thread's tasks from a Chromium trace and reports the CPU time of the
// longest, which is what the page's own code costs.
// Needs a build and Debian's chromium: `node bench/flood.mjs [seconds]` (default 20).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { discoverPlugins, serve } from '../dist/server/index.js';

const SECONDS = Number(process.argv[2] ?? 20);
const TARGET_MS = 50;
const CHROMIUM = process.env.KIT_CHROMIUM ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  console.log(`flood bench: skipped, no Chromium at ${CHROMIUM} (apt-get install chromium)`);
  process.exit(0);
}
const webDir = new URL('..', import.meta.url).pathname;
const discovery = await discoverPlugins({ root: join(webDir, '../..') });
const source = discovery.plugins.find((plugin) => plugin.id === 'sudoku');
if (!source) {
  console.log('flood bench: skipped, the sudoku plugin is not built');
  process.exit(0);
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
  viewport: { width: 1280, height: 900 },
});
try {
  const page = await context.newPage();
  // Long tasks and display frames from the first moment, kept in the page.
  await page.addInitScript(() => {
    const record = { longTasks: [], frameGaps: [], watching: false };
    window.floodRecord = record;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (record.watching) record.longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: false });
    let last = performance.now();
    const frame = (now) => {
      if (record.watching) record.frameGaps.push(now - last);
      last = now;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  // The empty 16x16 grid, as the editor's link code carries it.
  await page.goto(`${server.url}?puzzle=sudoku&input=${encodeURIComponent('16x16_256*.')}`);
  await page.waitForSelector('body[data-workers="ready"]', { timeout: 60_000 });
  // The reference: the page idle, watched as long as the idle part lasts.
  const IDLE_SECONDS = Math.min(5, SECONDS);
  await page.evaluate(() => (window.floodRecord.watching = true));
  await page.waitForTimeout(IDLE_SECONDS * 1000);
  const idle = await page.evaluate(() => {
    const record = window.floodRecord;
    const copy = { longTasks: [...record.longTasks], frameGaps: [...record.frameGaps] };
    record.longTasks.length = 0;
    record.frameGaps.length = 0;
    return copy;
  });
  const client = await context.newCDPSession(page);
  await client.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-v8.gc,cppgc',
    transferMode: 'ReturnAsStream',
  });
  await page.click('#run');
  await page.waitForTimeout(SECONDS * 1000);
  const traced = new Promise((resolve) => client.once('Tracing.tracingComplete', resolve));
  await client.send('Tracing.end');
  const { stream } = await traced;
  let traceText = '';
  for (;;) {
    const chunk = await client.send('IO.read', { handle: stream });
    traceText += chunk.data;
    if (chunk.eof) break;
  }
  await client.send('IO.close', { handle: stream });
  const traceEvents = JSON.parse(traceText).traceEvents;
  // The page's main thread: the renderer main thread that ran the most.
  const runTasks = (thread) =>
    traceEvents.filter((event) => event.ph === 'X' && event.name === 'RunTask' && event.pid === thread.pid && event.tid === thread.tid);
  const mainThread = traceEvents
    .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
    .map((thread) => ({ thread, tasks: runTasks(thread) }))
    .sort((a, b) => b.tasks.length - a.tasks.length)[0];
  const cpuMs = (mainThread?.tasks ?? []).map((task) => (task.tdur ?? task.dur) / 1000);
  const longestCpu = Math.max(0, ...cpuMs);
  // What the longest task did: the CPU time of the trace's main kinds of work inside it.
  const longestTask = (mainThread?.tasks ?? []).find((task) => (task.tdur ?? task.dur) / 1000 === longestCpu);
  const inLongest = longestTask
    ? traceEvents.filter(
        (event) =>
          event.ph === 'X' &&
          event.pid === longestTask.pid &&
          event.tid === longestTask.tid &&
          event.ts >= longestTask.ts &&
          event.ts < longestTask.ts + longestTask.dur,
      )
    : [];
  const WORK = {
    'page script': /^FunctionCall$|^EvaluateScript$/,
    messages: /^HandlePostMessage$/,
    style: /^UpdateLayoutTree$/,
    layout: /^Layout$/,
    paint: /^Paint$/,
    'garbage collection': /^(MinorGC|MajorGC|CppGC\.IncrementalSweep|CppGC\.AtomicMark|CppGC\.AtomicSweep)$/,
  };
  const longestParts = Object.entries(WORK)
    .map(([what, pattern]) => [
      what,
      inLongest.filter((event) => pattern.test(event.name)).reduce((sum, event) => sum + (event.tdur ?? event.dur ?? 0), 0) / 1000,
    ])
    .filter(([, ms]) => ms >= 1)
    .map(([what, ms]) => `${what} ${Math.round(ms)} ms`);
  const found = Number(await page.locator('#count').getAttribute('data-count'));
  const clickedAt = await page.evaluate(() => performance.now());
  await page.click('#cancel');
  await page.waitForSelector('#phase[data-phase="cancelled"]', { timeout: 10_000 });
  const cancelMs = (await page.evaluate(() => performance.now())) - clickedAt;
  const { longTasks, frameGaps } = await page.evaluate(() => window.floodRecord);
  const longest = Math.max(0, ...longTasks);
  const idleLongest = Math.max(0, ...idle.longTasks);
  const idleGap = Math.max(0, ...idle.frameGaps);
  const blocked = longTasks.reduce((sum, ms) => sum + Math.max(0, ms - TARGET_MS), 0);
  const sorted = [...frameGaps].sort((a, b) => a - b);
  const p99 = sorted[Math.floor(sorted.length * 0.99)] ?? 0;
  console.log(`empty 16x16 Sudoku, ${SECONDS} s of solutions, load average ${loadavg()[0].toFixed(2)}:`);
  console.log(`  solutions found                 ${found.toLocaleString('en')}`);
  console.log(`  long tasks (over 50 ms)         ${longTasks.length}`);
  const verdict = (ms) => (ms <= TARGET_MS ? 'met' : 'not met');
  console.log(`  longest main-thread stall       ${Math.round(longest)} ms   target <= ${TARGET_MS} ms: ${verdict(longest)}`);
  console.log(`  time blocked beyond 50 ms       ${Math.round(blocked)} ms of ${SECONDS * 1000} ms`);
  console.log(`  display frames                  ${frameGaps.length}, 99th percentile gap ${Math.round(p99)} ms, longest ${Math.round(sorted.at(-1) ?? 0)} ms`);
  console.log(`  cancel shown after              ${Math.round(cancelMs)} ms`);
  console.log(
    `  longest task's CPU time         ${Math.round(longestCpu)} ms   target <= ${TARGET_MS} ms: ${verdict(longestCpu)} (${cpuMs.filter((ms) => ms > TARGET_MS).length} tasks over ${TARGET_MS} ms of CPU, from the trace)`,
  );
  console.log(`  longest task's work             ${longestParts.join(', ') || 'none the trace names'}`);
  console.log(`  reference: the idle page, ${IDLE_SECONDS} s  longest stall ${Math.round(idleLongest)} ms, longest frame gap ${Math.round(idleGap)} ms`);
  console.log(`ratio longest stall / target: ${(longest / TARGET_MS).toFixed(2)}; longest task's CPU time / target: ${(longestCpu / TARGET_MS).toFixed(2)}`);
  console.log(
    `target (no main-thread task over ${TARGET_MS} ms): ${verdict(longest)} (longest task ${Math.round(longest)} ms, ${Math.round(longestCpu)} ms of it CPU)`,
  );
  if (idleLongest > TARGET_MS) console.log(`the idle page itself stalled ${Math.round(idleLongest)} ms: this machine is too busy for the target to mean much`);
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  await server.close();
}
