// End to end, as a user runs it: redis-server, `kit worker` processes and `kit run --queue`.
import { hostname } from 'node:os';
import { Redis as RedisClient } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doneOf, freePort, kit, runIdOf, startKit, startRedis, startWorker, stop, tempDir, writeFile, type Kit, type Redis } from './support.js';

// Dana Scott's problem with the square anywhere: the 12 pentominoes and the 2x2 tetromino on 8x8.
const PIECES = `.FF  I  L   N  PP  TTT  U.U  V    W    .X.  .Y  ZZ.  OO
FF.  I  L   N  PP  .T.  UUU  V    WW   XXX  YY  .Z.  OO
.F.  I  L  NN  P.  .T.       VVV  .WW  .X.  .Y  .ZZ
     I  LL N                                .Y
     I
`;
const dir = tempDir();
const scott = ['run', 'pentomino', writeFile(dir, 'board.txt', '........\n'.repeat(8)), '--piece-file', writeFile(dir, 'pieces.txt', PIECES), '--count', '--json'];

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

/** A run's block jobs as BullMQ keeps them: who ran each and how often its worker died under it. */
async function blocksOf(runId: string) {
  const keys = (await client.keys(`kit:runs:${runId}-*`)).filter((key) => /-\d+$/.test(key));
  return Promise.all(keys.map(async (key) => ({ key, stalled: Number((await client.hget(key, 'stc')) ?? 0), by: await client.hget(key, 'pb') })));
}

