// End to end, as a user runs it: redis-server, `kit worker` processes and `kit run --queue`.
import { hostname } from 'node:os';
import { Redis as RedisClient } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  UNSIGNED,
  doneOf,
  freePort,
  kit,
  runIdOf,
  startKit,
  startRedis,
  startWorker,
  stop,
  tempDir,
  writeFile,
  type Kit,
  type Redis,
  SUMMARY_4X15,
} from './support.js';
import { PENTOMINO_VERSION, PENTOMINO_VERSION_RE } from './versions.js';

// Dana Scott's problem with the square anywhere: the 12 pentominoes and the 2x2 tetromino on 8x8.
const PIECES = `.FF  I  L   N  PP  TTT  U.U  V    W    .X.  .Y  ZZ.  OO
FF.  I  L   N  PP  .T.  UUU  V    WW   XXX  YY  .Z.  OO
.F.  I  L  NN  P.  .T.       VVV  .WW  .X.  .Y  .ZZ
     I  LL N                                .Y
     I
`;
const dir = tempDir();
const scott = [
  'run',
  'pentomino',
  writeFile(dir, 'board.txt', '........\n'.repeat(8)),
  '--piece-file',
  writeFile(dir, 'pieces.txt', PIECES),
  '--count',
  '--json',
];
const PENTOMINO = `kitq:pentomino@${PENTOMINO_VERSION}`;

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

/** The blocks of a run a worker process holds now: BullMQ's lock on each carries the worker's id. */
async function blocksHeldBy(runId: string, pid: number): Promise<string[]> {
  const active = (await client.lrange(`${PENTOMINO}:active`, 0, -1)).filter((id) => id.startsWith(`${runId}-`));
  const owners = await Promise.all(active.map((id) => client.get(`${PENTOMINO}:${id}:lock`)));
  return active.filter((_, i) => owners[i]?.startsWith(`${hostname()}:${pid}:`));
}

/** Which worker's result a finished block holds (its id, `host:pid:...`). */
async function resultOwner(runId: string, jobId: string): Promise<string> {
  const value = await client.hget(`${PENTOMINO}:${runId}:processed`, `${PENTOMINO}:${jobId}`);
  return (JSON.parse(value!) as { host: string }).host;
}

