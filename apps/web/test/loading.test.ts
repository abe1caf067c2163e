// Loading, measured as the browser sees it: every byte the page and its Web Workers receive,
// counted from the DevTools protocol's network events (Network.loadingFinished's encodedDataLength:
// headers and compressed body), on a fresh profile and again on a reload.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as ServerModule from '../src/server/index.js';
import type { WebServer } from '../src/server/index.js';
import { launchChromium, type Browser } from './browser.js';

const builtServer = '../dist/server/index.js';
const { discoverPlugins, serve } = (await import(builtServer)) as typeof ServerModule;
const here = dirname(fileURLToPath(import.meta.url));
const discovery = await discoverPlugins({ root: resolve(here, '../../..') });

/** The budget for the default page's first load, workers and their solver included. */
const FIRST_LOAD_BUDGET = 100_000;

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

interface Transfer {
  where: string;
  path: string;
  status: number;
  bytes: number;
}

/**
 * Records every response of the page and of the workers it starts. Workers are attached to as they
 * start (paused until their network events are on), through the page's own CDP session.
 */
async function recordTransfers(page: Page): Promise<Transfer[]> {
  const client: CDPSession = await browser.context.newCDPSession(page);
  const transfers: Transfer[] = [];
  const track = (where: string) => {
    const responses = new Map<string, { url: string; status: number }>();
    return (method: string, params: Record<string, unknown>) => {
      if (method === 'Network.responseReceived') {
        const response = params['response'] as { url: string; status: number };
        responses.set(params['requestId'] as string, { url: response.url, status: response.status });
      } else if (method === 'Network.loadingFinished') {
        const response = responses.get(params['requestId'] as string);
        transfers.push({
          where,
          path: response ? new URL(response.url).pathname : '?',
          status: response?.status ?? 0,
          bytes: params['encodedDataLength'] as number,
        });
      }
    };
  };
  const onPage = track('page');
  for (const method of ['Network.responseReceived', 'Network.loadingFinished'])
    client.on(method as 'Network.loadingFinished', (params) => onPage(method, params as unknown as Record<string, unknown>));
  let messageId = 1;
  client.on('Target.attachedToTarget', ({ sessionId, targetInfo, waitingForDebugger }) => {
    const onTarget = track(targetInfo.type);
    const send = (method: string) => client.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: messageId++, method, params: {} }) });
    client.on('Target.receivedMessageFromTarget', (event) => {
      if (event.sessionId !== sessionId) return;
      const message = JSON.parse(event.message) as { method?: string; params?: Record<string, unknown> };
      if (message.method) onTarget(message.method, message.params ?? {});
    });
    void send('Network.enable').then(() => (waitingForDebugger ? send('Runtime.runIfWaitingForDebugger') : undefined));
  });
  await client.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
  await client.send('Network.enable');
  return transfers;
}

/** Loads a URL and waits until the workers are ready and the network has been quiet for a second. */
async function load(page: Page, transfers: Transfer[], url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('body[data-ready]', { timeout: 30_000 });
  await page.waitForSelector('body[data-workers="ready"]', { timeout: 60_000 });
  let count = -1;
  while (count !== transfers.length) {
    count = transfers.length;
    await page.waitForTimeout(1000);
  }
}

const total = (transfers: readonly Transfer[]) => transfers.reduce((sum, transfer) => sum + transfer.bytes, 0);

describe('loading', () => {
  it(`loads the default page, its workers and their solver in under ${FIRST_LOAD_BUDGET / 1000} KB, and a reload in almost nothing`, async () => {
    const page = await browser.context.newPage();
    const transfers = await recordTransfers(page);
    await load(page, transfers, server.url);
    const first = [...transfers];
    const shown = (await page.locator('#puzzles button[aria-current="true"]').getAttribute('data-plugin'))!;
    console.log(`first load of the default page (${shown}): ${total(first)} bytes in ${first.length} responses`);
    expect(total(first)).toBeLessThan(FIRST_LOAD_BUDGET);
    // Its solver reached the workers, and no other puzzle's code was fetched.
    expect(first.some((transfer) => transfer.where === 'worker' && transfer.path.startsWith(`/plugins/${shown}/chunks/solver-`))).toBe(true);
    expect(
      first.filter(
        (transfer) => transfer.path.startsWith('/plugins/') && !transfer.path.startsWith(`/plugins/${shown}/`) && transfer.path !== '/plugins/manifest.json',
      ),
    ).toEqual([]);
    // Everything but the page and the manifest has a hashed name and came compressed.
    const responses = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
    expect(responses.filter((path) => path !== '/plugins/manifest.json' && !/-[A-Z0-9]{8}\.(js|css)$/.test(path))).toEqual([]);

    transfers.length = 0;
    await load(page, transfers, server.url);
    console.log(`reload: ${total(transfers)} bytes in ${transfers.length} responses`);
    // Hashed files come from the cache (0 bytes); the page and the manifest are revalidated with
    // their ETags (a 304: headers only). No body is downloaded again.
    expect(transfers.filter((transfer) => transfer.bytes > 1_000).map((transfer) => `${transfer.path} ${transfer.bytes}`)).toEqual([]);
    expect(
      transfers
        .filter((transfer) => transfer.bytes > 0)
        .map((transfer) => transfer.path)
        .sort(),
    ).toEqual(['/', '/plugins/manifest.json']);
    expect(total(transfers)).toBeLessThan(5_000);
    await page.close();
  }, 180_000);

  it("loads a puzzle's code only when its tab is opened", async () => {
    const page = await browser.context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${server.url}?puzzle=pentomino`);
    await page.waitForSelector('body[data-ready]');
    expect(requested.filter((path) => path.startsWith('/plugins/puyo/'))).toEqual([]);
    await page.locator('#puzzles button[data-plugin="puyo"]').click();
    await expect.poll(() => page.locator('#plugin-title').textContent()).toBe('Puyo Puyo chains');
    expect(requested.filter((path) => /^\/plugins\/puyo\/plugin-[A-Z0-9]{8}\.js$/.test(path)).length).toBeGreaterThan(0);
    await page.close();
  });
});