describe('kit run --queue', () => {
  it('exits 2 with one line when Redis cannot be reached', async () => {
    const port = await freePort();
    const result = await kit(['run', 'pentomino', '--size', '3', '--count', '--queue', `redis://:secret@127.0.0.1:${port}`]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`kit: cannot reach Redis at redis://:***@127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}\n`);
  });

  it("counts Dana Scott's problem like a local run with two workers, and still when one is killed mid-task", async () => {
    const local = await kit(scott);
    expect(doneOf(local.stdout)).toMatchObject({ solutions: 16146, board: '8x8' });
    workers.push(await startWorker(redis.url), await startWorker(redis.url));

    const queued = await kit([...scott, '--queue', redis.url]);
    expect(queued.status).toBe(0);
    const { elapsedMs: _a, ...localDone } = doneOf(local.stdout);
    const { elapsedMs: _b, ...queuedDone } = doneOf(queued.stdout);
    expect(queuedDone).toEqual(localDone);
    expect(queued.stderr).toMatch(/^kit: run run-[0-9a-f]+ submitted to redis:\/\/127\.0\.0\.1:\d+: \d+ tasks \(Ctrl-C detaches\)\n$/);

    // Again; this time the first worker is killed while it runs a block, and a third one joins.
    const run = startKit([...scott, '--queue', redis.url]);
    await run.waitForStderr('submitted');
    const runId = runIdOf(run.stderrText())!;
    const victim = workers[0]!;
    const victimName = `${hostname()}:${victim.pid}`;
    // Kill it only once it holds a block (and has finished one, so the run is truly under way).
    for (let ready = false; !ready; ) {
      const blocks = await blocksOf(runId);
      const active = await client.lrange('kit:runs:active', 0, -1);
      ready = blocks.some((b) => b.by === victimName && active.includes(b.key.split(':').pop()!)) && blocks.some((b) => b.by !== null);
      if (run.exitCode !== null) throw new Error(`the run ended before a worker could be killed mid-task: ${run.stderrText()}`);
      if (!ready) await new Promise((r) => setTimeout(r, 20));
    }
    await stop(victim, 'SIGKILL');
    workers.shift();
    workers.push(await startWorker(redis.url));
    const { status } = await run.exited;
    expect(status).toBe(0);
    const { elapsedMs: _c, ...afterKill } = doneOf(run.stdoutText());
    expect(afterKill).toEqual(localDone);
    // BullMQ's stalled-job recovery handed the dead worker's block to another.
    const recovered = (await blocksOf(runId)).filter((b) => b.stalled > 0);
    expect(recovered.length).toBeGreaterThanOrEqual(1);
    expect(recovered.every((b) => b.by !== victimName)).toBe(true);
  });

  it('a worker stopped with Ctrl-C mid-task leaves its block to another worker, not failed', async () => {
    await stopWorkers();
    const worker = await startWorker(redis.url);
    const run = startKit(['run', 'pentomino', '--size', '5', '--count', '--json', '--queue', redis.url]);
    await run.waitForStderr('submitted');
    const runId = runIdOf(run.stderrText())!;
    while ((await client.lrange('kit:runs:active', 0, -1)).every((id) => !id.startsWith(runId))) {
      if (run.exitCode !== null) throw new Error(`the run ended before the worker could be stopped: ${run.stderrText()}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    await stop(worker, 'SIGINT');
    expect(worker.exitCode).toBe(130);
    workers.push(await startWorker(redis.url));
    // On failure, what the run and the workers said.
    const said = () => [run.stderrText(), worker.stderrText(), ...workers.map((w) => w.stderrText())].join('\n---\n');
    expect((await run.exited).status, said()).toBe(0);
    expect(doneOf(run.stdoutText())).toMatchObject({ solutions: 1010, board: '5x12' });
  });

  it("gives Katamino's --n 3-12 table as a local run prints it", async () => {
    const local = await kit(['run', 'katamino', '--n', '3-12']);
    const queued = await kit(['run', 'katamino', '--n', '3-12', '--queue', redis.url]);
    expect(queued.status).toBe(0);
    expect(queued.stdout).toBe(local.stdout);
    expect(local.stdout).toContain('5x3..5x12: 1009 of 4017 piece sets tile, 23475 solutions');
  });

  it('carries solutions in task order, and kit queue wait prints a finished run again', async () => {
    const local = await kit(['run', 'pentomino', '--size', '4', '--json']);
    const queued = await kit(['run', 'pentomino', '--size', '4', '--json', '--queue', redis.url]);
    const strip = (text: string) => text.replace(/"elapsedMs":\d+/, '');
    expect(strip(queued.stdout)).toBe(strip(local.stdout));
    const runId = runIdOf(queued.stderr)!;
    const human = await kit(['run', 'pentomino', '--size', '4']);
    const again = await kit(['queue', 'wait', runId, '--queue', redis.url]);
    expect(again.stdout).toBe(human.stdout);
    const status = await kit(['queue', 'status', runId, '--queue', redis.url]);
    expect(status.stdout).toMatch(new RegExp(`^${runId} completed · tasks (\\d+)/\\1 \\(100%\\) · 4x15: 368 solutions, 108980 tries\\n$`));
    expect((await kit(['queue', 'rm', runId, '--queue', redis.url])).stdout).toBe(`${runId} removed\n`);
    expect(await client.keys(`kit:runs:${runId}*`)).toEqual([]);
    const gone = await kit(['queue', 'status', runId, '--queue', redis.url]);
    expect(gone.status).toBe(2);
    expect(gone.stderr).toBe(`kit: no run "${runId}" on ${redis.url}\n`);
  });

  it('refuses a run with more solutions than --max-solutions', async () => {
    const result = await kit(['run', 'pentomino', '--size', '5', '--queue', redis.url, '--max-solutions', '500']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/run run-[0-9a-f]+ failed: more than 500 solutions: use --count to count them, or --max-solutions N to carry more\n$/);
  });
});

describe('runs without workers: detach, status, cancel, rm', () => {
  it('Ctrl-C detaches; the run waits in Redis for a worker, and kit queue wait prints it', async () => {
    await stopWorkers();
    const run = startKit(['run', 'pentomino', '--size', '3', '--queue', redis.url]);
    await run.waitForStderr('submitted');
    const runId = runIdOf(run.stderrText())!;
    run.kill('SIGINT');
    expect((await run.exited).status).toBe(130);
    expect(run.stderrText()).toContain(`kit: detached; run ${runId} goes on (kit queue wait ${runId} --queue ${redis.url})`);
    expect((await kit(['queue', 'status', runId, '--queue', redis.url])).stdout).toMatch(new RegExp(`^${runId} queued · tasks 0/\\d+ \\(0%\\)\\n$`));
    workers.push(await startWorker(redis.url));
    const waited = await kit(['queue', 'wait', runId, '--queue', redis.url]);
    expect(waited.stdout).toBe((await kit(['run', 'pentomino', '--size', '3'])).stdout);
  });

  it('cancels a queued run; rm refuses a live run and removes a cancelled one', async () => {
    await stopWorkers();
    const run = startKit(['run', 'pentomino', '--size', '5', '--count', '--queue', redis.url]);
    await run.waitForStderr('submitted');
    const runId = runIdOf(run.stderrText())!;
    const refused = await kit(['queue', 'rm', runId, '--queue', redis.url]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toBe(`kit: run ${runId} is still going: kit queue cancel ${runId} first\n`);
    expect((await kit(['queue', 'cancel', runId, '--queue', redis.url])).stdout).toBe(`${runId} cancelled\n`);
    const { status } = await run.exited;
    expect(status).toBe(1);
    expect(run.stderrText()).toContain(`run ${runId} was cancelled`);
    expect((await kit(['queue', 'rm', runId, '--queue', redis.url])).stdout).toBe(`${runId} removed\n`);
    expect(await client.keys(`kit:runs:${runId}*`)).toEqual([]);
  });

  it("fails a job for a plugin the worker lacks, naming the plugin and the worker's host", async () => {
    await stopWorkers();
    workers.push(await startWorker(redis.url, { cwd: tempDir() }));
    const result = await kit(['run', 'pentomino', '--size', '3', '--count', '--queue', redis.url]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`failed: plugin 'pentomino' is not installed on worker ${hostname()}`);
  });

  it('refuses a plugin version that differs from the submitter’s, naming both', async () => {
    await stopWorkers();
    const plugin = (version: string) => {
      const at = tempDir();
      return writeFile(at, 'plugin.js', `export default { apiVersion: 1, id: 'lister', title: 'Lister', description: 'Lists.', version: '${version}',
  options: [], parse: () => ({}), solver: async () => ({ solve(i, ctx) { ctx.solution({ n: 1 }); return { solutions: 1 }; } }),
  view: () => ({ width: 1, height: 1, cells: [{}] }) };\n`);
    };
    workers.push(await startWorker(redis.url, { cwd: tempDir(), plugins: [plugin('2.0.0')] }));
    const result = await kit(['run', 'lister', '--count', '--plugin', plugin('1.0.0'), '--queue', redis.url], tempDir());
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`plugin lister: the run was submitted with version 1.0.0, worker ${hostname()} has 2.0.0`);
  });
});
