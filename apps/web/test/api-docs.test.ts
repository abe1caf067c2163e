// The API reference beside the page: served under /docs when built, a one-line pointer to
// `pnpm docs` when not, and copied to docs/ by the static export. Paths stay inside the folder.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type * as ServerModule from '../src/server/index.js';

const builtServer = '../dist/server/index.js';
const { exportSite, serve } = (await import(builtServer)) as typeof ServerModule;

const scratch = mkdtempSync(join(tmpdir(), 'kit-web-docs-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const docsDir = join(scratch, 'reference');
mkdirSync(join(docsDir, 'modules'), { recursive: true });
writeFileSync(join(docsDir, 'index.html'), '<title>Puzzle Kit API</title>');
writeFileSync(join(docsDir, 'modules', '_kit_core.html'), '<h1>@kit/core</h1>');
writeFileSync(join(scratch, 'secret.txt'), 'outside the reference');

/** GET with the raw path, so `%2e%2e` reaches the server unnormalized. */
function get(url: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(new URL(url), { path }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('the API reference', () => {
  it('is served under /docs, and no request path leaves its folder', async () => {
    const server = await serve({ plugins: [], docsDir });
    try {
      expect(await get(server.url, '/docs/')).toEqual({ status: 200, body: '<title>Puzzle Kit API</title>' });
      expect(await get(server.url, '/docs')).toEqual({ status: 200, body: '<title>Puzzle Kit API</title>' });
      expect(await get(server.url, '/docs/modules/_kit_core.html')).toEqual({ status: 200, body: '<h1>@kit/core</h1>' });
      // URL parsing folds an encoded `..` away: the path names no file of the folder's parent.
      expect(await get(server.url, '/docs/%2e%2e/secret.txt')).toEqual({ status: 404, body: 'not found: /secret.txt' });
      expect(await get(server.url, '/docs/..%5csecret.txt')).toEqual({ status: 400, body: 'bad path' });
      expect(await get(server.url, '/docs/missing.html')).toEqual({ status: 404, body: 'not found: /docs/missing.html' });
    } finally {
      await server.close();
    }
  });

  it('says where to get it when it is not built', async () => {
    const server = await serve({ plugins: [], docsDir: join(scratch, 'not-built') });
    try {
      const expected = {
        status: 404,
        body: 'The API reference is not built here: run `pnpm docs` in the Puzzle Kit checkout (it writes dist/api-docs), then restart kit web.\n',
      };
      expect(await get(server.url, '/docs/')).toEqual(expected);
      expect(await get(server.url, '/docs/modules/_kit_core.html')).toEqual(expected);
      expect((await get(server.url, '/')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('is written to docs/ by the static export, and left out when not built', async () => {
    const withDocs = join(scratch, 'site');
    await exportSite({ outDir: withDocs, plugins: [], docsDir });
    expect(readFileSync(join(withDocs, 'docs', 'index.html'), 'utf8')).toBe('<title>Puzzle Kit API</title>');
    expect(readFileSync(join(withDocs, 'docs', 'modules', '_kit_core.html'), 'utf8')).toBe('<h1>@kit/core</h1>');
    const without = join(scratch, 'bare-site');
    await exportSite({ outDir: without, plugins: [], docsDir: join(scratch, 'not-built') });
    expect(existsSync(join(without, 'index.html'))).toBe(true);
    expect(existsSync(join(without, 'docs'))).toBe(false);
  });
});
