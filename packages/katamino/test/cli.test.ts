import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The kit CLI, run from the repository root where kit.config.json lists this package.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const kit = (...args: string[]) => spawnSync(process.execPath, ['apps/cli/dist/bin.cjs', 'run', 'katamino', ...args], { cwd: root, encoding: 'utf8' });
const lines = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('kit run katamino', () => {
  it('--n 4 --json: one solution event per set that tiles, done with subsets and solutions', () => {
    const run = kit('--n', '4', '--json', '--threads', '1');
    expect(run.status).toBe(0);
    const events = lines(run.stdout);
    const solutions = events.filter((e) => e.type === 'solution');
    expect(solutions).toHaveLength(26);
    expect(solutions[0]).toMatchObject({ index: 1, solution: { pieces: expect.any(String), count: expect.any(Number), rows: expect.any(Array) } });
    expect(events.at(-1)).toMatchObject({ type: 'done', subsets: 26, solutions: 50, tried: 495 });
  });

  it('--pieces --json --count: only the done line', () => {
    const run = kit('--pieces', 'lnpuvy', '--json', '--count');
    expect(run.status).toBe(0);
    expect(lines(run.stdout)).toEqual([expect.objectContaining({ type: 'done', solutions: 14, board: '5x6', pieces: 'LNPUVY' })]);
  });

  it('--n 3 prints the sets and a table', () => {
    const run = kit('--n', '3', '--no-color', '-q');
    expect(run.status).toBe(0);
    expect(run.stdout.trim().split('\n').slice(-3)).toEqual([
      'N   subsets  tiling  solutions',
      '3       220       7          7',
      '5x3: 7 of 220 piece sets tile, 7 solutions, 112 tries',
    ]);
  });

  it('exits 2 with one line for bad input', () => {
    for (const [args, message] of [
      [['--pieces', 'LPUVQ'], 'unknown piece "Q" in --pieces (choose from FILNPTUVWXYZ)'],
      [['--pieces', 'FILNPTUVWXYZF'], 'piece F is named twice in --pieces (Katamino has one of each)'],
      [['--n', '12-3'], '--n range 12-3 is backwards (write 3-12)'],
    ] as const) {
      const run = kit(...args);
      expect(run.status).toBe(2);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toContain(message);
    }
  });
});
