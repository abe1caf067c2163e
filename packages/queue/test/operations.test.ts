// What an operator and a script see: bounds on flags and records, exit codes, Redis errors as one
// line, routing by plugin version, fairness between runs, retention, and the memory a run keeps.
import { availableParallelism } from 'node:os';
import { Redis as RedisClient } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeHeartbeat } from '../src/heartbeat.js';
import { craftedSpec, inject, newRunId, rogueWorker } from './attacker.js';
import { UNSIGNED, kit, runIdOf, startKit, startRedis, startWorker, stop, tempDir, writeFile, type Kit, type Redis, SUMMARY_3X20 } from './support.js';
import { PENTOMINO_VERSION, PENTOMINO_VERSION_RE } from './versions.js';

let redis: Redis;
let client: RedisClient;
const workers: Kit[] = [];
const stopWorkers = () => Promise.all(workers.splice(0).map((worker) => stop(worker, 'SIGINT')));

beforeAll(async () => {
  redis = await startRedis();
  client = new RedisClient(redis.url);
});
afterAll(async () => {
  client?.disconnect();
  await stopWorkers();
});

// Dana Scott's problem with the square anywhere: the 12 pentominoes and the 2x2 tetromino on 8x8.
const scottDir = tempDir();
const SCOTT = [
  'run',
  'pentomino',
  writeFile(scottDir, 'b.txt', '........\n'.repeat(8)),
  '--piece-file',
  writeFile(
    scottDir,
    'p.txt',
    `.FF  I  L   N  PP  TTT  U.U  V    W    .X.  .Y  ZZ.  OO\nFF.  I  L   N  PP  .T.  UUU  V    WW   XXX  YY  .Z.  OO\n.F.  I  L  NN  P.  .T.       VVV  .WW  .X.  .Y  .ZZ\n     I  LL N                                .Y\n     I\n`,
  ),
  '--count',
];

/** A plugin module (no imports) whose search is `tasks` tasks; `behave` is the body of solveTask. */
function plugin(id: string, version: string, behave = 'return { solutions: 1 };', tasks = 4): string {
  return writeFile(
    tempDir(),
    'plugin.js',
    `export default { apiVersion: 1, id: '${id}', title: 'T', description: 'Test.', version: '${version}',
  options: [], parse: () => ({}),
  solver: async () => ({ solve: () => ({ solutions: ${tasks} }), split: () => ({ tasks: ${tasks}, solveTask(task, ctx) { ${behave} } }) }),
  view: () => ({ width: 1, height: 1, cells: [{}] }) };\n`,
  );
}

