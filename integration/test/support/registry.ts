// A local npm registry for the publish test: Verdaccio (pinned in this package's devDependencies) on
// a free port, with a temporary storage, config and users; stopped by its PID.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { cleanEnv, run } from './run.js';

export interface Registry {
  url: string;
  pid: number;
  logFile: string;
  /** Writes an npmrc that publishes to this registry as `user` (created on first use). */
  userconfig(user: string): Promise<string>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The registry npm uses on this machine: the local one proxies third-party packages from it. */
function upstreamRegistry(cwd: string): string {
  const out = run('npm', ['config', 'get', 'registry'], { cwd }).stdout.trim();
  return /^https?:\/\//.test(out) ? out : 'https://registry.npmjs.org/';
}

/**
 * `publishRules` are Verdaccio package rules placed before the catch-all ones, e.g. a package only
 * one user may publish (to make one publish fail on purpose).
 */
export async function startRegistry(dir: string, publishRules: Record<string, string> = {}): Promise<Registry> {
  mkdirSync(join(dir, 'storage'), { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const rules = Object.entries(publishRules)
    .map(([name, who]) => `  '${name}':\n    access: $all\n    publish: ${who}\n`)
    .join('');
  const config = join(dir, 'config.yaml');
  writeFileSync(
    config,
    `storage: ${join(dir, 'storage')}
auth:
  htpasswd:
    file: ${join(dir, 'htpasswd')}
uplinks:
  upstream:
    url: ${upstreamRegistry(dir)}
    timeout: 60s
packages:
${rules}  '@kit/*':
    access: $all
    publish: $authenticated
  '**':
    access: $all
    publish: $authenticated
    proxy: upstream
server:
  keepAliveTimeout: 60
log: { type: stdout, format: pretty, level: warn }
`,
  );
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('verdaccio/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin: string | Record<string, string> };
  const bin = join(dirname(manifestPath), typeof manifest.bin === 'string' ? manifest.bin : manifest.bin['verdaccio']!);
  const logFile = join(dir, 'verdaccio.log');
  const log = openSync(logFile, 'a');
  const child: ChildProcess = spawn(process.execPath, [bin, '--config', config, '--listen', `127.0.0.1:${port}`], {
    cwd: dir,
    env: cleanEnv(),
    stdio: ['ignore', log, log],
  });
  const pid = child.pid!;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    process.kill(pid, 'SIGTERM');
    const killed = setTimeout(() => child.exitCode === null && process.kill(pid, 'SIGKILL'), 5000);
    await exited;
    clearTimeout(killed);
  };
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`verdaccio exited with ${child.exitCode}: ${readFileSync(logFile, 'utf8').slice(-2000)}`);
      const up = await fetch(new URL('-/ping', url)).then(
        (response) => response.ok,
        () => false,
      );
      if (up) break;
      if (Date.now() > deadline) throw new Error(`verdaccio did not answer on ${url} within 60 s: ${readFileSync(logFile, 'utf8').slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }

  // One npmrc per user, made once (asking again for a user that exists would need a login).
  const userconfigs = new Map<string, string>();
  const userconfig = async (user: string): Promise<string> => {
    const known = userconfigs.get(user);
    if (known) return known;
    const response = await fetch(new URL(`-/user/org.couchdb.user:${user}`, url), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: user, password: `${user}-password`, type: 'user', roles: [], date: new Date().toISOString() }),
    });
    const { token } = (await response.json()) as { token?: string };
    if (!response.ok || !token) throw new Error(`verdaccio refused user ${user}: ${response.status}`);
    const file = join(dir, `${user}.npmrc`);
    writeFileSync(file, `registry=${url}\n//127.0.0.1:${port}/:_authToken=${token}\n`);
    userconfigs.set(user, file);
    return file;
  };
  return { url, pid, logFile, userconfig, stop };
}
