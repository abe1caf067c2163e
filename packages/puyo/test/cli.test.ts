// The CLI host running this plugin (build first: the CLI loads packages/puyo/dist).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixture } from './helpers.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const bin = join(root, 'apps/cli/dist/bin.cjs');

function kit(...args: string[]) {
  const result = spawnSync(process.execPath, [bin, 'run', 'puyo', ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  // Other packages' load warnings are not ours to judge.
  const stderr = result.stderr.split('\n').filter((line) => line !== '' && !line.startsWith('kit: plugin '));
  return { status: result.status, stdout: result.stdout, stderr };
}

const dir = mkdtempSync(join(tmpdir(), 'puyo-cli-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('kit run puyo', () => {
  it('--json: one step event per gravity and pop, then done with the chain totals', () => {
    const { status, stdout } = kit(fixture('seq19.dat'), '--json');
    expect(status).toBe(0);
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.filter((l) => l.type === 'step')).toHaveLength(1 + 19 + 19);
    expect(
      lines
        .filter((l) => l.type === 'step' && l.kind === 'pop')
        .map((l) => l.score)
        .slice(0, 3),
    ).toEqual([40, 320, 640]);
    const done = lines[lines.length - 1];
    expect(done).toMatchObject({ type: 'done', solutions: 1, chains: 19, score: 175080, cleared: 76, allClear: true });
  });

  it('-q ends with the chain table and the totals line', () => {
    const { status, stdout } = kit(fixture('seq19.dat'), '-q', '--no-color');
    expect(status).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[lines.length - 1]).toBe('19 chains, 175080 points, all clear');
    expect(lines).toContain('chain  popped  groups  power  colour  group    x  score  O cleared');
    // No animation steps under -q: the final field (titled with the result), the table, the totals.
    expect(lines[0]).toBe('19 chains, 175080 points, all clear');
    expect(lines).toHaveLength(40);
  });

  it('without -q on a pipe prints every step, one after another', () => {
    const { status, stdout } = kit(fixture('seq19.dat'), '--no-color', '--delay', '0');
    expect(status).toBe(0);
    expect(stdout.trimEnd().split('\n').length).toBeGreaterThan(39 * 15);
  });

  it('--url reads a puyop.com string', () => {
    const { status, stdout } = kit('--url', 'https://puyop.com/s/420Aa9r9hj', '--count', '--json');
    expect(status).toBe(0);
    expect(JSON.parse(stdout.trim())).toMatchObject({ type: 'done', chains: 0, score: 0 });
  });

  it('--nazo with --limit', () => {
    const puzzle = file('puzzle.txt', 'R.....\nG.....\nG.....\nGRRR..\n');
    const { status, stdout } = kit(puzzle, '--nazo', '--pairs', 'GY', '--goal', 'chains>=2', '--limit', '1', '--json');
    expect(status).toBe(0);
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.filter((l) => l.type === 'solution').map((l) => l.solution.notation)).toEqual(['GY 2up']);
    expect(lines[lines.length - 1]).toMatchObject({ type: 'done', solutions: 1, best: 'GY 2up', chains: 2, score: 360 });
  });

  it('--nazo with no answer says so and exits 0', () => {
    const puzzle = file('hopeless.txt', 'RGBY..\n');
    const { status, stdout } = kit(puzzle, '--nazo', '--pairs', 'PP', '--goal', 'chains>=1', '-q');
    expect(status).toBe(0);
    expect(stdout.trimEnd().split('\n').pop()).toBe('no solution (goal chains>=1, 11 placements tried)');
  });

  it('--nazo --url solves a pasted nazo link with no other flag', () => {
    const { status, stdout } = kit('--nazo', '--url', 'https://puyop.com/s/x00900z00A40j1gr29h1hi9i_c1c1__u02', '-q');
    expect(status).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines.slice(-3)).toEqual([
      'best: RG 6up, RG 2right; garbage sent 27, 26 puyos cleared',
      'answer: https://puyop.com/s/x00900z00A40j1gr29h1hi9i_cace__u02',
      '2 solutions (goal chains=2, 440 placements tried); best 2 pairs, chains 3 then 2, 1900 points',
    ]);
  });

  it('--nazo --all lists every answer; --threads gives the same', () => {
    const args = ['--nazo', '--url', 'https://puyop.com/s/x00900z00A40j1gr29h1hi9i_c1c1__u02', '--all', '--json'];
    const notations = (stdout: string) =>
      stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
        .filter((l) => l.type === 'solution')
        .map((l) => l.solution.notation);
    const one = kit(...args);
    expect(notations(one.stdout)).toEqual(['RG 6up, RG 2right', 'RG 6left, RG 2right']);
    expect(notations(kit(...args, '--threads', '2').stdout)).toEqual(notations(one.stdout));
  });

  it('33,001 pairs: one line on stderr, exit 2, before any search', () => {
    const { status, stdout, stderr } = kit(
      file('few.txt', 'RG\n'),
      '--nazo',
      '--pairs',
      Array.from({ length: 33_001 }, () => 'RG').join(','),
      '--goal',
      'chains>=1',
    );
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toEqual([
      'kit: --pairs: 33001 pairs; a chain puzzle has at most 16: the search tries up to 22 placements a pair, and 22^16 sequences already cannot finish',
    ]);
  });

  it('Ctrl-C stops a long puzzle search: exit 130', async () => {
    const puzzle = file('long.txt', 'RGBYRG\nGBYRGB\n');
    // Ten pairs and a 4-chain the bounds cannot rule out: the search runs for far longer than 3 s.
    // (An impossible goal such as 30 puyos at once is now pruned at the root and ends at once.)
    const pairs = 'RG,BY,GB,YR,RB,GY,RY,BG,RG,BY';
    const child = spawn(process.execPath, [bin, 'run', 'puyo', puzzle, '--nazo', '--pairs', pairs, '--goal', 'chains>=4', '--json'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await new Promise((resolve) => setTimeout(resolve, 3000));
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const code = await exited;
    clearTimeout(timer);
    expect(code).toBe(130);
    expect(stdout).not.toContain('"type":"done"');
  });

  it.each([
    [
      'wrong characters',
      () => file('bad.txt', 'RRX\n'),
      (p: string) => `${p}:1:3: unexpected "X": a cell is R, G, B, Y, P, O (garbage), or a space or . (empty)`,
    ],
    ['more than 14 lines', () => file('tall.txt', 'R\n'.repeat(15)), (p: string) => `${p}:15:1: too many lines: a field has at most 14 rows (got 15)`],
    ['more than 6 columns', () => file('wide.txt', 'RGBYPOR\n'), (p: string) => `${p}:1:7: too many columns: a field is 6 columns wide (got 7)`],
    ['an empty file', () => file('empty.txt', ''), (p: string) => `${p}: the field file is empty`],
    ['a directory', () => dir, (p: string) => `kit: ${p}: is a directory, not a file`],
    ['a missing file', () => join(dir, 'missing.txt'), (p: string) => `kit: ${p}: no such file`],
  ])('%s: one line on stderr, exit 2', (_name, make, expected) => {
    const path = make();
    const { status, stdout, stderr } = kit(path);
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toHaveLength(1);
    expect(stderr[0]!.replace(/^kit: (?=\/)/, '')).toBe(expected(path).replace(/^kit: (?=\/)/, ''));
  });
});
