// The plugin through the real `kit` CLI, as a user runs it (cwd = the repository root).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import reference from '@kit/tooling/reference-counts.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..');
const cli = join(repoRoot, 'apps', 'cli', 'dist', 'bin.cjs');
const dir = mkdtempSync(join(tmpdir(), 'pentomino-cli-'));

function kit(...args: string[]) {
  const result = spawnSync(process.execPath, [cli, 'run', 'pentomino', ...args], { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
function boardFile(name: string, text: string) {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}
const doneOf = (stdout: string) => JSON.parse(stdout.trim().split('\n').pop()!);

describe('kit run pentomino', () => {
  it('counts the seed boards (--count --json)', () => {
    const run = kit('--size', '4', '--count', '--json');
    expect(run.status).toBe(0);
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    expect(doneOf(run.stdout)).toMatchObject({
      type: 'done',
      solutions: reference.pentomino['4x15'].distinct,
      tries: reference.pentomino['4x15'].tries,
      board: '4x15',
    });
    expect(doneOf(kit('--size', '8', '--count', '--json', '--threads', '2').stdout)).toMatchObject({
      solutions: reference.pentomino['8x8'].distinct,
      board: '8x8',
    });
    expect(doneOf(kit('--size', '7', '--count', '--json', '--all').stdout)).toMatchObject({ solutions: reference.pentomino['7x9'].all, board: '7x9' });
  });

  it('writes solutions as rows, holes as dots', () => {
    const run = kit('--size', '8', '--json', '--limit', '1');
    const [solution] = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(solution.type).toBe('solution');
    expect(solution.solution.rows).toHaveLength(8);
    expect(solution.solution.rows[3].slice(3, 5)).toBe('..');
    expect(solution.solution.rows.join('')).toMatch(/^[FILNPTUVWXYZ.]{64}$/);
  });

  it('prints the seed-style summary line', () => {
    const run = kit('--size', '3', '-q', '--no-color');
    expect(run.status).toBe(0);
    expect(run.stdout.trim().split('\n').pop()).toBe(`3x20: ${reference.pentomino['3x20'].distinct} solutions, ${reference.pentomino['3x20'].tries} tries`);
    expect(run.stdout).toContain('UUXIIIIINNNFTWYYYYZV');
  });

  it('reads a board file given as the argument or with --board, with a subset of pieces', () => {
    const path = boardFile('five-by-six.txt', '......\n......\n......\n......\n......\n');
    expect(doneOf(kit(path, '--pieces', 'LLNNPP', '--count', '--json').stdout)).toMatchObject({ solutions: 17, tries: 1703, board: '5x6' });
    expect(doneOf(kit('--board', path, '--pieces', 'LLNNPP', '--all', '--count', '--json').stdout)).toMatchObject({ solutions: 66 });
  });

  it('reads tetrominoes from a piece file', () => {
    const pieces = boardFile('tetrominoes.txt', 'IIII  OO  TTT  SS.  L.\n      OO  .T.  .SS  L.\n                    LL\n');
    const board = boardFile('four-by-six.txt', '......\n......\n......\n......\n');
    expect(doneOf(kit(board, '--piece-file', pieces, '--pieces', 'IOTTSL', '--count', '--json').stdout)).toMatchObject({ solutions: 4, board: '4x6' });
  });

  it.each([
    ['ragged.txt', '..........\n.........\n', 'ragged.txt:2: ragged board: line 2 is 9 wide but line 1 is 10'],
    ['gap.txt', '..........\n\n..........\n', 'gap.txt:2: empty line in board'],
    ['char.txt', '..........\n....x.....\n', `char.txt:2:5: unexpected "x" in board (use '.' for a cell, '#' or space for a hole)`],
    ['area.txt', '...........\n'.repeat(6), 'area.txt: the board has 66 cells but the 12 pieces cover 60'],
  ])('rejects %s with one line and exit 2', (name, text, message) => {
    const path = boardFile(name, text);
    const run = kit(path, '--count');
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toBe(`${path.slice(0, -name.length)}${message}`);
    expect(run.stdout).toBe('');
  });

  it('rejects a bad size and unknown pieces', () => {
    const size = kit('--size', '9');
    expect(size.status).toBe(2);
    expect(size.stderr.trim().split('\n')).toHaveLength(1);
    const pieces = kit('--pieces', 'FILQ');
    expect(pieces.status).toBe(2);
    expect(pieces.stderr.trim()).toBe('kit: unknown piece "Q" in --pieces (choose from FILNPTUVWXYZ)');
  });

  it('refuses a search too big to hold in one line, before building it', () => {
    const board = boardFile('huge.txt', `${'.'.repeat(300)}\n`.repeat(300));
    const run = kit(board, '--pieces', 'FILNPTUVWXYZ'.repeat(1500), '--count');
    expect([run.status, run.stdout]).toEqual([2, '']);
    expect(run.stderr).toBe(
      `${board}: too big to search: every place the pieces fit on this 300x300 board could take up to 42649480 cells to list (at most 16777216); use fewer kinds of piece, larger pieces or a smaller board\n`,
    );
  });
});
