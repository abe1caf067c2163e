// A worker trusts no job and a submitter no result: a test client with access to Redis crafts jobs
// (or plays a rogue worker), and the kit refuses each one, saying why.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { craftedSpec, inject, newRunId, rogueWorker } from './attacker.js';
import { tasksOfBlock } from '../src/spec.js';
import {
  UNSIGNED,
  doneOf,
  kit,
  runIdOf,
  secretEnv,
  startKit,
  startRedis,
  startWorker,
  stop,
  tempDir,
  writeFile,
  type Kit,
  type Redis,
  SUMMARY_4X15,
  SUMMARY_3X20,
} from './support.js';
import { HITORI_VERSION, PENTOMINO_VERSION } from './versions.js';

const SECRET = 'the-shared-secret-of-this-test-0123456789';
const signed = secretEnv(SECRET);

let redis: Redis;
const workers: Kit[] = [];
const stopWorkers = () => Promise.all(workers.splice(0).map((worker) => stop(worker, 'SIGINT')));

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(stopWorkers);

/** How a crafted run ended, as `kit queue wait` reports it (with the same secret as the workers, or none). */
async function outcome(runId: string, env: Record<string, string> = {}) {
  return kit(['queue', 'wait', runId, '--queue', redis.url, '--json'], undefined, env);
}

describe('a job carries text and nothing that names this machine', () => {
  it('kit run refuses host-scoped options with --queue: an output file, --force, --dimacs, an external solver', async () => {
    const dir = tempDir();
    const result = await kit([
      'run',
      'hitori-sat',
      '--generate',
      '5x5',
      '-o',
      join(dir, 'out.txt'),
      '--force',
      '--sat-solver',
      'minisat',
      '--queue',
      redis.url,
    ]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      `${UNSIGNED}kit: --output, --force, --sat-solver cannot be used with --queue: they name a file or program on this machine, and a queued run only carries the puzzle and its search options\n`,
    );
    expect(existsSync(join(dir, 'out.txt'))).toBe(false);
  });

  it('a crafted job naming a program, an output file and a DIMACS file is refused by the worker; nothing runs or is written', async () => {
    await stopWorkers();
    workers.push(await startWorker(redis.url));
    const dir = tempDir();
    const marker = join(dir, 'ran');
    const program = writeFile(dir, 'x.sh', `#!/bin/sh\ntouch ${marker}\n`);
    const spec = craftedSpec(newRunId(), {
      plugin: 'hitori-sat',
      source: { options: { generate: '5x5', 'sat-solver': program, output: join(dir, 'out.txt'), force: true, dimacs: join(dir, 'cnf.txt') } },
    });
    const { runId } = await inject(redis.url, spec);
    const result = await outcome(runId);
    expect(result.status).toBe(3);
    expect(result.stderr).toBe(
      `kit: run ${runId} failed: --output, --force, --sat-solver, --dimacs cannot come from another machine (they name a file or program on the host)\n`,
    );
    expect([marker, join(dir, 'out.txt'), join(dir, 'cnf.txt')].filter(existsSync)).toEqual([]);
    await workers[0]!.waitForStderr(
      `kit: job ${runId}-0 of hitori-sat@${HITORI_VERSION} failed: --output, --force, --sat-solver, --dimacs cannot come from another machine`,
    );
  });

  it('a decoded instance ($v8 bytes of a sparse array of length 0xfffffff0) is refused at once; the worker goes on serving', async () => {
    const instance = { $v8: serialize(Object.assign([], { length: 0xfffffff0 })).toString('base64') };
    const spec = craftedSpec(newRunId(), { instance });
    const { runId } = await inject(redis.url, spec);
    const result = await outcome(runId);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`kit: run ${runId}'s spec has an unknown field "instance"\n`);
    // The worker was not pinned: it serves the next run, and stops when told.
    const next = await kit(['run', 'pentomino', '--size', '3', '--count', '--queue', redis.url]);
    expect(next.stdout).toBe(`${SUMMARY_3X20}\n`);
    await stop(workers[0]!, 'SIGTERM');
    expect(workers.shift()!.exitCode).toBe(0);
  });

  it("never writes a job's fields to its log raw (an escape sequence in a job id)", async () => {
    workers.push(await startWorker(redis.url));
    const runId = newRunId();
    await inject(redis.url, craftedSpec(runId, {}), {
      jobId: () => '\u001b]0;pwned\u0007\u001b[2J',
      blockData: () => ({ run: runId, block: 0, extra: '\u001b[31m' }),
    });
    await workers[0]!.waitForStderr('pwned');
    expect(workers[0]!.stderrText()).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
    expect(workers[0]!.stderrText()).toContain(`kit: job \\e]0;pwned\\x07\\e[2J of pentomino@${PENTOMINO_VERSION} failed: `);
  });
});

describe("a run's cuts (its split's largest tasks cut deeper by the submitter)", () => {
  it("cuts that are not parts of the plugin's split fail the run in one line, naming the cut; cuts that are not numbers are refused on reading", async () => {
    await stopWorkers();
    workers.push(await startWorker(redis.url));
    const { runId } = await inject(redis.url, craftedSpec(newRunId(), { source: { options: { size: '6' } }, splitWidth: 16, cuts: '0 0.999' }));
    const result = await outcome(runId);
    expect(result.status).toBe(3);
    expect(result.stderr).toMatch(new RegExp(`^kit: run ${runId} failed: run ${runId}: cut 0\\.999 is not a task of the split \\(0 has \\d+ parts\\)\n$`));
    const text = await inject(redis.url, craftedSpec(newRunId(), { cuts: '0 0.x' }));
    const refused = await outcome(text.runId);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toBe(`kit: run ${text.runId}'s spec: its cuts: cut "0.x" is not task numbers (as 12.3.0)\n`);
    // The worker goes on serving.
    const next = await kit(['run', 'pentomino', '--size', '3', '--count', '--queue', redis.url]);
    expect(next.stdout).toBe(`${SUMMARY_3X20}\n`);
  });
});

