// simulateBoard in a browser: the built package (dist/, bundled by esbuild as the web app bundles a
// plugin) runs in headless Debian Chromium, on the page's main thread, on the same fields as the Node
// bench, one call a simulation from a fresh copy of the field each time (as run.mjs's `wasm` engine),
// taking turns with the peer (a native program run as its own process, as run.mjs runs it) round after
// round; each rate is the best of its rounds.
// A page has no CPU clock: the page times itself with performance.now() around chunks of 10,000
// simulations repeated until `seconds` have passed (the page is cross-origin isolated, so the clock's
// grain is 5 us, not 100 us: far below a 0.25 s measurement). That is wall time, while the peer's rate
// is per CPU second, so on a loaded machine it understates the page. Where Linux's /proc shows the
// renderer's main thread (Chromium runs without a sandbox here), the bench also reads that thread's CPU
// time around each measurement and gives the rate per CPU second too, the same measure as the peer's
// and as run.mjs's Node rates; on a quiet machine the two agree. The target is judged on the CPU rate
// where there is one, else on the wall rate.
// Each field's chains, score, cleared and step scores in the page must equal simulateBoard's in Node.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { boardFromGrid, createResult, gridFromField, parseField, simulateBoard } from '../dist/index.js';

const CHUNK = 10_000;
const dist = fileURLToPath(new URL('../dist/index.js', import.meta.url));

// The page's side: every field becomes a board once; measure(i) times simulateBoard on field i.
const ENTRY = `
import { boardFromGrid, createBoard, createResult, fastEngine, gridFromField, parseField, simulateBoard } from ${JSON.stringify(dist)};
let fields = [];
export function load(texts) {
  fields = texts.map((text) => ({ start: boardFromGrid(gridFromField(parseField(text))), board: createBoard(), result: createResult() }));
  return { engine: fastEngine(), isolated: globalThis.crossOriginIsolated === true, userAgent: navigator.userAgent };
}
export function measure(index, seconds) {
  const { start, board, result } = fields[index];
  let runs = 0;
  let elapsed = 0;
  const begin = performance.now();
  do {
    for (let i = 0; i < ${CHUNK}; i++) {
      board.set(start);
      simulateBoard(board, result);
    }
    runs += ${CHUNK};
    elapsed = (performance.now() - begin) / 1000;
  } while (elapsed < seconds);
  return { runs, rate: runs / elapsed, chains: result.chains, score: result.score, cleared: result.cleared,
    steps: Array.from(result.stepScores.subarray(0, result.chains)) };
}
`;

const PAGE = `<!doctype html><title>puyo bench</title><script type="module">
import { load, measure } from '/sim.js';
window.bench = { load, measure };
window.ready = true;
</script>`;

/** Why the browser bench cannot run here, or undefined when it can. */
function missing(chromium, peer) {
  if (!existsSync(chromium)) return `no Chromium at ${chromium}`;
  if (!peer) return 'no peer: give --peer PATH, e.g. /work/ref/bin/puyoai_bench_native';
  try {
    accessSync(peer, constants.X_OK);
  } catch {
    return `no peer at ${peer}`;
  }
  return undefined;
}

/**
 * Clocks of the CPU seconds each renderer's main thread has used (/proc/PID/task/PID/schedstat:
 * nanoseconds on the CPU); none where /proc does not show them.
 */
async function rendererClocks(browser) {
  const cdp = await browser.newBrowserCDPSession();
  const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
  await cdp.detach();
  try {
    // Headless Chromium also runs a renderer for its own WebUI (busy starting up while the bench warms up).
    const pages = processInfo.filter((p) => p.type === 'renderer' && !readFileSync(`/proc/${p.id}/cmdline`, 'utf8').includes('--top-chrome-webui'));
    const clocks = pages.map(
      ({ id }) =>
        () =>
          Number(readFileSync(`/proc/${id}/task/${id}/schedstat`, 'utf8').split(' ')[0]) / 1e9,
    );
    for (const read of clocks) read();
    return clocks;
  } catch {
    return [];
  }
}

/**
 * The clock of the renderer that holds `page`, or undefined when none stands out. Chromium lists its
 * renderers but not which one holds a page: the page's is the one whose main thread runs while the page
 * spins for 0.3 s (other renderers, such as a spare one starting up, may run too but far less; on a
 * loaded machine the spin may get little of its 0.3 s, so it is tried up to three times).
 */
async function pageClock(browser, page) {
  const clocks = await rendererClocks(browser);
  for (let attempt = 0; attempt < 3 && clocks.length > 0; attempt++) {
    const before = clocks.map((read) => read());
    await page.evaluate(() => {
      const end = performance.now() + 300;
      while (performance.now() < end);
    });
    const used = clocks.map((read, i) => read() - before[i]);
    const most = used.indexOf(Math.max(...used));
    if (used[most] > 0.05 && used.every((t, i) => i === most || t < used[most] / 10)) return clocks[most];
  }
  return undefined;
}

/** One run of the peer (`PEER SECONDS FIELD`): its JSON line. */
function runPeer(peer, seconds, path) {
  const out = spawnSync(peer, [String(seconds), path], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`peer (${peer}) failed: ${(out.stderr || out.error?.message || '').trim()}`);
  return JSON.parse(out.stdout.trim().split('\n').at(-1));
}

