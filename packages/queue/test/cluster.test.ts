// A worker as a cluster runs it: configured by environment, drained by SIGTERM, watched over HTTP,
// listed by `kit queue workers`; and deploy/'s files, run here by hand where Docker cannot run.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Redis as RedisClient } from 'ioredis';
import { parse, parseAllDocuments } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, BIN, freePort, kit, runIdOf, startKit, startRedis, stop, tempDir, writeFile, type Kit, type Redis, SUMMARY_4X15 } from './support.js';
import { PENTOMINO_VERSION, PENTOMINO_VERSION_RE } from './versions.js';

const SECRET = 'cluster-secret-0123456789abcdef0123456789abcdef';
let redis: Redis;
const started: Kit[] = [];
const spawned: ChildProcess[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await Promise.all([...started.splice(0), ...spawned.splice(0)].map((child) => stop(child, 'SIGKILL')));
});

/** A worker configured only by its environment, as a container runs it. */
async function envWorker(env: Record<string, string>, cwd = REPO): Promise<Kit> {
  const worker = startKit(['worker'], cwd, env);
  started.push(worker);
  await worker.waitForStderr('Ctrl-C stops');
  return worker;
}

async function get(url: string): Promise<{ status: number; text: string }> {
  const response = await fetch(url);
  return { status: response.status, text: await response.text() };
}