describe('signed runs (a shared secret in KIT_QUEUE_SECRET_FILE)', () => {
  it('refuses an unsigned job, and one signed with another secret, naming which', async () => {
    await stopWorkers();
    workers.push(await startWorker(redis.url, { env: signed }));
    const unsigned = await inject(redis.url, craftedSpec(newRunId(), {}));
    expect((await outcome(unsigned.runId, signed)).stderr).toBe(`kit: run ${unsigned.runId}'s spec is not signed (made without the shared secret)\n`);
    const forged = await inject(redis.url, craftedSpec(newRunId(), {}), { secret: 'another-secret-another-secret-0123456789' });
    expect((await outcome(forged.runId, signed)).stderr).toBe(`kit: run ${forged.runId}'s spec has a signature that does not match the shared secret\n`);
    // The worker refused their jobs without running them: its log says why (waited for: the run can
    // be seen failed in Redis before the worker's line has come through its pipe).
    await workers[0]!.waitForStderr(
      `kit: job ${unsigned.runId}-0 of pentomino@${PENTOMINO_VERSION} failed: job ${unsigned.runId}-0 is not signed (made without the shared secret)\n`,
    );
    await workers[0]!.waitForStderr(
      `kit: job ${forged.runId}-0 of pentomino@${PENTOMINO_VERSION} failed: job ${forged.runId}-0 has a signature that does not match the shared secret\n`,
    );
  });

  it('a signed run gives the local count', async () => {
    const result = await kit(['run', 'pentomino', '--size', '4', '--count', '--queue', redis.url], undefined, signed);
    expect(result.stdout).toBe(`${SUMMARY_4X15}\n`);
    expect(result.stderr).toMatch(/^kit: run run-[0-9a-f]+ submitted to /);
  });

  it("a rogue worker's made-up results are refused: the run fails (exit 3), no count is printed", async () => {
    await stopWorkers();
    const run = startKit(['run', 'pentomino', '--count', '--queue', redis.url], undefined, signed);
    await run.waitForStderr('submitted');
    const runId = runIdOf(run.stderrText())!;
    const [, tasksTotal, blocks] = /: (\d+) tasks in (\d+) jobs/.exec(run.stderrText())!.map(Number);
    // The rogue answers the first blocks it takes with one solution a task, as if it had searched.
    let answered = 0;
    let closed: Promise<void> | undefined;
    const rogue = rogueWorker(redis.url, `pentomino@${PENTOMINO_VERSION}`, (job) => {
      const { run: id, block } = job.data as { run: string; block: number };
      const tasks = tasksOfBlock(block, blocks!, tasksTotal!, 'mixed').map((task) => ({ task, summary: { solutions: 1, tries: 1, board: '6x10' } }));
      if (++answered === 20) closed = rogue.close();
      return { run: id, block, host: 'rogue', tasks };
    });
    while (!closed) await new Promise((r) => setTimeout(r, 50));
    await closed;
    workers.push(await startWorker(redis.url, { env: signed }));
    const { status } = await run.exited;
    expect(status).toBe(3);
    expect(run.stdoutText()).toBe('');
    expect(run.stderrText()).toMatch(
      new RegExp(`kit: run ${runId} failed: block \\d+ of run ${runId}: its result is not signed \\(made without the shared secret\\)\\n$`),
    );
  });

  it('without a secret, only a Redis on this machine is accepted', async () => {
    for (const args of [
      ['run', 'pentomino', '--count', '--queue', 'redis://192.0.2.7:6379'],
      ['worker', '--queue', 'redis://redis.example:6379'],
    ]) {
      const result = await kit(args);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(
        /^kit: no shared secret: set KIT_QUEUE_SECRET_FILE \(or KIT_QUEUE_SECRET\) to the same secret on submitters and workers; unsigned runs are only allowed with a Redis on this machine \(got redis:\/\/(192\.0\.2\.7|redis\.example):6379\)\n$/,
      );
    }
    const short = await kit(['worker', '--queue', redis.url], undefined, { KIT_QUEUE_SECRET: 'short' });
    expect(short.stderr).toBe('kit: KIT_QUEUE_SECRET: the secret must be one line of at least 32 characters (make one with: openssl rand -hex 32)\n');
  });
});

describe('a local run and a signed queued run agree on Katamino', () => {
  it('--pieces, with solutions', async () => {
    workers.push(await startWorker(redis.url, { env: signed }));
    const local = await kit(['run', 'katamino', '--pieces', 'LNPUVY', '--json']);
    const queued = await kit(['run', 'katamino', '--pieces', 'LNPUVY', '--json', '--queue', redis.url], undefined, signed);
    const strip = (text: string) => text.replace(/"elapsedMs":\d+/, '');
    expect(strip(queued.stdout)).toBe(strip(local.stdout));
    expect(doneOf(queued.stdout)).toMatchObject({ solutions: doneOf(local.stdout)['solutions'] });
  });
});