async function serve(script) {
  const server = createServer((request, response) => {
    const isScript = request.url === '/sim.js';
    // Cross-origin isolation gives performance.now() its finer grain.
    response.writeHead(isScript || request.url === '/' ? 200 : 404, {
      'content-type': isScript ? 'text/javascript' : 'text/html',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-embedder-policy': 'require-corp',
    });
    response.end(isScript ? script : request.url === '/' ? PAGE : '');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/**
 * Measures simulateBoard in Chromium against the peer on `fields` ({ name, path, text }): the lines it
 * printed (one line when it was skipped). `say` prints a line.
 */
export async function browserBench({ fields, rounds, seconds, peer, say, chromium = process.env.KIT_CHROMIUM ?? '/usr/bin/chromium' }) {
  const why = missing(chromium, peer);
  if (why) {
    say(`browser: skipped, ${why}`);
    return;
  }
  const [{ build }, { chromium: playwright }] = await Promise.all([import('esbuild'), import('playwright-core')]);
  const bundled = await build({
    stdin: { contents: ENTRY, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
  });
  const rows = fields.map(({ name, path, text }) => {
    const board = boardFromGrid(gridFromField(parseField(text)));
    const result = createResult();
    simulateBoard(board, result);
    const expected = { chains: result.chains, score: result.score, cleared: result.cleared, steps: Array.from(result.stepScores.subarray(0, result.chains)) };
    return { name, path, expected, page: [], pageCpu: [], peer: [] };
  });
  const server = await serve(bundled.outputFiles[0].text);
  let browser;
  try {
    browser = await playwright.launch({
      executablePath: chromium,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => window.ready === true);
    const info = await page.evaluate(
      (texts) => window.bench.load(texts),
      fields.map((f) => f.text),
    );
    const measureWall = (index) => page.evaluate(([i, s]) => window.bench.measure(i, s), [index, seconds]);
    // Warm-up (untimed): each field long enough for the kernel to leave Liftoff for TurboFan.
    for (let i = 0; i < rows.length; i++) await measureWall(i);
    const cpuClock = await pageClock(browser, page);
    const measure = async (index) => {
      const before = cpuClock?.();
      const got = await measureWall(index);
      // Both reads fall while the page's thread is idle, so its CPU time is up to date.
      const used = cpuClock ? cpuClock() - before : 0;
      if (used > 0) got.cpuRate = got.runs / used;
      return got;
    };
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i];
        const got = await measure(i);
        const want = row.expected;
        if (got.chains !== want.chains || got.score !== want.score || got.cleared !== want.cleared || got.steps.join() !== want.steps.join()) {
          throw new Error(`${row.name}: in Chromium simulateBoard gives ${got.chains} chains ${got.score} points, in Node ${want.chains} / ${want.score}`);
        }
        row.page.push(got.rate);
        if (got.cpuRate) row.pageCpu.push(got.cpuRate);
        const out = runPeer(peer, seconds, row.path);
        if (out.chains !== want.chains) throw new Error(`${row.name}: peer gives ${out.chains} chains, simulateBoard ${want.chains}`);
        row.peer.push(out.perCpu);
      }
    }
    const version = info.userAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? 'Chromium';
    const lines = [];
    const line = (text) => {
      say(text);
      lines.push(text);
    };
    const cpuModel = cpus()[0]?.model?.trim() || 'unknown CPU';
    line(`CPU: ${cpuModel} (${cpus().length} cores), load average ${loadavg()[0].toFixed(1)} at the end`);
    line(`Browser: ${version} (headless, page main thread${info.isolated ? ', cross-origin isolated' : ''}), simulateBoard engine: ${info.engine}`);
    const cpu = rows.every((row) => row.pageCpu.length === rounds);
    line(
      `simulateBoard in the page per ${cpu ? 'CPU second of its main thread (/proc) and per ' : ''}wall second (performance.now()) against the peer per CPU second, best of ${rounds} rounds of ${seconds} s (taking turns)`,
    );
    const TARGET = 0.9;
    const fmt = (n) => Math.round(n).toLocaleString('en-US');
    const header = ['field', ...(cpu ? ['browser cpu'] : []), 'browser wall', 'peer', ...(cpu ? ['cpu/peer'] : []), 'wall/peer', `>= ${TARGET}x peer`];
    const table = rows.map((row) => {
      const [wall, peerRate] = [Math.max(...row.page), Math.max(...row.peer)];
      const cpuRate = cpu ? Math.max(...row.pageCpu) : undefined;
      row.ratio = (cpuRate ?? wall) / peerRate;
      return [
        row.name,
        ...(cpu ? [fmt(cpuRate)] : []),
        fmt(wall),
        fmt(peerRate),
        ...(cpu ? [`${(cpuRate / peerRate).toFixed(2)}x`] : []),
        `${(wall / peerRate).toFixed(2)}x`,
        row.ratio >= TARGET ? 'met' : 'not met',
      ];
    });
    const widths = header.map((h, i) => Math.max(h.length, ...table.map((cells) => cells[i].length)));
    for (const cells of [header, ...table]) line(cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  '));
    const worst = Math.min(...rows.map((row) => row.ratio));
    line(
      `target in the browser: simulateBoard >= ${TARGET}x puyoai's simulateFastAVX2 (the peer) on every field, per ${cpu ? 'CPU' : 'wall'} second: ${worst >= TARGET ? 'met' : 'not met'} (worst ${worst.toFixed(2)}x)`,
    );
    return lines;
  } finally {
    await browser?.close();
    await new Promise((resolve) => server.close(resolve));
  }
}
