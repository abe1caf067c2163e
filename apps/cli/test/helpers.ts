import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

export const CLI_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const BIN = join(CLI_DIR, 'dist', 'bin.cjs');
export const REPO = resolve(CLI_DIR, '..', '..');
export const COUNTING = join(REPO, 'packages', 'core', 'test', 'fixtures', 'counting-plugin.js');

export interface KitResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** A clean environment: no colour forcing or CI hints leak in from the test runner. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env['PATH'], HOME: process.env['HOME'], TERM: 'xterm-256color' };
  return { ...env, ...extra };
}

export function kit(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): KitResult {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? REPO,
    env: cleanEnv(options.env),
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Starts kit, waits until its stdout contains `marker`, sends SIGINT, and collects the end. */
export function interruptKit(
  args: string[],
  marker: string,
  env: Record<string, string> = {},
  send: NodeJS.Signals = 'SIGINT',
): Promise<KitResult & { signal: NodeJS.Signals | null; stoppedMs: number }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: REPO, env: cleanEnv(env) });
    let stdout = '';
    let stderr = '';
    let sent = false;
    let sentAt = 0;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`kit did not print ${JSON.stringify(marker)} or did not stop; stderr: ${stderr}`));
    }, 30_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (!sent && stdout.includes(marker)) {
        sent = true;
        sentAt = performance.now();
        child.kill(send);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('exit', (status, signal) => {
      clearTimeout(timer);
      resolvePromise({ status, signal, stdout, stderr, stoppedMs: performance.now() - sentAt });
    });
  });
}

const created: string[] = [];
afterAll(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temporary directory, removed after the test file. */
export function tempDir(prefix = 'kit-cli-'): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  created.push(dir);
  return dir;
}

export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/**
 * A plugin module with no imports (so it loads from any temporary directory): its "puzzle" lists
 * 1..n. `marker`, when given, is a file the module writes as soon as it is imported.
 */
export function pluginModule(id: string, options: { marker?: string; title?: string } = {}): string {
  const mark = options.marker ? `import { writeFileSync } from 'node:fs'; writeFileSync(${JSON.stringify(options.marker)}, 'imported');\n` : '';
  return `${mark}export default {
  apiVersion: 1,
  id: ${JSON.stringify(id)},
  title: ${JSON.stringify(options.title ?? `The ${id} puzzle`)},
  description: 'Lists 1..n.',
  version: '2.3.4',
  options: [{ name: 'n', type: 'int', min: 1, max: 9, default: 2, help: 'how many' }],
  parse: (options) => ({ n: options.n }),
  solver: async () => ({
    solve(instance, ctx) {
      for (let i = 1; i <= instance.n; i++) ctx.solution({ i });
      return { solutions: instance.n };
    },
  }),
  view: (state) => ({ width: 1, height: 1, cells: [{ label: String(state.i) }] }),
};
`;
}

/** A package that declares a plugin in its package.json. */
export function pluginPackage(name: string, id: string, kit: Record<string, unknown> = {}, moduleText?: string): Record<string, string> {
  return {
    'package.json': JSON.stringify({ name, version: '2.3.4', type: 'module', kit: { plugin: './plugin.js', apiVersion: 1, ...kit } }),
    'plugin.js': moduleText ?? pluginModule(id),
  };
}

export function inDir(dir: string, files: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(files).map(([path, text]) => [join(dir, path), text]));
}

/** A plugin whose search is an animation: three steps with data, then one solution. */
export const STEPS_PLUGIN = `export default {
  apiVersion: 1, id: 'steps', title: 'Steps', description: 'Three animation steps.', version: '1.0.0',
  options: [],
  parse: () => ({}),
  solver: async () => ({
    solve(instance, ctx) {
      for (let chain = 1; chain <= 3; chain++) ctx.step({ level: chain }, { chain, score: chain * 40 });
      ctx.solution({ level: 9 });
      return { solutions: 1, chains: 3, score: 240 };
    },
  }),
  view: (state) => ({ width: 2, height: 1, title: 'level ' + state.level, cells: [{ fill: 'red' }, { label: String(state.level) }] }),
  summarize: (summary) => summary.chains + ' chains, ' + summary.score + ' points',
};
`;
