// Shard files are data from elsewhere: `kit merge` bounds every field, re-parses the search from its
// text, checks each shard against itself and the others, and with a shared secret its signature.
// Each edit below is one an attacker (or an accident) could make to a shard's --json file.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import reference from '@kit/tooling/reference-counts.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { kit, tempDir } from './helpers.js';

const dir = tempDir('kit-shard-trust-');
const SECRET = { KIT_QUEUE_SECRET_FILE: join(dir, 'secret') };
writeFileSync(SECRET.KIT_QUEUE_SECRET_FILE, 'shard-secret-0123456789abcdef0123456789abcdef\n');
const UNSIGNED_NOTE = 'kit: the shards are not signed (no KIT_QUEUE_SECRET_FILE): they were checked against each other and themselves, not against forgery\n';

/** The two shards of 6x10 (solutions or --count), written to files; with `env`, signed. */
function shards(name: string, extra: string[] = [], env: Record<string, string> = {}): string[] {
  return [1, 2].map((k) => {
    const result = kit(['run', 'pentomino', '--shard', `${k}/2`, '--json', '--threads', '1', ...extra], { env });
    expect(result.status, result.stderr).toBe(0);
    const file = join(dir, `${name}-${k}.json`);
    writeFileSync(file, result.stdout);
    return file;
  });
}

/** A copy of a shard file with its done line (and its merge record) changed by `edit`. */
function edited(file: string, name: string, edit: (done: Record<string, any>) => void, lines?: (lines: string[]) => void): string {
  const text = readFileSync(file, 'utf8').trimEnd().split('\n');
  const done = JSON.parse(text.pop()!) as Record<string, any>;
  edit(done);
  lines?.(text);
  const out = join(dir, name);
  writeFileSync(out, `${[...text, JSON.stringify(done)].join('\n')}\n`);
  return out;
}

const counted = shards('count', ['--count']);
const withSolutions = shards('solutions');

describe('kit run --shard K/N', () => {
  it('refuses N larger than the task count, in one line', () => {
    const result = kit(['run', 'pentomino', '--shard', '1/300000000', '--json']);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('kit: --shard 1/300000000: the search has only 1324 tasks, so N must be at most 1324\n');
  });

  it('carries the search as text, never a decoded instance', () => {
    const done = JSON.parse(readFileSync(counted[0]!, 'utf8').trim().split('\n').pop()!) as { merge: Record<string, unknown> };
    expect(Object.keys(done.merge).sort()).toEqual([
      'emitted',
      'plugin',
      'solutions',
      'solutionsDigest',
      'source',
      'splitWidth',
      'summaries',
      'tasksTotal',
      'version',
    ]);
    expect(done.merge['source']).toEqual({ options: {} });
  });
});

const line6x10 = `6x10: ${reference.pentomino['6x10'].distinct} solutions, ${reference.pentomino['6x10'].tries} tries\n`;

