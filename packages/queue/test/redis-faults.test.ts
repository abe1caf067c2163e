// Redis failing under a submitter or a prompt's command: one line within seconds and exit 2, never
// exit 1, never a silent wait, and no lost run left behind.
import { Redis as RedisClient } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSIGNED, kit, startKit, startRedis, stop, type Redis } from './support.js';

let redis: Redis;
let client: RedisClient;

beforeAll(async () => {
  redis = await startRedis();
  client = new RedisClient(redis.url);
});
afterAll(() => client?.disconnect());

const RUN = ['run', 'pentomino', '--size', '3', '--count'];

describe('Redis at maxmemory', () => {
  it('a submit that Redis refuses for memory says so, names maxmemory, exits 2 and stores nothing', async () => {
    await client.config('SET', 'maxmemory', '1');
    try {
      const started = Date.now();
      const result = await kit([...RUN, '--queue', redis.url]);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(
        new RegExp(`^${escape(UNSIGNED)}kit: Redis at ${escape(redis.url)} is out of memory \\(used memory is past its maxmemory setting\\): raise maxmemory \\(CONFIG SET maxmemory \\.\\.\\.\\) or remove old runs \\(kit queue prune\\); run run-[0-9a-f]{10} was not submitted\\n$`),
      );
    } finally {
      await client.config('SET', 'maxmemory', '0');
    }
    expect(await client.keys('kit:run:*')).toEqual([]);
    expect(await client.zcard('kit:runs')).toBe(0);
  });
});

describe('a frozen Redis (SIGSTOP)', () => {
  it('kit queue status and kit run --queue say so in one line within 10 s and exit 2', async () => {
    const frozen = await startRedis();
    frozen.process.kill('SIGSTOP');
    try {
      const line = `kit: cannot reach Redis at ${frozen.url}: it accepted the connection but did not answer within 5 s (stopped or overloaded?)\n`;
      for (const args of [['queue', 'status', 'run-0123456789', '--queue', frozen.url], [...RUN, '--queue', frozen.url]]) {
        const started = Date.now();
        const result = await kit(args);
        expect(Date.now() - started).toBeLessThan(10_000);
        expect(result.status).toBe(2);
        expect(result.stderr.replace(UNSIGNED, '')).toBe(line);
      }
    } finally {
      frozen.process.kill('SIGCONT');
      await stop(frozen.process, 'SIGKILL');
    }
  });
});

describe('Redis gone during a submit', () => {
  it('the submit retries within a bound, then exits 2 in one line', async () => {
    const going = await startRedis();
    // The probe connects and leaves before the search is split (a second or more for the 8x8 board):
    // Redis goes away then, between the probe and the store.
    const watcher = new RedisClient(going.url);
    const submit = startKit(['run', 'pentomino', '--size', '8', '--count', '--queue', going.url]);
    let probed = false;
    for (;;) {
      const clients = (await watcher.client('LIST') as string).trim().split('\n').length;
      if (clients > 1) probed = true;
      else if (probed) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    watcher.disconnect();
    const stoppedAt = Date.now();
    await stop(going.process, 'SIGKILL');
    const { status } = await submit.exited;
    expect(Date.now() - stoppedAt).toBeLessThan(20_000);
    expect(status).toBe(2);
    const lines = submit.stderrText().replace(UNSIGNED, '');
    expect(lines).toMatch(new RegExp(`^kit: lost Redis at ${escape(going.url)} while submitting \\(.*\\), 3 tries; run run-[0-9a-f]{10} was not submitted\\n$`));
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
