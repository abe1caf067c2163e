// Every public package but the Node-only @kit/queue and (for now) @kit/ansi-render bundles for the browser as a user's bundler
// would take it: esbuild `--platform=browser`, no stubs, no plugins. Each bundle then runs in
// Chromium and must expose the same exports Node sees. Run `pnpm build` first (the dist/ files are
// what users get).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type Browser } from './browser.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Package directory and the entries a browser user may import (Node-only subpaths left out, by name).
 * Not here yet: @kit/ansi-render, the terminal renderer, which reads node:fs and depends on
 * ansi-escapes (node:process, node:os); it needs its own `node` condition first (issue 33).
 */
const PACKAGES: Array<{ dir: string; nodeOnly?: string[] }> = [
  { dir: 'packages/core', nodeOnly: ['./node', './discovery'] },
  { dir: 'packages/grid' },
  { dir: 'packages/cover' },
  { dir: 'packages/puyo' },
  { dir: 'packages/pentomino' },
  { dir: 'packages/katamino' },
  { dir: 'packages/polycube' },
  { dir: 'packages/hitori-sat' },
  { dir: 'examples/sudoku' },
];

interface Manifest {
  name: string;
  exports: Record<string, string | { default: string }>;
}

function entriesOf(dir: string, nodeOnly: string[] = []) {
  const manifest = JSON.parse(readFileSync(join(repoRoot, dir, 'package.json'), 'utf8')) as Manifest;
  const subpaths = Object.keys(manifest.exports).filter((key) => key !== './package.json' && !nodeOnly.includes(key));
  return subpaths.map((subpath) => {
    const target = manifest.exports[subpath]!;
    return { subpath, specifier: manifest.name + subpath.slice(1), file: join(repoRoot, dir, typeof target === 'string' ? target : target.default) };
  });
}

/** One browser bundle importing each entry of the package by its public name (the package's self-reference). */
async function bundle(dir: string, entries: ReturnType<typeof entriesOf>, extra = ''): Promise<string> {
  const imports = entries.map((entry, index) => `import * as e${index} from ${JSON.stringify(entry.specifier)};`).join('\n');
  const keys = entries.map((entry, index) => `${JSON.stringify(entry.subpath)}: Object.keys(e${index}).sort()`).join(', ');
  const result = await build({
    stdin: { contents: `${imports}\n${extra}\nglobalThis.__kitExports = { ${keys} };\n`, resolveDir: join(repoRoot, dir), loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function runInChromium(code: string): Promise<{ exports: Record<string, string[]>; external?: string; errors: string[] }> {
  const page = await browser.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto('about:blank');
    await page.addScriptTag({ content: code, type: 'module' });
    await page.waitForFunction(() => '__kitExports' in globalThis && !('__kitPending' in globalThis), undefined, { timeout: 20_000 });
    return { ...(await page.evaluate(() => ({ exports: (globalThis as any).__kitExports, external: (globalThis as any).__kitExternal }))), errors };
  } finally {
    await page.close();
  }
}

describe('each public package bundles for the browser with no stubs and runs in Chromium', () => {
  for (const { dir, nodeOnly } of PACKAGES) {
    it(dir, async () => {
      const entries = entriesOf(dir, nodeOnly);
      const code = await bundle(dir, entries);
      const { exports, errors } = await runInChromium(code);
      expect(errors).toEqual([]);
      const inNode = Object.fromEntries(await Promise.all(entries.map(async (entry) => [entry.subpath, Object.keys(await import(pathToFileURL(entry.file).href)).sort()])));
      expect(exports).toEqual(inNode);
    });
  }

  it('hitori-sat in the browser refuses an external DIMACS solver in one line', async () => {
    const backends = join(repoRoot, 'packages/hitori-sat/dist/sat/backends.js');
    const probe = [
      `import { backendFactory } from ${JSON.stringify(backends)};`,
      'globalThis.__kitPending = true;',
      'backendFactory("minisat").then((make) => make()).then(() => "no error", (error) => error.message).then((message) => { globalThis.__kitExternal = message; delete globalThis.__kitPending; });',
    ].join('\n');
    const code = await bundle('packages/hitori-sat', entriesOf('packages/hitori-sat'), probe);
    expect(code).not.toContain('node:child_process');
    const { external, errors } = await runInChromium(code);
    expect(errors).toEqual([]);
    expect(external).toBe("SAT solver 'minisat' needs Node (an external program): in the browser use cdcl or logic-solver");
  });
});