describe('kit run --queue', () => {
  it('exits 2 with one line when Redis cannot be reached', async () => {
    const port = await freePort();
    const result = await kit(['run', 'pentomino', '--size', '3', '--count', '--queue', `redis://127.0.0.1:${port}`]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`${UNSIGNED}kit: cannot reach Redis at redis://127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}\n`);
  });

  it("counts Dana Scott's problem like a local run with two workers, and still when one is killed mid-job", async () => {
    const local = await kit(scott);
    expect(doneOf(local.stdout)).toMatchObject({ solutions: 16146, board: '8x8' });
    workers.push(await startWorker(redis.url), await startWorker(redis.url));

    const queued = await kit([...scott, '--queue', redis.url]);
    expect(queued.status).toBe(0);
    const { elapsedMs: _a, ...localDone } = doneOf(local.stdout);
    const { elapsedMs: _b, ...queuedDone } = doneOf(queued.stdout);
    expect(queuedDone).toEqual(localDone);
    expect(queued.stderr).toMatch(
      /^kit: no shared secret .*\nkit: run run-[0-9a-f]+ submitted to redis:\/\/127\.0\.0\.1:\d+: 12872 tasks in 1024 jobs \(Ctrl-C detaches\)\n$/,
    );

    // Again; this time a worker is killed while it holds a block, and another one joins. Blocks are
    // short: a block the victim finished just before the signal proves nothing, so until one is
    // caught unfinished, the next worker is killed too.
    const run = startKit([...scott, '--queue', redis.url]);
    await run.waitForStderr('submitted');
    const runId = runIdOf(run.stderrText())!;
    const interrupted: { jobId: string; pid: number }[] = [];
    for (let attempt = 0; attempt < 5 && interrupted.length === 0; attempt++) {
      const victim = workers[0]!;
      let held: string[] = [];
      while (held.length === 0) {
        if (run.exitCode !== null) throw new Error(`the run ended before a worker could be killed mid-job: ${run.stderrText()}`);
        held = await blocksHeldBy(runId, victim.pid!);
        if (held.length === 0) await new Promise((r) => setTimeout(r, 5));
      }
      await stop(victim, 'SIGKILL');
      workers.shift();
      const done = await Promise.all(held.map((jobId) => client.hexists(`${PENTOMINO}:${runId}:processed`, `${PENTOMINO}:${jobId}`)));
      interrupted.push(...held.filter((_, i) => done[i] === 0).map((jobId) => ({ jobId, pid: victim.pid! })));
      workers.push(await startWorker(redis.url));
    }
    expect(interrupted.length).toBeGreaterThan(0);
    const { status } = await run.exited;
    expect(status, run.stderrText()).toBe(0);
    const { elapsedMs: _c, ...afterKill } = doneOf(run.stdoutText());
    expect(afterKill).toEqual(localDone);
    // BullMQ's stalled-job recovery handed the dead worker's block to another, which ran it.
    for (const { jobId, pid } of interrupted) expect(await resultOwner(runId, jobId)).not.toMatch(new RegExp(`^${hostname()}:${pid}:`));
  });

  it('a worker stopped with Ctrl-C mid-job hands its block back at once, not failed', async () => {
    await stopWorkers();
    const worker = await startWorker(redis.url);
    const run = startKit(['run', 'pentomino', '--size', '5', '--count', '--json', '--queue', redis.url]);
    await run.waitForStderr('submitted');
    const runId = runIdOf(run.stderrText())!;
    while ((await client.lrange(`${PENTOMINO}:active`, 0, -1)).every((id) => !id.startsWith(runId))) {
      if (run.exitCode !== null) throw new Error(`the run ended before the worker could be stopped: ${run.stderrText()}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    await stop(worker, 'SIGINT');
    expect(worker.exitCode).toBe(130);
    expect(worker.stderrText()).toMatch(/kit: 1 job handed back to the queue\n$/);
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

  it("counts the Soma cube as a local run does, its split (which cannot be cut) taken finer than a local run's", async () => {
    const local = await kit(['run', 'polycube', '--count']);
    const queued = await kit(['run', 'polycube', '--count', '--queue', redis.url]);
    expect(queued.status).toBe(0);
    expect(queued.stdout).toBe(local.stdout);
    const localTasks = Number(/the search has only (\d+) tasks/.exec((await kit(['run', 'polycube', '--count', '--shard', '1/1000000'])).stderr)?.[1]);
    const queuedTasks = Number(/: (\d+) tasks in \d+ jobs/.exec(queued.stderr)?.[1]);
    expect(localTasks).toBe(354);
    expect(queuedTasks).toBeGreaterThan(localTasks);
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
    expect(status.stdout).toMatch(new RegExp(`^${runId} completed · tasks (\\d+)/\\1 \\(100%\\) · ${SUMMARY_4X15} · kept 24h more\\n$`));
    expect((await kit(['queue', 'rm', runId, '--queue', redis.url])).stdout).toBe(`${runId} removed\n`);
    expect(await client.keys(`*${runId}*`)).toEqual([]);
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
    // Without a status line (stderr is a pipe), the run says once that nothing serves it.
    await run.waitForStderr(`kit: run ${runId} waits: no worker is connected (start one: kit worker, serving pentomino ${PENTOMINO_VERSION})\n`);
    run.kill('SIGINT');
    expect((await run.exited).status).toBe(130);
    expect(run.stderrText()).toContain(`kit: detached; run ${runId} goes on (kit queue wait ${runId} --queue ${redis.url})`);
    expect((await kit(['queue', 'status', runId, '--queue', redis.url])).stdout).toMatch(
      new RegExp(
        `^${runId} queued · tasks 0/\\d+ \\(0%\\) · no worker is connected \\(start one: kit worker, serving pentomino ${PENTOMINO_VERSION_RE}\\)\\n$`,
      ),
    );
    workers.push(await startWorker(redis.url));
    const waited = await kit(['queue', 'wait', runId, '--queue', redis.url]);
    expect(waited.stdout).toBe((await kit(['run', 'pentomino', '--size', '3'])).stdout);
  });

  it('cancels a queued run (exit 4, "cancelled"); rm refuses a live run and removes a cancelled one', async () => {
    await stopWorkers();
    const run = startKit(['run', 'pentomino', '--size', '5', '--count', '--queue', redis.url]);
    await run.waitForStderr('submitted');
    const runId = runIdOf(run.stderrText())!;
    const refused = await kit(['queue', 'rm', runId, '--queue', redis.url]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toBe(`kit: run ${runId} is still going: kit queue cancel ${runId} first\n`);
    expect((await kit(['queue', 'cancel', runId, '--queue', redis.url])).stdout).toBe(`${runId} cancelled\n`);
    const { status } = await run.exited;
    expect(status).toBe(4);
    expect(run.stderrText()).toMatch(new RegExp(`\\nkit: run ${runId} was cancelled\\n$`));
    expect((await kit(['queue', 'rm', runId, '--queue', redis.url])).stdout).toBe(`${runId} removed\n`);
    expect(await client.keys(`*${runId}*`)).toEqual([]);
  });
});
