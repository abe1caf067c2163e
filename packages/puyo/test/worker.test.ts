// The WebAssembly simulator in a browser: the built package, bundled the way the web app bundles a
// plugin, runs in a Web Worker and on the page itself in Debian's Chromium (docs/contract.md#the-page).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixture } from './helpers.js';

const dist = fileURLToPath(new URL('../dist/index.js', import.meta.url));

// Runs a field through simulateBoard and reports the engine and the totals.
const ENTRY = `
import { boardAllClear, boardFromGrid, createResult, fastEngine, gridFromField, parseField, simulateBoard } from ${JSON.stringify(dist)};
export function run(text) {
  const board = boardFromGrid(gridFromField(parseField(text)));
  const result = createResult();
  simulateBoard(board, result);
  return { engine: fastEngine(), chains: result.chains, score: result.score, cleared: result.cleared, allClear: boardAllClear(board),
    steps: Array.from(result.stepScores.subarray(0, result.chains)) };
}
self.onmessage = (event) => { if (typeof WorkerGlobalScope !== 'undefined') self.postMessage(run(event.data)); };
`;

const PAGE = `<!doctype html><script type="module">
import { run } from '/sim.js';
window.onPage = (text) => run(text);
window.inWorker = (text) => new Promise((resolve, reject) => {
  const worker = new Worker('/sim.js', { type: 'module' });
  worker.onmessage = (event) => { resolve(event.data); worker.terminate(); };
  worker.onerror = (event) => reject(new Error(event.message));
  worker.postMessage(text);
});
window.ready = true;
</script>`;

let server: Server;
let context: BrowserContext;
let profile: string;
let base: string;

beforeAll(async () => {
  const bundled = await build({
    stdin: { contents: ENTRY, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
  });
  const script = bundled.outputFiles[0]!.text;
  expect(script).not.toMatch(/from\s*["']node:|require\(/);
  server = createServer((request, response) => {
    const isScript = request.url === '/sim.js';
    response.writeHead(200, { 'content-type': isScript ? 'text/javascript' : 'text/html' });
    response.end(isScript ? script : PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  profile = mkdtempSync(join(tmpdir(), 'kit-puyo-chromium-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env['KIT_CHROMIUM'] ?? '/usr/bin/chromium',
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
});

afterAll(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
  await new Promise((resolve) => server?.close(resolve));
});

const SEQ19 = {
  engine: 'wasm-simd',
  chains: 19,
  score: 175080,
  cleared: 76,
  allClear: true,
  steps: [40, 320, 640, 1280, 2560, 3840, 5120, 6400, 7680, 8960, 10240, 11520, 12800, 14080, 15360, 16640, 17920, 19200, 20480],
};

describe('the WebAssembly simulator in Chromium', () => {
  it('runs the 19-chain in a Web Worker and on the page', async () => {
    const page = await context.newPage();
    await page.goto(base);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
    const text = readFixture('seq19.dat');
    const inWorker = await page.evaluate((t) => (window as unknown as { inWorker(t: string): Promise<unknown> }).inWorker(t), text);
    expect(inWorker).toEqual(SEQ19);
    const onPage = await page.evaluate((t) => (window as unknown as { onPage(t: string): unknown }).onPage(t), text);
    expect(onPage).toEqual(SEQ19);
    await page.close();
  });
});
