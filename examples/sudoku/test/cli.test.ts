// The plugin as users meet it: through the kit CLI, which finds it via the repository's kit.config.json.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INKALA_SOLUTION } from './puzzles.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

function kit(...args: string[]) {
  const result = spawnSync(process.execPath, ['apps/cli/dist/bin.cjs', ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('kit run sudoku', () => {
  it('is listed', () => {
    expect(kit('list').stdout).toMatch(/^sudoku\s+0\.1\.0\s+Sudoku$/m);
  });

  it('solves a drawn grid file and streams JSON', () => {
    const { status, stdout } = kit('run', 'sudoku', fixture('inkala.txt'), '--json');
    expect(status).toBe(0);
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ type: 'solution', index: 1, solution: { rows: INKALA_SOLUTION } });
    expect(lines[1]).toMatchObject({ type: 'done', solutions: 1, unique: true, givens: 21, size: '9x9' });
  });

  it('counts the 4x4 grids', () => {
    const { status, stdout } = kit('run', 'sudoku', '--cells', '.'.repeat(16), '--count', '--json');
    expect(status).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ type: 'done', solutions: 288, unique: false, size: '4x4' });
  });

  it('ends its human output with the summary line', () => {
    const { status, stdout } = kit('run', 'sudoku', '-q', '--no-color');
    expect(status).toBe(0);
    expect(stdout.trim().split('\n').at(-1)).toBe('9x9: 1 solution (unique), 30 givens, 51 tries');
    expect(stdout).toContain('534678912');
  });

  it('names the place of a clash in a file, on one line, with exit code 2', () => {
    const { status, stdout, stderr } = kit('run', 'sudoku', fixture('clash.txt'));
    expect(status).toBe(2);
    expect(stdout).toBe('');
    const lines = stderr
      .trim()
      .split('\n')
      .filter((line) => !line.includes(' skipped: '));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith(`${fixture('clash.txt')}:9:4: 4 appears twice in column 4`)).toBe(true);
  });
});