describe('a worker configured by its environment', () => {
  it('reads URL, secret file, threads, grace and health port from KIT_* variables, and names a bad one', async () => {
    const dir = tempDir();
    const port = await freePort();
    const env = {
      KIT_QUEUE_URL: redis.url,
      KIT_QUEUE_SECRET_FILE: writeFile(dir, 'secret', `${SECRET}\n`),
      KIT_WORKER_THREADS: '1',
      KIT_WORKER_GRACE: '10s',
      KIT_WORKER_HEALTH_PORT: String(port),
    };
    const bad = await kit(['worker'], REPO, { ...env, KIT_WORKER_GRACE: 'soon' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe('kit: KIT_WORKER_GRACE must be a duration from 0s to 1h, as 90s, 30m, 12h or 7d (got "soon")\n');
    const worker = await envWorker(env);
    expect(worker.stderrText()).toMatch(
      new RegExp(
        `^kit: worker \\S+ serving ${redis.url} with 1 thread \\(plugins: .*pentomino ${PENTOMINO_VERSION_RE}.*; health on http://127\\.0\\.0\\.1:${port}\\); Ctrl-C stops\\n$`,
      ),
    );
    // Health: alive, ready, and metrics of its own and BullMQ's.
    expect(await get(`http://127.0.0.1:${port}/livez`)).toEqual({ status: 200, text: 'ok\n' });
    expect(await get(`http://127.0.0.1:${port}/readyz`)).toEqual({ status: 200, text: 'ready\n' });
    const result = await kit(['run', 'pentomino', '--size', '4', '--count', '--queue', redis.url], REPO, { KIT_QUEUE_SECRET_FILE: env.KIT_QUEUE_SECRET_FILE });
    expect(result.stdout).toBe(`${SUMMARY_4X15}\n`);
    const metrics = (await get(`http://127.0.0.1:${port}/metrics`)).text;
    expect(metrics).toContain('kit_worker_threads 1\n');
    expect(metrics).toContain('kit_worker_ready 1\n');
    expect(metrics).toMatch(new RegExp(`kit_worker_jobs_total\\{queue="pentomino@${PENTOMINO_VERSION_RE}",kind="block",outcome="completed"\\} \\d+\\n`));
    expect(metrics).toContain(`kit_worker_jobs_total{queue="pentomino@${PENTOMINO_VERSION}",kind="merge",outcome="completed"} 1\n`);
    expect(metrics).toContain(`bullmq_job_count{queue="pentomino@${PENTOMINO_VERSION}", state="completed"} 1\n`);
    expect((await get(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    // Listed while it runs, with its plugins and threads (idle from its next heartbeat, every 5 s, on).
    const workersNow = async () =>
      (await kit(['queue', 'workers'], REPO, { KIT_QUEUE_URL: redis.url, KIT_QUEUE_SECRET_FILE: env.KIT_QUEUE_SECRET_FILE })).stdout;
    await expect
      .poll(workersNow, { timeout: 20_000, interval: 500 })
      .toMatch(new RegExp(`^\\S+:${worker.pid}:[0-9a-f]+ · .*pentomino ${PENTOMINO_VERSION_RE}.* · 0/1 threads busy · seen \\d+s ago\\n$`));
    await stop(worker, 'SIGTERM');
    expect(worker.exitCode).toBe(0);
    expect((await kit(['queue', 'workers'], REPO, { KIT_QUEUE_URL: redis.url })).stdout).toBe('no workers connected\n');
  });
});

describe('SIGTERM drains', () => {
  it('stops taking jobs (not ready), lets running ones finish within the grace period, hands back the rest, exits 0', async () => {
    const port = await freePort();
    const worker = await envWorker({ KIT_QUEUE_URL: redis.url, KIT_WORKER_THREADS: '1', KIT_WORKER_GRACE: '1s', KIT_WORKER_HEALTH_PORT: String(port) });
    const run = startKit(['run', 'pentomino', '--size', '8', '--all', '--count', '--queue', redis.url]);
    started.push(run);
    await run.waitForStderr('submitted');
    const client = new RedisClient(redis.url);
    while ((await client.llen(`kitq:pentomino@${PENTOMINO_VERSION}:active`)) === 0) await new Promise((r) => setTimeout(r, 20));
    worker.kill('SIGTERM');
    await worker.waitForStderr('kit: draining: no new jobs; running ones get 1 s to finish\n');
    expect((await get(`http://127.0.0.1:${port}/readyz`)).status).toBe(503);
    const { status } = await worker.exited;
    expect(status, worker.stderrText()).toBe(0);
    expect(worker.stderrText()).toMatch(/kit: draining: no new jobs; running ones get 1 s to finish\n(kit: 1 job handed back to the queue\n)?$/);
    // Nothing it held is left locked: another worker finishes the run at once.
    started.push(await envWorker({ KIT_QUEUE_URL: redis.url }));
    expect((await run.exited).status, run.stderrText()).toBe(0);
    expect(run.stdoutText()).toBe('8x8: 520 solutions, 4044159 tries\n');
    client.disconnect();
  });
});

describe('deploy/', () => {
  const compose = parse(readFileSync(join(REPO, 'deploy', 'compose.yaml'), 'utf8')) as {
    services: Record<string, { command: string[]; environment?: Record<string, string>; stop_grace_period?: string; secrets?: string[] }>;
  };

  it("compose.yaml's Redis and worker commands, run by hand: a password, noeviction, persistence, a signed run, a drain", async () => {
    const dir = tempDir();
    const secrets: Record<string, string> = {
      'redis-password': writeFile(dir, 'redis-password', 'compose-password-0123\n'),
      'kit-secret': writeFile(dir, 'kit-secret', `${SECRET}\n`),
    };
    const atHome = (text: string) => text.replace(/\/run\/secrets\/([a-z-]+)/g, (_, name: string) => secrets[name]!);
    // Redis: compose's shell command, with the secret's path on this machine, on a free port here.
    const { command: redisCommand } = compose.services['redis']!;
    expect(redisCommand.slice(0, 2)).toEqual(['sh', '-c']);
    const port = await freePort();
    const shell = `${atHome(redisCommand[2]!).replace(/\$\$/g, '$')} --port ${port} --bind 127.0.0.1 --dir ${dir}`;
    const redisProcess = spawn('sh', ['-c', shell], { stdio: 'ignore' });
    spawned.push(redisProcess);
    let client: RedisClient | undefined;
    for (let tries = 0; !client; tries++) {
      const attempt = new RedisClient({ port, password: 'compose-password-0123', lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
      attempt.on('error', () => {});
      try {
        await attempt.connect();
        await attempt.ping();
        client = attempt;
      } catch (error) {
        attempt.disconnect();
        if (tries > 100) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    expect(await client.config('GET', 'maxmemory-policy')).toEqual(['maxmemory-policy', 'noeviction']);
    expect(await client.config('GET', 'appendonly')).toEqual(['appendonly', 'yes']);
    // The worker: compose's command and environment, the service name `redis` being this machine.
    const service = compose.services['worker']!;
    const env = Object.fromEntries(
      Object.entries(service.environment ?? {}).map(([name, value]) => [
        name,
        atHome(String(value)).replace('redis://redis:6379', `redis://127.0.0.1:${port}`),
      ]),
    );
    env['KIT_WORKER_HEALTH_PORT'] = String(await freePort());
    expect(service.command).toEqual(['worker']);
    const worker = startKit(service.command, REPO, env);
    started.push(worker);
    await worker.waitForStderr('Ctrl-C stops');
    expect(worker.stderrText()).toMatch(
      /^kit: worker \S+ serving redis:\/\/:\*\*\*@127\.0\.0\.1:\d+ with \d+ threads? \(plugins: .*; health on http:\/\/0\.0\.0\.0:\d+\); Ctrl-C stops\n$/,
    );
    const submit = { KIT_QUEUE_PASSWORD_FILE: secrets['redis-password']!, KIT_QUEUE_SECRET_FILE: secrets['kit-secret']! };
    const result = await kit(['run', 'pentomino', '--size', '5', '--count', '--queue', `redis://127.0.0.1:${port}`], REPO, submit);
    expect(result).toMatchObject({ status: 0, stdout: '5x12: 1010 solutions, 544179 tries\n' });
    expect(result.stderr).toMatch(/^kit: run run-[0-9a-f]+ submitted to redis:\/\/:\*\*\*@127\.0\.0\.1:\d+: /);
    expect(await client.exists(`kit:run:${runIdOf(result.stderr)}`)).toBe(1);
    // Compose stops it with SIGTERM and waits stop_grace_period: it drains well within it.
    const grace = Number(/^(\d+)s$/.exec(service.stop_grace_period!)![1]) * 1000;
    const stopping = performance.now();
    await stop(worker, 'SIGTERM');
    expect(worker.exitCode).toBe(0);
    expect(performance.now() - stopping).toBeLessThan(grace);
    client.disconnect();
    await stop(redisProcess, 'SIGTERM');
  });

  it('the Kubernetes manifests agree with the worker: probes, port, secret files, grace, KEDA queue keys', () => {
    const docs = (file: string) =>
      parseAllDocuments(readFileSync(join(REPO, 'deploy', 'kubernetes', file), 'utf8')).map((doc) => doc.toJS() as Record<string, any>);
    const [deployment] = docs('worker.yaml');
    const pod = deployment!['spec'].template.spec;
    const container = pod.containers[0];
    const env = Object.fromEntries(container.env.map((entry: { name: string; value: string }) => [entry.name, entry.value]));
    expect(container.readinessProbe.httpGet.path).toBe('/readyz');
    expect(container.livenessProbe.httpGet.path).toBe('/livez');
    expect(container.ports[0].containerPort).toBe(Number(env['KIT_WORKER_HEALTH_PORT']));
    expect(container.resources.limits.cpu).toBe(container.resources.requests.cpu);
    const mount = container.volumeMounts[0].mountPath;
    expect(env['KIT_QUEUE_SECRET_FILE']).toBe(`${mount}/kit-secret`);
    expect(env['KIT_QUEUE_PASSWORD_FILE']).toBe(`${mount}/redis-password`);
    expect(pod.terminationGracePeriodSeconds * 1000).toBeGreaterThan(Number(/^(\d+)s$/.exec(env['KIT_WORKER_GRACE'])![1]) * 1000);
    const scaled = docs('keda-scaledobject.yaml').find((doc) => doc['kind'] === 'ScaledObject')!;
    expect(scaled['spec'].scaleTargetRef.name).toBe(deployment!['metadata'].name);
    for (const trigger of scaled['spec'].triggers) expect(trigger.metadata.listName).toMatch(/^kitq:[a-z][a-z0-9-]*@[0-9][0-9A-Za-z.+-]*:prioritized$/);
  });

  it('the Dockerfile installs the pinned packages of worker-package.json and starts `kit worker`', () => {
    const dockerfile = readFileSync(join(REPO, 'deploy', 'Dockerfile'), 'utf8');
    const site = JSON.parse(readFileSync(join(REPO, 'deploy', 'worker-package.json'), 'utf8')) as { dependencies: Record<string, string> };
    for (const version of Object.values(site.dependencies)) expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(dockerfile).toContain('COPY deploy/worker-package.json package.json');
    expect(dockerfile).toMatch(/ENTRYPOINT \["node", "\/kit\/node_modules\/@kit\/cli\/dist\/bin\.cjs"\]\nCMD \["worker"\]/);
    expect(BIN.endsWith(join('cli', 'dist', 'bin.cjs'))).toBe(true);
    // The image's Node is one the packages' engines allow (>=22.12: every 22.x image is past 22.12 now).
    const engines = (JSON.parse(readFileSync(join(REPO, 'apps', 'cli', 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    expect(engines).toBe('>=22.12');
    expect(Number(/^FROM node:(\d+)-/m.exec(dockerfile)?.[1])).toBeGreaterThanOrEqual(22);
  });
});
