// Real processes for the end-to-end tests: a redis-server of their own and `kit` subprocesses, all
// stopped after the file (even when a test fails) so nothing is left running on a shared machine.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import reference from '@kit/tooling/reference-counts.json' with { type: 'json' };
import { afterAll } from 'vitest';

export const REPO = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..');
export const BIN = join(REPO, 'apps', 'cli', 'dist', 'bin.cjs');
/** The summary line of the 3x20 pentomino run the queue tests run (its figures from the reference table). */
export const SUMMARY_3X20 = `3x20: ${reference.pentomino['3x20'].distinct} solutions, ${reference.pentomino['3x20'].tries} tries`;

/** The summary line of the 4x15 pentomino count the queue tests run (its figures from the reference table). */
export const SUMMARY_4X15 = `4x15: ${reference.pentomino['4x15'].distinct} solutions, ${reference.pentomino['4x15'].tries} tries`;

const children = new Set<ChildProcess>();
const dirs: string[] = [];

afterAll(async () => {
  await Promise.all([...children].map((child) => stop(child, 'SIGKILL')));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
// A crashed test runner still takes its servers with it.
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

export function tempDir(prefix = 'kit-queue-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

export function writeFile(dir: string, name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** A port nobody listens on (the kernel's pick, released at once). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

/** Sends a signal and waits for the process to be gone. */
export function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    children.delete(child);
    return Promise.resolve();
  }
  return new Promise((resolveStop) => {
    child.once('exit', () => {
      children.delete(child);
      resolveStop();
    });
    child.kill(signal);
  });
}

export interface Redis {
  url: string;
  port: number;
  process: ChildProcess;
}

/** Debian's redis-server on a free port, without persistence, in a temporary directory. */
export async function startRedis(extra: string[] = [], port?: number): Promise<Redis> {
  port ??= await freePort();
  const dir = tempDir('kit-redis-');
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, ...extra], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  await new Promise<void>((ready, fail) => {
    let log = '';
    const timer = setTimeout(() => fail(new Error(`redis-server did not start: ${log}`)), 10_000);
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      log += chunk;
      if (log.includes('Ready to accept connections')) {
        clearTimeout(timer);
        ready();
      }
    });
    child.once('exit', (code) => fail(new Error(`redis-server exited (${code}): ${log}`)));
  });
  return { url: `redis://127.0.0.1:${port}`, port, process: child };
}

export interface Kit extends ChildProcess {
  stdoutText(): string;
  stderrText(): string;
  /** Resolves once stderr contains `text`. */
  waitForStderr(text: string | RegExp, timeoutMs?: number): Promise<string>;
  exited: Promise<{ status: number | null; signal: NodeJS.Signals | null }>;
}

const env = (extra: Record<string, string> = {}) => ({ PATH: process.env['PATH'], HOME: process.env['HOME'], NO_COLOR: '1', ...extra });

/** A background `kit` process (a worker, a run to interrupt). */
export function startKit(args: string[], cwd = REPO, extraEnv: Record<string, string> = {}): Kit {
  const child = spawn(process.execPath, [BIN, ...args], { cwd, env: env(extraEnv) }) as Kit;
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdoutText = () => stdout;
  child.stderrText = () => stderr;
  child.exited = new Promise((resolveExit) =>
    child.once('close', (status, signal) => {
      children.delete(child);
      resolveExit({ status, signal });
    }),
  );
  child.waitForStderr = (text, timeoutMs = 90_000) =>
    new Promise((found, fail) => {
      const started = Date.now();
      const check = () => {
        const hit = typeof text === 'string' ? stderr.includes(text) : text.test(stderr);
        if (hit) return found(stderr);
        if (child.exitCode !== null || Date.now() - started > timeoutMs) return fail(new Error(`no ${String(text)} on stderr: ${stderr}`));
        setTimeout(check, 25);
      };
      check();
    });
  return child;
}

export interface WorkerOptions {
  threads?: number;
  cwd?: string;
  plugins?: string[];
  env?: Record<string, string>;
  args?: string[];
}

/** `kit worker`, resolved once it serves. A short lock so a killed worker's task moves on in seconds. */
export async function startWorker(url: string, options: WorkerOptions = {}): Promise<Kit> {
  const args = ['worker', '--queue', url, '--threads', String(options.threads ?? 1), '--lock-ms', '2000', ...(options.args ?? [])];
  for (const plugin of options.plugins ?? []) args.push('--plugin', plugin);
  const worker = startKit(args, options.cwd, options.env);
  await worker.waitForStderr('Ctrl-C stops');
  return worker;
}

export interface KitResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** A `kit` command to its end (async, so workers in this process's care keep running). */
export async function kit(args: string[], cwd = REPO, extraEnv: Record<string, string> = {}): Promise<KitResult> {
  const child = startKit(args, cwd, extraEnv);
  const { status } = await child.exited;
  return { status, stdout: child.stdoutText(), stderr: child.stderrText() };
}

export function kitSync(args: string[], cwd = REPO, extraEnv: Record<string, string> = {}): KitResult {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd, env: env(extraEnv), encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The note every unsigned run prints (Redis on this machine, no shared secret). */
export const UNSIGNED = 'kit: no shared secret (KIT_QUEUE_SECRET_FILE): jobs and results are not signed; allowed because Redis is on this machine\n';

/** A shared secret in a file, as a container mounts it; the environment that points at it. */
export function secretEnv(secret = 'a-test-secret-that-is-long-enough-0123456789'): Record<string, string> {
  return { KIT_QUEUE_SECRET_FILE: writeFile(tempDir('kit-secret-'), 'secret', `${secret}\n`) };
}

export const runIdOf = (stderr: string) => /run (run-[0-9a-f]+) submitted/.exec(stderr)?.[1];
export const doneOf = (stdout: string) => JSON.parse(stdout.trim().split('\n').pop()!) as Record<string, unknown>;