describe('kit merge refuses shard files that are not what kit run --shard wrote', () => {
  it('merges the untouched files, saying they are unsigned', () => {
    const result = kit(['merge', ...counted]);
    expect(result.stdout).toBe(line6x10);
    expect(result.stderr).toBe(UNSIGNED_NOTE);
  });

  it('a shard number past the task count: one line, at once (no allocation of 300,000,000 slots)', () => {
    const file = edited(counted[0]!, 'huge-n.json', (done) => (done['shard'] = '1/300000000'));
    const result = kit(['merge', file]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`kit: ${file}: shard 1/300000000 of a search of 1324 tasks: N cannot be more than the tasks\n`);
  });

  it.each([
    ['+1000', (n: number) => n + 1000, 'its done line says solutions'],
    ['-5000', () => -5000, 'counts -5000 solutions'],
    ['1e308', () => 1e308, "task 0's summary holds the number 1e+308, out of range"],
  ])('a task summary edited to %s', (_, change, message) => {
    const file = edited(counted[0]!, `forged${_}.json`, (done) => (done['merge'].summaries[0].solutions = change(done['merge'].summaries[0].solutions)));
    const result = kit(['merge', file, counted[1]!]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
    expect(result.stderr.split('\n')).toHaveLength(2);
  });

  it('a done line nested 100,000 deep is one line naming the limit, not a stack overflow (exit 1)', () => {
    // Its tries quoted in the mismatch message overflowed JSON.stringify's stack.
    const file = edited(counted[0]!, 'deep.json', (done) => (done['tries'] = 'DEEP'));
    writeFileSync(file, readFileSync(file, 'utf8').replace('"DEEP"', `${'['.repeat(100_000)}${']'.repeat(100_000)}`));
    const result = kit(['merge', file, counted[1]!]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`kit: ${file}:1: nests arrays and objects more than 64 deep, past the limit for a line of kit run --json output\n`);
  });

  it('an old-style instance (V8 bytes of a sparse array of length 0xfffffff0) is refused, not decoded', () => {
    const bytes = serialize(Object.assign([], { length: 0xfffffff0 })).toString('base64');
    const file = edited(counted[0]!, 'v8.json', (done) => {
      delete done['merge'].source;
      done['merge'].instance = { $v8: bytes };
    });
    const started = performance.now();
    const result = kit(['merge', file, counted[1]!]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`kit: ${file}: its search is missing\n`);
    expect(performance.now() - started).toBeLessThan(30_000);
  });

  it('a host-scoped option smuggled into the search (an output file, a SAT solver program) is refused', () => {
    const made = kit(['run', 'hitori-sat', '--generate', '5x5', '--seed', '3', '--shard', '1/1', '--json']);
    expect(made.status, made.stderr).toBe(0);
    const one = join(dir, 'hitori.json');
    writeFileSync(one, made.stdout);
    const target = join(dir, 'pwned.txt');
    const file = edited(one, 'smuggled.json', (done) => Object.assign(done['merge'].source.options, { output: target, force: true, 'sat-solver': '/bin/sh' }));
    const result = kit(['merge', file]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      `kit: ${file}: the shards' search does not parse here: --output, --force, --sat-solver cannot come from another machine (they name a file or program on the host)\n`,
    );
    expect(() => readFileSync(target)).toThrow();
  });

  it('control characters in a field never reach the terminal', () => {
    const file = edited(counted[0]!, 'escape.json', (done) => {
      done['merge'].summaries[0].board = '\u001b]0;pwned\u0007\u001b[2J';
      done['board'] = done['merge'].summaries[0].board;
    });
    const result = kit(['merge', file, counted[1]!]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`kit: ${file}: task 0's summary holds a control character\n`);
    expect(result.stdout + result.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
  });

  it('a solution line changed, or one moved to another shard', () => {
    const changed = edited(
      withSolutions[0]!,
      'row.json',
      () => {},
      (lines) => {
        const first = JSON.parse(lines[0]!) as { solution: { rows: string[] } };
        first.solution.rows.reverse();
        lines[0] = JSON.stringify(first);
      },
    );
    const result = kit(['merge', changed, withSolutions[1]!]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`kit: ${changed}: its solution lines are not the ones its tasks wrote (their digest differs)\n`);
    const lost = edited(
      withSolutions[0]!,
      'lost.json',
      () => {},
      (lines) => lines.splice(0, 1),
    );
    // 6x10 has 2339 solutions: shard 1/2 holds 1184 of them.
    expect(kit(['merge', lost, withSolutions[1]!]).stderr).toBe(`kit: ${lost}: 1183 solution lines, but its tasks count 1184\n`);
  });

  it('tasks of another shard, or a shard cut short', () => {
    const other = edited(counted[0]!, 'other.json', (done) => (done['tasks'][1] = 3));
    expect(kit(['merge', other, counted[1]!]).stderr).toBe(`kit: ${other}: its tasks are not those of shard 1/2 of 1324 (t % 2 == 0)\n`);
  });
});

describe('shards signed with the shared secret (KIT_QUEUE_SECRET_FILE)', () => {
  const signed = shards('signed', ['--count'], SECRET);

  it('merge with the secret; a consistent forgery (+1000 in the task and in the total) is refused', () => {
    expect(kit(['merge', ...signed], { env: SECRET })).toMatchObject({ status: 0, stdout: line6x10, stderr: '' });
    const forged = edited(signed[0]!, 'signed-forged.json', (done) => {
      done['merge'].summaries[0].solutions += 1000;
      done['solutions'] += 1000;
    });
    // Without the secret it cannot be told from the real thing; with it, it can.
    const result = kit(['merge', forged, signed[1]!], { env: SECRET });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`kit: ${forged}: its signature does not match the shared secret: the file was changed, or made with another secret\n`);
  });

  it('refuses unsigned shards when a secret is set, and signed ones when none is', () => {
    expect(kit(['merge', ...counted], { env: SECRET }).stderr).toBe(
      `kit: ${counted[0]}: it is not signed, and a shared secret is set here (KIT_QUEUE_SECRET_FILE): make the shards with it\n`,
    );
    expect(kit(['merge', ...signed]).stderr).toBe(`kit: ${signed[0]}: it is signed: set the shared secret (KIT_QUEUE_SECRET_FILE) to check it\n`);
  });
});
