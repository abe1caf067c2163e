// `kit run --shard K/N` and `kit merge`, as subprocesses: shards of one search cover it exactly once,
// and their merge prints what the whole run prints.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import reference from '@kit/tooling/reference-counts.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { kit, tempDir } from './helpers.js';

const dir = tempDir('kit-shard-');
const done = (stdout: string) => JSON.parse(stdout.trim().split('\n').pop()!) as Record<string, unknown>;
const withoutTime = (text: string) => text.replace(/"elapsedMs":\d+/, '"elapsedMs":0');
const local = { human: kit(['run', 'pentomino']).stdout, json: kit(['run', 'pentomino', '--json']).stdout };

function shards(n: number, extra: string[] = []): string[] {
  return Array.from({ length: n }, (_, i) => {
    const result = kit(['run', 'pentomino', '--shard', `${i + 1}/${n}`, '--json', '--threads', '1', ...extra]);
    expect(result.status).toBe(0);
    const file = join(dir, `n${n}-k${i + 1}${extra.join('')}.json`);
    writeFileSync(file, result.stdout);
    return file;
  });
}

describe('kit run --shard and kit merge on 6x10', () => {
  it.each([1, 2, 3, 4, 5])(
    '%i shards cover every task once, sum to the distinct count, and merge to the local output byte for byte',
    (n) => {
      const files = shards(n);
      const records = files.map((file) => done(readFileSync(file, 'utf8')));
      expect(records.reduce((sum, record) => sum + (record['solutions'] as number), 0)).toBe(reference.pentomino['6x10'].distinct);
      const tasks = records.flatMap((record, k) => {
        expect(record['shard']).toBe(`${k + 1}/${n}`);
        for (const task of record['tasks'] as number[]) expect(task % n).toBe(k);
        return record['tasks'] as number[];
      });
      const total = (records[0]!['merge'] as { tasksTotal: number }).tasksTotal;
      expect(tasks.sort((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, t) => t));
      // Any order of the files gives the whole run's output.
      const reversed = [...files].reverse();
      expect(kit(['merge', ...reversed]).stdout).toBe(local.human);
      expect(withoutTime(kit(['merge', '--json', ...reversed]).stdout)).toBe(withoutTime(local.json));
    },
    180_000,
  );

  it('merges --count shards to the --count output', () => {
    const files = shards(2, ['--count']);
    expect(kit(['merge', ...files]).stdout).toBe(kit(['run', 'pentomino', '--count']).stdout);
  });

  it('names a missing, repeated or foreign shard (exit 2)', () => {
    const three = [1, 2, 3].map((k) => join(dir, `n3-k${k}.json`));
    const two = [1, 2].map((k) => join(dir, `n2-k${k}.json`));
    const missing = kit(['merge', three[0]!, three[2]!]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe('kit: shard 2/3 is missing\n');
    const repeated = kit(['merge', ...three, three[1]!]);
    expect(repeated.status).toBe(2);
    expect(repeated.stderr).toBe(`kit: shard 2/3 is given twice: ${three[1]} and ${three[1]}\n`);
    const mixed = kit(['merge', three[0]!, two[1]!]);
    expect(mixed.stderr).toBe(`kit: ${two[1]} is shard 2/2, but ${three[0]} is shard 1/3\n`);
    const cut = join(dir, 'cut.json');
    writeFileSync(cut, local.json.split('\n').slice(0, 3).join('\n'));
    expect(kit(['merge', cut]).stderr).toBe(`kit: ${cut}: not the --json output of a finished kit run --shard (no done line with a shard)\n`);
  });

  it('checks --shard and its combinations', () => {
    for (const bad of ['0/3', '4/3', '2', 'a/b']) {
      const result = kit(['run', 'pentomino', '--shard', bad]);
      expect(result.status).toBe(2);
      expect(result.stderr).toBe(`kit: --shard must be K/N with 1 <= K <= N (got ${JSON.stringify(bad)})\n`);
    }
    expect(kit(['run', 'pentomino', '--shard', '1/2', '--limit', '3']).stderr).toBe(
      'kit: --limit cannot be combined with --shard (it stops a search that runs whole)\n',
    );
  });
});
