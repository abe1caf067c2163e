import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The real `kit` CLI, run from the repository root so it discovers this package through kit.config.json.
const root = resolve(import.meta.dirname, '../../..');
const bin = join(root, 'apps/cli/dist/bin.cjs');

function kit(...args: string[]) {
  const run = spawnSync(process.execPath, [bin, 'run', 'hitori-sat', ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr.trim() };
}

function file(name: string, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'hitori-sat-cli-'));
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('kit run hitori-sat', () => {
  it('without colour prints shaded cells as # and the rest as their numbers', () => {
    const puzzle = file('two.txt', '4\n4\n1 2 1 3\n3 4 3 2\n3 3 4 1\n2 1 3 1\n');
    const { code, stdout } = kit(puzzle, '-q');
    expect(code).toBe(0);
    expect(stdout).toBe('No. 1\n#213\n34#2\n#341\n213#\n\nNo. 2\n#21#\n34#2\n#341\n213#\n\n4x4: 2 solutions (not unique)\n');
  });

  it('--json: solution events carry "shaded", done carries "unique" and "solutions"', () => {
    const puzzle = file('two.txt', '4\n4\n1 2 1 3\n3 4 3 2\n3 3 4 1\n2 1 3 1\n');
    const { code, stdout } = kit(puzzle, '--json');
    expect(code).toBe(0);
    const events = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(events.map((e) => e.type)).toEqual(['solution', 'solution', 'done']);
    expect(events[0].solution.shaded).toEqual(['#...', '..#.', '#...', '...#']);
    expect(events[2]).toMatchObject({ type: 'done', solutions: 2, unique: false });
  });

  it('--json with --fill: the solution carries "numbers"; no filling gives solutions 0', () => {
    const pattern = file('p.txt', '5\n5\n0 3 3 0 0\n5 4 0 5 4\n0 0 3 3 4\n4 4 3 0 3\n5 0 3 0 3\n');
    const events = kit('--fill', pattern, '--json')
      .stdout.trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(events.map((e) => e.type)).toEqual(['solution', 'done']);
    expect(events[0].solution.numbers).toHaveLength(5);
    expect(events[0].solution.numbers[0][1]).toBe(events[0].solution.numbers[0][2]);
    expect(events[1]).toMatchObject({ solutions: 1, unique: true });
    const bad = file('bad.txt', '3\n3\n1 0 1\n0 0 0\n0 0 0\n');
    const done = JSON.parse(kit('--fill', bad, '--json').stdout.trim());
    expect(done).toMatchObject({ type: 'done', solutions: 0, unique: null });
  });

  it('bad input: exit 2 and one line naming the place', () => {
    const ragged = file('ragged.txt', '1 2 3\n2 3\n');
    expect(kit(ragged)).toMatchObject({ code: 2, stderr: `${ragged}:2:1: row 2 has 2 cells but row 1 has 3` });
    const empty = file('empty.txt', '');
    expect(kit(empty)).toMatchObject({ code: 2, stderr: `${empty}: the file is empty` });
  });

  it('-o never overwrites without --force (exit 2, the file named)', () => {
    const existing = file('out.txt', 'keep');
    expect(kit('--generate', '5x5', '-o', existing)).toMatchObject({ code: 2, stderr: `${existing}: already exists (add --force to overwrite it)` });
  });

  it('--fill numbers the 3x3 PencilBox pattern once called impossible', () => {
    const pattern = file('p.txt', '3\n3\n0 1 0\n1 0 1\n2 1 0\n');
    const { code, stdout } = kit('--fill', pattern, '--emit', 'grid', '-q');
    expect(code).toBe(0);
    const rows = stdout.trim().split('\n');
    expect(rows.at(-1)).toBe('3x3: filled, the design has no Hitori solution');
    const numbers = rows.slice(-4, -1).map((row) => row.split(' ').map(Number));
    // The 1s keep one number per line; everything else in a line differs.
    expect(numbers[1]![0]).toBe(numbers[1]![2]);
    expect(numbers[0]![1]).toBe(numbers[2]![1]);
    for (const line of [...numbers, ...[0, 1, 2].map((x) => numbers.map((row) => row[x]!))]) {
      expect(new Set(line).size).toBe(line[0] === line[2] ? 2 : 3);
    }
  });

  it('reads a Singles game ID with a difficulty, as Tatham prints it', () => {
    const puzzle = file('singles.txt', '4x4dk:2422114343124114\n');
    expect(kit(puzzle, '-q')).toMatchObject({ code: 0, stdout: expect.stringMatching(/4x4: unique solution\n$/) });
  });

  it('accepts sides over 100 (up to 200)', () => {
    const row = Array.from({ length: 150 }, (_, i) => i + 1);
    const puzzle = file('wide.txt', `${row.join(' ')}\n${[...row.slice(1), 1].join(' ')}\n`);
    expect(kit(puzzle, '--first', '--count')).toMatchObject({ code: 0, stdout: expect.stringMatching(/150x2: /) });
  });
});
