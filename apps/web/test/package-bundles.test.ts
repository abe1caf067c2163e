// Every public package but the Node-only @kit/queue bundles for the browser as a user's bundler
// would take it: esbuild `--platform=browser`, Vite (`vite build`) and webpack (`target: 'web'`),
// with no stubs, no plugins and no polyfills. Each bundle then runs in Chromium and must expose the
// same exports Node sees. Run `pnpm build` first (the dist/ files are what users get).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { build as viteBuild } from 'vite';
import webpack from 'webpack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type Browser } from './browser.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Package directory and the entries a browser user may import (Node-only subpaths left out, by name). */
const PACKAGES: Array<{ dir: string; nodeOnly?: string[] }> = [
  { dir: 'packages/core', nodeOnly: ['./node', './discovery'] },
  { dir: 'packages/grid' },
  { dir: 'packages/cover' },
  { dir: 'packages/puyo' },
  { dir: 'packages/pentomino' },
  { dir: 'packages/katamino' },
  { dir: 'packages/polycube' },
  { dir: 'packages/hitori-sat' },
  { dir: 'packages/ansi-render' },
  { dir: 'examples/sudoku' },
];

interface Manifest {
  name: string;
  exports: Record<string, string | { default: string }>;
}

function manifestOf(dir: string): Manifest {
  return JSON.parse(readFileSync(join(repoRoot, dir, 'package.json'), 'utf8')) as Manifest;
}

function entriesOf(dir: string, nodeOnly: string[] = []) {
  const manifest = manifestOf(dir);
  const subpaths = Object.keys(manifest.exports).filter((key) => key !== './package.json' && !nodeOnly.includes(key));
  return subpaths.map((subpath) => {
    const target = manifest.exports[subpath]!;
    return { subpath, specifier: manifest.name + subpath.slice(1), file: join(repoRoot, dir, typeof target === 'string' ? target : target.default) };
  });
}

type Entries = ReturnType<typeof entriesOf>;

/** The user's entry module: each entry imported by its public name, its export names published for the page. */
function entryModule(entries: Entries, extra = ''): string {
  const imports = entries.map((entry, index) => `import * as e${index} from ${JSON.stringify(entry.specifier)};`).join('\n');
  const keys = entries.map((entry, index) => `${JSON.stringify(entry.subpath)}: Object.keys(e${index}).sort()`).join(', ');
  return `${imports}\n${extra}\nglobalThis.__kitExports = { ${keys} };\n`;
}

/** One esbuild browser bundle, resolved from the package itself (its self-reference). */
async function bundleWithEsbuild(dir: string, entries: Entries, extra = ''): Promise<string> {
  const result = await build({
    stdin: { contents: entryModule(entries, extra), resolveDir: join(repoRoot, dir), loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/**
 * A user's project as Vite and webpack see it: an entry file and node_modules/<name> linked to the
 * package, whose own dependencies resolve from where it really lives.
 */
function userProject(dir: string, entries: Entries): { root: string; entry: string } {
  const root = mkdtempSync(join(tmpdir(), 'kit-bundle-'));
  const name = manifestOf(dir).name;
  mkdirSync(join(root, 'node_modules', dirname(name)), { recursive: true });
  symlinkSync(join(repoRoot, dir), join(root, 'node_modules', name), 'dir');
  const entry = join(root, 'entry.js');
  writeFileSync(entry, entryModule(entries));
  writeFileSync(join(root, 'package.json'), '{ "name": "user-app", "private": true, "type": "module" }\n');
  return { root, entry };
}

async function bundleWithVite(dir: string, entries: Entries): Promise<string> {
  const { root, entry } = userProject(dir, entries);
  try {
    const output = await viteBuild({
      root,
      configFile: false,
      logLevel: 'silent',
      build: { write: false, minify: false, rolldownOptions: { input: entry, output: { inlineDynamicImports: true } } },
    });
    const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => ('output' in result ? result.output : []));
    const chunk = chunks.find((file) => file.type === 'chunk' && file.isEntry);
    if (chunk?.type !== 'chunk') throw new Error(`vite built no entry chunk for ${dir}`);
    return chunk.code;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

async function bundleWithWebpack(dir: string, entries: Entries): Promise<string> {
  const { root, entry } = userProject(dir, entries);
  const out = join(root, 'out');
  try {
    const stats = await new Promise<webpack.Stats>((done, fail) => {
      webpack(
        {
          mode: 'production',
          target: 'web',
          context: root,
          entry,
          output: { path: out, filename: 'bundle.js', publicPath: '', asyncChunks: false },
          optimization: { minimize: false },
          performance: { hints: false },
          infrastructureLogging: { level: 'none' },
        },
        (error, result) => (error || !result ? fail(error ?? new Error('webpack gave no result')) : done(result)),
      );
    });
    if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true, moduleTrace: true }));
    return readFileSync(join(out, 'bundle.js'), 'utf8');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const BUNDLERS = { esbuild: bundleWithEsbuild, vite: bundleWithVite, webpack: bundleWithWebpack } as const;

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
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  try {
    await page.goto('about:blank');
    await page.addScriptTag({ content: code, type: 'module' });
    try {
      await page.waitForFunction(() => '__kitExports' in globalThis && !('__kitPending' in globalThis), undefined, { timeout: 20_000 });
    } catch (error) {
      // A bundle that never publishes its exports: say what the page said rather than only "timeout".
      throw new Error(`${(error as Error).message}\npage errors: ${errors.join(' | ') || 'none'}`);
    }
    return { ...(await page.evaluate(() => ({ exports: (globalThis as any).__kitExports, external: (globalThis as any).__kitExternal }))), errors };
  } finally {
    await page.close();
  }
}

describe('each public package bundles for the browser with no stubs and runs in Chromium', () => {
  for (const { dir, nodeOnly } of PACKAGES) {
    for (const [bundler, bundle] of Object.entries(BUNDLERS)) {
      it(`${dir} with ${bundler}`, async () => {
        const entries = entriesOf(dir, nodeOnly);
        const code = await bundle(dir, entries);
        expect(code).not.toMatch(/from\s*["']node:/);
        const { exports, errors } = await runInChromium(code);
        expect(errors).toEqual([]);
        const inNode = Object.fromEntries(
          await Promise.all(entries.map(async (entry) => [entry.subpath, Object.keys(await import(pathToFileURL(entry.file).href)).sort()])),
        );
        expect(exports).toEqual(inNode);
      });
    }
  }

  it('hitori-sat in the browser refuses an external DIMACS solver in one line', async () => {
    const backends = join(repoRoot, 'packages/hitori-sat/dist/sat/backends.js');
    const probe = [
      `import { backendFactory } from ${JSON.stringify(backends)};`,
      'globalThis.__kitPending = true;',
      'backendFactory("minisat").then((make) => make()).then(() => "no error", (error) => error.message).then((message) => { globalThis.__kitExternal = message; delete globalThis.__kitPending; });',
    ].join('\n');
    const code = await bundleWithEsbuild('packages/hitori-sat', entriesOf('packages/hitori-sat'), probe);
    expect(code).not.toContain('node:child_process');
    const { external, errors } = await runInChromium(code);
    expect(errors).toEqual([]);
    expect(external).toBe("SAT solver 'minisat' needs Node (an external program): in the browser use cdcl");
  });
});