describe('bounds', () => {
  it('kit worker --threads: past 1024 refused, past the CPUs lowered with a note', async () => {
    const huge = await kit(['worker', '--queue', redis.url, '--threads', '100000']);
    expect(huge.status).toBe(2);
    expect(huge.stderr).toBe('kit: --threads must be an integer from 1 to 1024 (got "100000")\n');
    const worker = await startWorker(redis.url, { threads: 64 });
    const note = /kit: --threads 64 is more than the (\d+) CPUs? this worker may use; using (\d+)\n/.exec(worker.stderrText());
    const cap = Number(note?.[1]);
    expect(cap).toBeLessThanOrEqual(availableParallelism());
    expect(Number(note?.[2])).toBe(cap);
    expect(worker.stderrText()).toContain(`with ${cap} thread${cap === 1 ? '' : 's'} (plugins:`);
    await stop(worker, 'SIGTERM');
    expect(worker.exitCode).toBe(0);
  });

  it('a run record edited to 1e10 tasks is one line, at once, not gigabytes', async () => {
    const runId = newRunId();
    await inject(redis.url, craftedSpec(runId, { tasksTotal: 1e10 }));
    const result = await kit(['queue', 'status', runId, '--queue', redis.url]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`kit: run ${runId}'s spec: tasksTotal is 10000000000, not an integer from 1 to 1000000\n`);
    // A spec too large is refused by its length, before Redis sends it.
    const big = newRunId();
    await client.hset(`kit:run:${big}`, 'spec', 'x'.repeat(18 * 1024 * 1024));
    const tooBig = await kit(['queue', 'status', big, '--queue', redis.url]);
    expect(tooBig.stderr).toBe(`kit: run ${big}: its spec is 18874368 bytes (at most 17825792)\n`);
    await client.del(`kit:run:${big}`);
    await client.zrem('kit:runs', runId);
  });

  it('a database the server does not have is refused in one line; one it has is used', async () => {
    const missing = await kit(['run', 'pentomino', '--size', '3', '--count', '--queue', `${redis.url}/16`]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe(`${UNSIGNED}kit: Redis at ${redis.url}/16 has no database 16: it has 16 (0 to 15)\n`);
    const worker = await startWorker(`${redis.url}/3`);
    const result = await kit(['run', 'pentomino', '--size', '3', '--count', '--queue', `${redis.url}/3`]);
    expect(result.stdout).toBe(`${SUMMARY_3X20}\n`);
    const db3 = new RedisClient(`${redis.url}/3`);
    expect(await db3.exists(`kit:run:${runIdOf(result.stderr)}`)).toBe(1);
    db3.disconnect();
    expect(await client.exists(`kit:run:${runIdOf(result.stderr)}`)).toBe(0);
    await stop(worker, 'SIGTERM');
  });

  it("a job's oversized data, or made-up results out of range, fail the run naming why", async () => {
    workers.push(await startWorker(redis.url));
    const runId = newRunId();
    await inject(redis.url, craftedSpec(runId, {}), { blockData: () => ({ run: runId, block: 0, pad: 'x'.repeat(100_000) }) });
    const oversized = await kit(['queue', 'wait', runId, '--queue', redis.url]);
    expect(oversized.status).toBe(3);
    expect(oversized.stderr).toMatch(new RegExp(`^kit: run ${runId} failed: job ${runId}-0: its data is 1000\\d\\d bytes \\(at most 4096\\)\\n$`));
    await stopWorkers();
    // Unsigned (Redis on this machine): counts out of range are still refused by their bounds.
    for (const [forged, message] of [
      [-5000, 'counts -5000 solutions'],
      [1e308, 'holds the number 1e+308, out of range'],
    ] as const) {
      const run = startKit(['run', 'pentomino', '--size', '3', '--count', '--queue', redis.url]);
      await run.waitForStderr('submitted');
      // The rogue answers the first ten blocks it takes (one at a time), then goes; a real worker
      // runs the rest and merges.
      let answered = 0;
      let closed: Promise<void> | undefined;
      const rogue = rogueWorker(
        redis.url,
        `pentomino@${PENTOMINO_VERSION}`,
        (job) => {
          const { run: id, block } = job.data as { run: string; block: number };
          if (++answered === 10) closed = rogue.close();
          return { run: id, block, host: 'rogue', tasks: [{ task: block, summary: { solutions: forged, tries: 1 } }] };
        },
        1,
      );
      while (!closed) await new Promise((r) => setTimeout(r, 50));
      await closed;
      workers.push(await startWorker(redis.url));
      expect((await run.exited).status).toBe(3);
      expect(run.stdoutText()).toBe('');
      expect(run.stderrText()).toMatch(new RegExp(`failed: block \\d+ of run run-[0-9a-f]+: task \\d+'s summary ${message.replace(/[()+]/g, '\\$&')}\\n$`));
      await stopWorkers();
    }
  });
});

describe('exit codes and Redis errors', () => {
  it('a failed run exits 3 with its reason (a job past the time limit)', async () => {
    const spin = plugin('spin', '1.0.0', 'for (;;) {}');
    workers.push(await startWorker(redis.url, { plugins: [spin], args: ['--job-timeout', '2s'] }));
    const result = await kit(['run', 'spin', '--count', '--plugin', spin, '--queue', redis.url]);
    expect(result.status).toBe(3);
    expect(result.stderr).toMatch(/kit: run run-[0-9a-f]+ failed: ran past the time limit of 2 s on worker \S+\n$/);
    await stopWorkers();
  });

  it('a job that kills its worker twice fails its run instead of moving on', async () => {
    // Task 0 kills the whole worker process (not only its solver thread); task 1 is harmless.
    const killer = plugin('killer', '1.0.0', "if (task === 0) process.kill(process.pid, 'SIGKILL'); return { solutions: 1 };", 2);
    const run = startKit(['run', 'killer', '--count', '--plugin', killer, '--queue', redis.url]);
    await run.waitForStderr('submitted');
    const first = await startWorker(redis.url, { plugins: [killer] });
    await first.exited;
    const second = await startWorker(redis.url, { plugins: [killer] });
    await second.exited;
    expect([first.signalCode, second.signalCode]).toEqual(['SIGKILL', 'SIGKILL']);
    // A third worker's stalled-job check finds the job stalled twice: the run fails.
    workers.push(await startWorker(redis.url, { plugins: [killer] }));
    expect((await run.exited).status).toBe(3);
    expect(run.stderrText()).toMatch(/failed: a block stopped two workers \(killed or lost mid-job\): job stalled more than allowable limit\n$/);
    await stopWorkers();
  });

  it('a run lost with a Redis restarted without persistence exits 5; the outage is two lines, no stack', async () => {
    const own = await startRedis();
    const run = startKit(['run', 'pentomino', '--size', '3', '--count', '--queue', own.url]);
    // Redis goes once the submitter waits for the run (it says nothing serves it yet).
    await run.waitForStderr('waits: no worker is connected');
    await stop(own.process, 'SIGKILL');
    await run.waitForStderr(new RegExp(`kit: lost Redis at ${own.url} \\((connect ECONNREFUSED 127\\.0\\.0\\.1:${own.port}|read ECONNRESET)\\); retrying\n`));
    const again = await startRedis([], own.port);
    expect((await run.exited).status).toBe(5);
    const runId = runIdOf(run.stderrText())!;
    expect(run.stderrText()).toContain(
      `kit: Redis at ${own.url} is back\nkit: run ${runId} is no longer in Redis (removed, expired, or Redis restarted without persistence)\n`,
    );
    expect(run.stderrText()).not.toMatch(/\n\s+at /);
    await stop(again.process, 'SIGTERM');
  });

  it('many runs at once all finish with exit 0 and their count (status is read atomically)', async () => {
    workers.push(await startWorker(redis.url), await startWorker(redis.url));
    const results = await Promise.all(Array.from({ length: 10 }, () => kit(['run', 'katamino', '--pieces', 'LNPUV', '--count', '--queue', redis.url])));
    const local = await kit(['run', 'katamino', '--pieces', 'LNPUV', '--count']);
    for (const result of results) expect({ status: result.status, stdout: result.stdout }).toEqual({ status: 0, stdout: local.stdout });
  });
});

describe('routing, fairness', () => {
  it('a worker with no plugins refuses to start', async () => {
    const result = await kit(['worker', '--queue', redis.url], tempDir());
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`${UNSIGNED}kit: no plugins found here: a worker serves the plugins kit list shows (install some, or give --plugin PATH)\n`);
  });

  it('a worker only takes jobs for the plugin versions it has; the run waits, saying so as the workers change, until one comes', async () => {
    await stopWorkers();
    const v1 = plugin('lister', '1.0.0');
    const v2 = plugin('lister', '2.0.0');
    // The last heartbeat of a worker that died 5 s ago without a goodbye: listed for 10 s more.
    const now = Date.now();
    await writeHeartbeat(client, undefined, {
      id: 'crashed',
      host: 'gone',
      pid: 1,
      queues: ['ghost@1.0.0'],
      threads: 1,
      busy: 0,
      draining: false,
      startedAt: now - 60_000,
      seenAt: now - 5_000,
    });
    workers.push(await startWorker(redis.url, { cwd: tempDir(), plugins: [v2] }));
    const run = startKit(['run', 'lister', '--count', '--plugin', v1, '--queue', redis.url], tempDir());
    await run.waitForStderr(/kit: run run-[0-9a-f]+ waits: no worker serves lister 1\.0\.0 \(connected workers serve ghost 1\.0\.0, lister 2\.0\.0\)\n/);
    await run.waitForStderr(/kit: run run-[0-9a-f]+ waits: no worker serves lister 1\.0\.0 \(connected workers serve lister 2\.0\.0\)\n/);
    const runId = runIdOf(run.stderrText())!;
    expect(JSON.parse((await kit(['queue', 'status', runId, '--queue', redis.url, '--json'])).stdout)).toMatchObject({ state: 'queued', tasksDone: 0 });
    workers.push(await startWorker(redis.url, { cwd: tempDir(), plugins: [v1] }));
    expect((await run.exited).status).toBe(0);
    expect(run.stdoutText()).toBe('4 solutions\n');
  });

  it('a small run submitted after a big one finishes while the big one still runs', async () => {
    await stopWorkers();
    workers.push(await startWorker(redis.url, { threads: 1 }));
    // Dana Scott's problem with every placement counted: minutes of one thread.
    const big = startKit([...SCOTT, '--all', '--queue', redis.url]);
    await big.waitForStderr('submitted');
    const bigId = runIdOf(big.stderrText())!;
    while (JSON.parse((await kit(['queue', 'status', bigId, '--queue', redis.url, '--json'])).stdout).tasksDone === 0)
      await new Promise((r) => setTimeout(r, 100));
    const small = await kit(['run', 'pentomino', '--size', '3', '--count', '--queue', redis.url]);
    expect(small.stdout).toBe(`${SUMMARY_3X20}\n`);
    const bigNow = JSON.parse((await kit(['queue', 'status', bigId, '--queue', redis.url, '--json'])).stdout) as {
      state: string;
      tasksDone: number;
      tasksTotal: number;
    };
    expect(bigNow.state).toBe('running');
    expect(bigNow.tasksDone).toBeLessThan(bigNow.tasksTotal);
    expect((await kit(['queue', 'cancel', bigId, '--queue', redis.url])).stdout).toBe(`${bigId} cancelled\n`);
    expect((await big.exited).status).toBe(4);
  });
});

