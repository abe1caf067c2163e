// `kit generate puyo` and `kit grade puyo` through the built CLI (build first: the CLI loads
// packages/puyo/dist), and the made puyop.com link solved by `kit run puyo --nazo --url`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const bin = join(root, 'apps/cli/dist/bin.cjs');

function kit(...args: string[]) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const stderr = result.stderr.split('\n').filter((line) => line !== '' && !line.startsWith('kit: plugin '));
  return { status: result.status, stdout: result.stdout, stderr };
}

describe('kit generate puyo', () => {
  it('writes a puzzle its run and grade read, and a link that kit run --nazo --url solves with one answer', () => {
    const made = kit('generate', 'puyo', '--difficulty', 'medium', '--seed', '5');
    expect(made.status).toBe(0);
    expect(made.stdout.split('\n').slice(0, 1)).toEqual(['# puyo 6x12 medium 5']);
    expect(made.stdout).toMatch(/\npairs: [RGBYP]{2},[RGBYP]{2},[RGBYP]{2}\ngoal: chains=3\n$/);
    const file = join(mkdtempSync(join(tmpdir(), 'puyo-gen-')), 'made.txt');
    writeFileSync(file, made.stdout);
    const run = kit('run', 'puyo', file, '--json');
    expect(run.status).toBe(0);
    const done = JSON.parse(run.stdout.trim().split('\n').pop()!);
    expect(done).toMatchObject({ type: 'done', solutions: 1, chains: 3 });
    const graded = kit('grade', 'puyo', file);
    expect(graded).toMatchObject({ status: 0, stdout: '6x12: medium (3 steps: 2 easy, 1 medium)\n' });

    const link = kit('generate', 'puyo', '--difficulty', 'medium', '--seed', '5', '--emit', 'puyop');
    expect(link.status).toBe(0);
    const url = link.stdout.trim().split('\n')[1]!;
    expect(url).toMatch(/^https:\/\/puyop\.com\/s\/[0-9A-Za-z]+_[0-9A-Za-z]+__u03$/);
    const solved = kit('run', 'puyo', '--nazo', '--url', url, '--json');
    expect(solved.status).toBe(0);
    expect(JSON.parse(solved.stdout.trim().split('\n').pop()!)).toMatchObject({ type: 'done', solutions: 1, best: done.best, chains: 3 });
  });

  it('bad parameters: exit 2 and one line', () => {
    expect(kit('generate', 'puyo', '--pairs', '9')).toMatchObject({ status: 2, stdout: '', stderr: ['kit: --pairs must be an integer from 1 to 4 (got "9")'] });
    expect(kit('generate', 'puyo', '--goal', 'clear', '--chains', '3')).toMatchObject({
      status: 2,
      stderr: ['kit: --chains goes with --goal chains or chains-or-more, not clear'],
    });
  });
});
