// The CLI contract for the first puzzle (docs/contract.md), run the way users run it: from the repository
// root, where kit.config.json makes `./packages/*` plugins discoverable.
import { describe, expect, it } from 'vitest';
import { kit } from './helpers.js';

const jsonLines = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('kit run pentomino', () => {
  it('--size 5 --count --json reports 1010 distinct solutions in one done line', () => {
    const result = kit(['run', 'pentomino', '--size', '5', '--count', '--json']);
    expect(result.status).toBe(0);
    const lines = jsonLines(result.stdout);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ type: 'done', solutions: 1010, board: '5x12' });
    expect(typeof lines[0]!['elapsedMs']).toBe('number');
    expect(typeof lines[0]!['tries']).toBe('number');
  });

  it('--size 9 is one line on stderr and exit 2', () => {
    const result = kit(['run', 'pentomino', '--size', '9']);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n').filter((line) => line.includes('--size'))).toEqual(['kit: --size must be an integer from 3 to 8 (got "9")']);
  });

  it('--size 6 --limit 3 --json gives 3 solution lines with rows, then done', () => {
    const result = kit(['run', 'pentomino', '--size', '6', '--limit', '3', '--json']);
    expect(result.status).toBe(0);
    const lines = jsonLines(result.stdout);
    expect(lines.map((line) => line['type'])).toEqual(['solution', 'solution', 'solution', 'done']);
    for (const [i, line] of lines.slice(0, 3).entries()) {
      expect(line['index']).toBe(i + 1);
      const rows = (line['solution'] as { rows: string[] }).rows;
      expect(rows).toHaveLength(6);
      for (const row of rows) expect(row).toMatch(/^[FILNPTUVWXYZ]{10}$/);
    }
    expect(lines[3]).toMatchObject({ type: 'done', solutions: 3, board: '6x10' });
  });

  it('prints solutions as letters on a pipe and ends with the summary line', () => {
    const result = kit(['run', 'pentomino', '--size', '3', '-q']);
    expect(result.status).toBe(0);
    const out = result.stdout.split('\n');
    expect(out[0]).toBe('No. 1');
    expect(out.slice(1, 4).every((row) => /^[FILNPTUVWXYZ]{20}$/.test(row))).toBe(true);
    expect(out.at(-2)).toMatch(/^3x20: 2 solutions, \d+ tries$/);
  });

  it('generates --help from the option specs', () => {
    const result = kit(['run', 'pentomino', '--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Usage: kit run pentomino');
    expect(result.stdout).toContain('-s, --size <n>');
    expect(result.stdout).toContain('(3..8, default 6)');
  });
});
