import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, COUNTING, REPO, cleanEnv, kit, pluginModule, tempDir } from './helpers.js';

const THROWS_ON_IMPORT = resolve(REPO, 'packages/core/test/fixtures/throws-on-import.js');

describe('kit web', () => {
  it('prints the URL first, serves the discovered plugins on 127.0.0.1, and stops on Ctrl-C with 130', async () => {
    const child = spawn(process.execPath, [BIN, 'web', '--port', '0', '--plugin', COUNTING], { cwd: tempDir(), env: cleanEnv() });
    let stdout = '';
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const firstLine = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL printed; stderr: ${stderr}`)), 30_000);
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        if (stdout.includes('\n')) {
          clearTimeout(timer);
          resolve(stdout.split('\n')[0]!);
        }
      });
    });
    try {
      expect(firstLine).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const manifest = (await (await fetch(new URL('plugins/manifest.json', firstLine))).json()) as { plugins: Array<{ id: string }> };
      expect(manifest.plugins.map((plugin) => plugin.id)).toEqual(['counting']);
    } finally {
      child.kill('SIGINT');
    }
    expect(await exited).toBe(130);
    expect(stderr).toBe('');
  });

  it('--watch: a plugin rebuilt while it serves is in the manifest under its new title, with a line saying so', async () => {
    // A package whose build removes dist/ and writes it again, as kit-build does.
    const dir = tempDir();
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'watched', version: '2.3.4', type: 'module', kit: { apiVersion: 1, plugin: './dist/plugin.js' } }),
    );
    const build = (title: string) => {
      rmSync(join(dir, 'dist'), { recursive: true, force: true });
      mkdirSync(join(dir, 'dist'));
      writeFileSync(join(dir, 'dist', 'plugin.js'), pluginModule('watched', { title }));
    };
    build('Before');
    const child = spawn(process.execPath, [BIN, 'web', '--watch', '--port', '0', '--plugin', dir], { cwd: tempDir(), env: cleanEnv() });
    let stdout = '';
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const lines = async (stream: () => string, count: number) => {
      const until = Date.now() + 30_000;
      while (stream().split('\n').length <= count) {
        if (Date.now() > until) throw new Error(`stdout: ${stdout}; stderr: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return stream().split('\n').slice(0, count);
    };
    try {
      const [url] = await lines(() => stdout, 1);
      const manifest = async () =>
        (await (await fetch(new URL('plugins/manifest.json', url))).json()) as { plugins: Array<{ title?: string; module?: string }>; revision: number };
      const before = await manifest();
      expect([before.revision, before.plugins.map((entry) => entry.title)]).toEqual([0, ['Before']]);
      build('After');
      // The line goes to stderr: stdout holds the URL alone (docs/contract.md).
      const [rebuilt] = await lines(() => stderr, 1);
      const after = await manifest();
      expect([after.revision, after.plugins.map((entry) => entry.title)]).toEqual([1, ['After']]);
      expect(rebuilt).toBe(`kit: watched: rebuilt (${after.plugins[0]!.module}); open pages reload`);
    } finally {
      child.kill('SIGINT');
    }
    expect(await exited).toBe(130);
    expect(stdout).toBe(`${stdout.split('\n')[0]}\n`);
  });

  it('--watch with --out is refused in one line', () => {
    const result = kit(['web', '--watch', '--out', join(tempDir(), 'site'), '--plugin', COUNTING], { cwd: tempDir() });
    expect([result.status, result.stderr]).toEqual([2, 'kit: --watch goes with serving the page, not with --out DIR\n']);
  });

  it('says so in one line when the port is taken, exit 2', async () => {
    const { createServer } = await import('node:net');
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const child = spawn(process.execPath, [BIN, 'web', '--port', String(port), '--plugin', COUNTING], { cwd: tempDir(), env: cleanEnv() });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect([code, stderr]).toEqual([2, `kit: port ${port} is already in use (try --port 0 for a free one)\n`]);
    } finally {
      blocker.close();
    }
  });

  it('rejects a port that is not a number with one line', async () => {
    const child = spawn(process.execPath, [BIN, 'web', '--port', 'eighty'], { cwd: tempDir(), env: cleanEnv() });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect([code, stderr]).toEqual([2, 'kit: --port must be a port number (got "eighty")\n']);
  });

  it('writes a static site with --out, lists a plugin that failed discovery as unavailable, and refuses a non-empty directory without --force', () => {
    const dir = join(tempDir(), 'site');
    // Listed in kit.config.json, a plugin that fails is a warning (and unavailable in the page);
    // named with --plugin, it would be an error.
    const configured = tempDir();
    writeFileSync(join(configured, 'kit.config.json'), JSON.stringify({ plugins: [THROWS_ON_IMPORT] }));
    const first = kit(['web', '--out', dir, '--plugin', COUNTING], { cwd: configured });
    expect(first.status).toBe(0);
    expect(first.stdout).toBe(`${dir}: the page and 1 plugin (any static web server can host it)\n`);
    const manifest = JSON.parse(readFileSync(join(dir, 'plugins/manifest.json'), 'utf8')) as {
      plugins: Array<{ id: string; source: string; module?: string; error?: string }>;
    };
    // The module's name carries a hash of its content, so a host may cache it for good.
    // Sources are published without this machine's absolute paths: outside the working directory, only the file's name.
    expect(manifest.plugins[0]).toEqual({
      id: 'counting',
      source: basename(COUNTING),
      module: expect.stringMatching(/^counting\/plugin-[A-Z0-9]{8}\.js$/),
      title: 'Counting',
      description: 'Counts to n.',
    });
    expect(existsSync(join(dir, 'plugins', manifest.plugins[0]!.module!))).toBe(true);
    expect(manifest.plugins.slice(1).map((entry) => [entry.source, typeof entry.error])).toEqual([[basename(THROWS_ON_IMPORT), 'string']]);
    expect(existsSync(join(dir, 'index.html'))).toBe(true);

    writeFileSync(join(dir, 'index.html'), 'my own page');
    const refused = kit(['web', '--out', dir, '--plugin', COUNTING], { cwd: tempDir() });
    expect([refused.status, refused.stderr]).toEqual([
      2,
      `kit: ${dir} is not empty (it has index.html and 2 more): add --force to write the site into it anyway\n`,
    ]);
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe('my own page');

    const forced = kit(['web', '--out', dir, '--force', '--plugin', COUNTING], { cwd: tempDir() });
    expect(forced.status).toBe(0);
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toMatch(/src="app\/main-[A-Z0-9]+\.js"/);
  });
});
