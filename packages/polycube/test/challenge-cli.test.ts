// A generated challenge through the built `kit` CLI: kit generate writes it, kit run counts exactly
// one completion, kit grade reads it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..');
const cli = join(repoRoot, 'apps', 'cli', 'dist', 'bin.cjs');
const dir = mkdtempSync(join(tmpdir(), 'polycube-challenge-'));

function kit(...args: string[]) {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('kit generate polycube', () => {
  it('writes challenges that kit run --all --count finds exactly one completion of, and kit grade grades', () => {
    for (const [size, difficulty, seed] of [
      ['3x3x3', 'hard', '4'],
      ['3x4x5', 'medium', '7'],
    ] as const) {
      const made = kit('generate', 'polycube', '--size', size, '--difficulty', difficulty, '--seed', seed);
      expect(made.status, made.stderr).toBe(0);
      const header = made.stdout.split('\n')[0]!;
      expect(header).toMatch(new RegExp(`^# polycube ${size} (easy|medium|hard) ${seed}$`));
      const path = join(dir, `${size}.txt`);
      writeFileSync(path, made.stdout);
      const counted = kit('run', 'polycube', path, '--all', '--count');
      expect(counted.status, counted.stderr).toBe(0);
      expect(counted.stdout).toMatch(
        new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} ${size}: 1 solution with no symmetry removed, \\d+ tries\\n$`),
      );
      const graded = kit('grade', 'polycube', path);
      expect(graded.status, graded.stderr).toBe(0);
      expect(graded.stdout).toMatch(new RegExp(`^${size}: ${header.split(' ')[3]} \\(\\d+ steps: .*\\)\\n$`));
    }
  });

  it('refuses a set of the wrong volume in one line, exit 2', () => {
    const out = kit('generate', 'polycube', '--size', '3x4x5', '--set', 'soma');
    expect(out.status).toBe(2);
    expect(out.stderr.trim()).toBe('kit: --set soma has 27 cubes but the 3x4x5 box has 60');
  });
});