describe('retention and the memory a run keeps', () => {
  it('lists runs with their expiry, and prunes the ones past it', async () => {
    const done = await kit(['run', 'pentomino', '--size', '3', '--count', '--keep', '90m', '--queue', redis.url]);
    const runId = runIdOf(done.stderr)!;
    const list = await kit(['queue', 'list', '--queue', redis.url]);
    expect(list.stdout).toMatch(
      new RegExp(
        `^${runId} completed · tasks (\\d+)/\\1 \\(100%\\) · pentomino ${PENTOMINO_VERSION_RE} · submitted \\S+Z · 2 solutions · kept (89|90)m more\\n`,
        'm',
      ),
    );
    expect((await kit(['queue', 'prune', '--queue', redis.url])).stdout).not.toContain(runId);
    const pruned = await kit(['queue', 'prune', '--older-than', '0', '--queue', redis.url]);
    expect(pruned.stdout).toMatch(new RegExp(`^\\d+ runs? removed: .*${runId}`));
    expect(await client.keys(`*${runId}*`)).toEqual([]);
    // Heartbeats come every few seconds: the cancelled run of the test before may still show as busy
    // until the next one.
    await expect
      .poll(async () => (await kit(['queue', 'workers', '--queue', redis.url])).stdout, { timeout: 20_000, interval: 500 })
      .toMatch(new RegExp(`^\\S+:\\d+:[0-9a-f]+ · .*pentomino ${PENTOMINO_VERSION_RE}.* · 0/1 threads busy · seen \\d+s ago\\n`));
  });

  it("Dana Scott's --count run keeps less Redis memory than the 2.07 MB the queue used to", async () => {
    await stopWorkers();
    workers.push(await startWorker(redis.url), await startWorker(redis.url));
    const result = await kit([...SCOTT, '--queue', redis.url]);
    const runId = runIdOf(result.stderr)!;
    let bytes = 0;
    for (const key of await client.keys(`*${runId}*`)) bytes += Number(await client.memory('USAGE', key));
    expect(result.stdout).toBe('8x8: 16146 solutions, 22044476 tries\n');
    expect(bytes).toBeGreaterThan(100_000);
    expect(bytes).toBeLessThan(2_068_937);
    process.stderr.write(`Redis memory of Dana Scott's --count run: ${bytes} bytes\n`);
  });

  it('refuses a Redis that may evict keys (worker and submitter), and warns on kit queue commands', async () => {
    const evicting = await startRedis(['--maxmemory-policy', 'allkeys-lru']);
    const message = `Redis at ${evicting.url} may evict keys when full (maxmemory-policy allkeys-lru), which loses queued jobs and results`;
    const worker = await kit(['worker', '--queue', evicting.url]);
    expect(worker.status).toBe(2);
    expect(worker.stderr).toBe(
      `${UNSIGNED}kit: ${message}: set maxmemory-policy noeviction (redis-cli CONFIG SET maxmemory-policy noeviction, and in redis.conf)\n`,
    );
    expect((await kit(['run', 'pentomino', '--count', '--queue', evicting.url])).status).toBe(2);
    const list = await kit(['queue', 'list', '--queue', evicting.url]);
    expect(list).toMatchObject({ status: 0, stdout: 'no runs\n', stderr: `kit: ${message}\n` });
    await stop(evicting.process, 'SIGTERM');
  });
});
