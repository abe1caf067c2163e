// `kit generate` and `kit grade` through the built CLI: the Sudoku example's generator and grader,
// and core's fixture plugins for what Sudoku cannot show (a generator that throws, no generator).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readGeneratedHeader } from '@kit/core/make';
import { BIN, COUNTING, REPO, cleanEnv, interruptKit, kit, tempDir } from './helpers.js';

const FIXTURES = join(REPO, 'packages', 'core', 'test', 'fixtures');
const MAKER = join(FIXTURES, 'maker-plugin.js');
const BINAIRO = join(FIXTURES, 'binairo-plugin.js');

/** The puzzles of a text output: header fields and the grid rows under each. */
function puzzlesOf(stdout: string) {
  return stdout.split('\n\n').map((block) => {
    const [header, ...rows] = block.trimEnd().split('\n');
    return { header: readGeneratedHeader(header!), rows };
  });
}

describe('kit generate', () => {
  it('prints the same bytes for the same words, under a header, and another puzzle for another seed', () => {
    const first = kit(['generate', 'sudoku', '--difficulty', 'medium', '--seed', '7']);
    expect([first.status, first.stderr]).toEqual([0, '']);
    expect(kit(['generate', 'sudoku', '--difficulty', 'medium', '--seed', '7']).stdout).toBe(first.stdout);
    const [puzzle] = puzzlesOf(first.stdout);
    expect(puzzle!.header).toEqual({ pluginId: 'sudoku', size: '9x9', difficulty: 'medium', seed: 7 });
    expect(puzzle!.rows).toHaveLength(9);
    expect(puzzle!.rows.every((row) => /^[1-9.]{9}$/.test(row))).toBe(true);
    expect(kit(['generate', 'sudoku', '--difficulty', 'medium', '--seed', '8']).stdout).not.toBe(first.stdout);
  });

  it('starts at seed 1 by default, at the first level and the default size', () => {
    const result = kit(['generate', 'sudoku']);
    expect(result.stdout).toBe(kit(['generate', 'sudoku', '--seed', '1', '--difficulty', 'easy', '--size', '9x9', '--count', '1']).stdout);
    expect(result.stdout.split('\n')[0]).toBe('# sudoku 9x9 easy 1');
  });

  it('prints K puzzles of seeds N, N+1, ... in order, a blank line between them, whatever the threads', () => {
    const one = kit(['generate', 'sudoku', '--seed', '41', '--count', '3', '--threads', '1']);
    expect(one.status).toBe(0);
    const puzzles = puzzlesOf(one.stdout);
    expect(puzzles.map((puzzle) => puzzle.header?.seed)).toEqual([41, 42, 43]);
    expect(puzzles.every((puzzle) => puzzle.rows.length === 9)).toBe(true);
    // Each is the puzzle its seed alone gives.
    const alone = kit(['generate', 'sudoku', '--seed', '42']).stdout;
    expect(`${one.stdout.split('\n\n')[1]}\n`).toBe(alone);
    expect(kit(['generate', 'sudoku', '--seed', '41', '--count', '3', '--threads', '2']).stdout).toBe(one.stdout);
  });

  it('writes one JSON line a puzzle with a link that reopens it in the page', () => {
    const result = kit(['generate', 'sudoku', '--difficulty', 'hard', '--seed', '5', '--count', '2', '--symmetry', 'rotational', '--json']);
    expect(result.status).toBe(0);
    const lines = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => [line['type'], line['seed'], line['size'], line['difficulty'], line['link']])).toEqual([
      ['puzzle', 5, '9x9', 'hard', '?puzzle=sudoku&play=1&new=1&difficulty=hard&seed=5&size=9x9&symmetry=rotational'],
      ['puzzle', 6, '9x9', 'hard', '?puzzle=sudoku&play=1&new=1&difficulty=hard&seed=6&size=9x9&symmetry=rotational'],
    ]);
    // The same puzzle as the text output, and its other format.
    const text = kit(['generate', 'sudoku', '--difficulty', 'hard', '--seed', '5', '--symmetry', 'rotational']).stdout;
    expect(text).toBe(`# sudoku 9x9 hard 5\n${String(lines[0]!['input'])}`);
    expect(lines[0]!['formats']).toEqual({ line: String(lines[0]!['input']).replace(/\n/g, '') });
  });

  it('writes another format with --emit, and names the formats it has for one it has not', () => {
    const line = kit(['generate', 'sudoku', '--seed', '3', '--emit', 'line']);
    expect(line.stdout).toMatch(/^# sudoku 9x9 easy 3\n[1-9.]{81}\n$/);
    const unknown = kit(['generate', 'sudoku', '--emit', 'puzz.link']);
    expect([unknown.status, unknown.stdout, unknown.stderr]).toEqual([
      2,
      '',
      'kit: --emit "puzz.link": sudoku emits line (its own text format is the default)\n',
    ]);
  });

  it('refuses, in one line, a level, a size, a seed or a parameter it does not take', () => {
    const refusal = (...args: string[]) => {
      const result = kit(['generate', 'sudoku', ...args]);
      return [result.status, result.stdout, result.stderr];
    };
    expect(refusal('--difficulty', 'extreme')).toEqual([2, '', 'kit: --difficulty "extreme": sudoku\'s levels are easy, medium, hard\n']);
    expect(refusal('--size', '9')).toEqual([2, '', 'kit: --size must be WxH (got "9")\n']);
    expect(refusal('--size', '20x20')).toEqual([2, '', 'kit: --size 20x20: each side must be 4 to 16\n']);
    expect(refusal('--size', '5x5')).toEqual([2, '', 'kit: a Sudoku is 4x4, 9x9 or 16x16 (got 5x5)\n']);
    expect(refusal('--seed', '4294967296')).toEqual([2, '', 'kit: --seed must be an integer from 0 to 4294967295 (got "4294967296")\n']);
    // The page's ?seed= and `kit generate --seed` refuse in one wording (core's table of host names).
    expect(refusal('--seed', '1e3')).toEqual([2, '', 'kit: --seed must be an integer from 0 to 4294967295 (got "1e3")\n']);
    expect(refusal('--count', '0')).toEqual([2, '', 'kit: --count must be an integer from 1 to 100000 (got "0")\n']);
    expect(refusal('--threads', 'x')).toEqual([2, '', 'kit: --threads must be a positive integer (got "x")\n']);
    expect(refusal('--seed', '4294967295', '--count', '2')).toEqual([2, '', 'kit: --seed 4294967295 --count 2 goes past the last seed, 4294967295\n']);
    expect(refusal('--symmetry', 'mirror')).toEqual([2, '', 'kit: --symmetry must be one of none, rotational (got "mirror")\n']);
    expect(refusal('--fill', 'x')).toEqual([2, '', "kit: unknown option '--fill'\n"]);
  });

  it('says what a plugin without a generator has instead, in one line', () => {
    const counting = kit(['generate', 'counting', '--plugin', COUNTING]);
    expect([counting.status, counting.stdout, counting.stderr]).toEqual([2, '', 'kit: kit generate counting: counting has no generator (it has: a solver)\n']);
    const binairo = kit(['generate', 'binairo', '--plugin', BINAIRO]);
    expect(binairo.stderr).toBe('kit: kit generate binairo: binairo has no generator (it has: a solver, play mode)\n');
    expect(kit(['generate']).stderr).toBe('kit: kit generate needs a plugin id (see kit list)\n');
  });

  it('is listed by kit info and kit --help', () => {
    const info = kit(['info', 'sudoku']).stdout;
    expect(info).toContain(
      '\n  kit generate sudoku  levels easy, medium, hard; sizes 4 to 16 a side (default 9x9) (kit generate sudoku --help)\n  kit grade sudoku FILE  levels easy, medium, hard\n',
    );
    const help = kit(['--help']).stdout;
    expect(help).toMatch(/\n  generate +make puzzles with a plugin's generator/);
    expect(help).toMatch(/\n  grade +a puzzle's level and how a person solves it/);
  });

  it("reports a generator's own error as the plugin's fault (exit 1), and the user's as exit 2", () => {
    const fault = kit(['generate', 'maker', '--mode', 'throw', '--seed', '9', '--plugin', MAKER]);
    expect([fault.status, fault.stdout]).toEqual([1, '']);
    expect(fault.stderr).toMatch(/^kit: plugin maker failed: RangeError: no puzzle from seed 9 \(set KIT_DEBUG=1 to see the stack trace\)\n$/);
    const unreachable = kit(['generate', 'sudoku', '--size', '4x4', '--difficulty', 'hard']);
    expect([unreachable.status, unreachable.stderr]).toEqual([2, 'kit: no hard 4x4 Sudoku in 200 grids from seed 1\n']);
  });

  it('writes -o FILE, and never over a file that is there unless --force', () => {
    const dir = tempDir();
    const file = join(dir, 'puzzles.txt');
    const made = kit(['generate', 'sudoku', '--count', '2', '-o', file]);
    expect([made.status, made.stdout, made.stderr]).toEqual([0, '', `kit: ${file}: 2 puzzles\n`]);
    expect(readFileSync(file, 'utf8')).toBe(kit(['generate', 'sudoku', '--count', '2']).stdout);
    writeFileSync(file, 'mine\n');
    const refused = kit(['generate', 'sudoku', '-o', file]);
    expect([refused.status, refused.stderr, readFileSync(file, 'utf8')]).toEqual([2, `kit: ${file}: already exists (add --force to overwrite it)\n`, 'mine\n']);
    expect(kit(['generate', 'sudoku', '-o', file, '--force']).status).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(kit(['generate', 'sudoku']).stdout);
    expect(kit(['generate', 'sudoku', '--force']).stderr).toBe('kit: --force goes with -o FILE\n');
    expect(existsSync(join(dir, 'other.txt'))).toBe(false);
  });

  it('stops at Ctrl-C with exit 130, the puzzles written so far whole', async () => {
    const result = await interruptKit(['generate', 'sudoku', '--count', '5000', '--threads', '1'], '# sudoku 9x9 easy 3\n');
    expect(result.status).toBe(130);
    expect(result.stoppedMs).toBeLessThan(1000);
    const puzzles = puzzlesOf(result.stdout.slice(0, result.stdout.lastIndexOf('\n\n')));
    expect(puzzles.map((puzzle) => puzzle.header?.seed)).toEqual(Array.from({ length: puzzles.length }, (_, i) => i + 1));
    expect(puzzles.every((puzzle) => puzzle.rows.length === 9)).toBe(true);
  });

  it('shows a progress line on a terminal once it takes more than a second, and ^C there exits 130', async () => {
    // script(1) gives kit a pseudo-terminal; the fixture's generator never ends on its own.
    const command = `${process.execPath} ${BIN} generate maker --mode forever --plugin ${MAKER}`;
    const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd: tempDir(), env: cleanEnv() });
    let output = '';
    let typed = false;
    const started = performance.now();
    let shownAfterMs = 0;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (!typed && /generating maker 4x1 easy: 0\/1 puzzle · \d+ tries · \d\.\ds/.test(output)) {
        typed = true;
        shownAfterMs = performance.now() - started;
        child.stdin.write('\u0003');
      }
    });
    const status = await new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.stdin.destroy();
    expect(typed).toBe(true);
    expect(shownAfterMs).toBeGreaterThan(1000);
    expect(status).toBe(130);
  });
});

describe('kit grade', () => {
  it('grades a generated puzzle at the level its header names, for every level', () => {
    const dir = tempDir();
    for (const level of ['easy', 'medium', 'hard']) {
      const file = join(dir, `${level}.txt`);
      expect(kit(['generate', 'sudoku', '--difficulty', level, '--seed', '11', '-o', file]).status).toBe(0);
      const header = readGeneratedHeader(readFileSync(file, 'utf8').split('\n')[0]!)!;
      const result = kit(['grade', 'sudoku', file]);
      expect([result.status, result.stderr]).toEqual([0, '']);
      expect(result.stdout).toMatch(new RegExp(`^9x9: ${header.difficulty} \\(\\d+ steps: \\d+ easy(, \\d+ medium)?(, \\d+ hard)?\\)\\n$`));
    }
  });

  it('prints the solving path with --steps, one numbered line a step, then the grade', () => {
    const dir = tempDir();
    const file = join(dir, 'sample.txt');
    writeFileSync(file, '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n');
    const result = kit(['grade', 'sudoku', file, '--steps']);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.at(-1)).toBe('9x9: easy (51 steps: 51 easy)');
    expect(lines).toHaveLength(52);
    expect(lines[0]).toBe('   1. hidden single (easy): r1c6 is 8: the only place for 8 in box 2.');
    expect(lines.slice(0, -1).every((line, i) => line.startsWith(`${String(i + 1).padStart(4)}. `))).toBe(true);
  });

  it('writes one JSON line a step, then the grade', () => {
    const dir = tempDir();
    const file = join(dir, 'medium.txt');
    kit(['generate', 'sudoku', '--difficulty', 'medium', '--seed', '4', '-o', file]);
    const result = kit(['grade', 'sudoku', file, '--json']);
    const lines = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const steps = lines.slice(0, -1);
    const grade = lines.at(-1)!;
    expect(
      steps.every((step, i) => step['type'] === 'step' && step['index'] === i + 1 && typeof step['text'] === 'string' && Array.isArray(step['cells'])),
    ).toBe(true);
    const counts = { easy: steps.filter((step) => step['level'] === 'easy').length, medium: steps.filter((step) => step['level'] === 'medium').length };
    expect(grade).toEqual({
      type: 'grade',
      size: '9x9',
      level: 'medium',
      steps: steps.length,
      counts,
      line: `9x9: medium (${steps.length} steps: ${counts.easy} easy, ${counts.medium} medium)`,
    });
    expect(kit(['grade', 'sudoku', file]).stdout).toBe(`${String(grade['line'])}\n`);
  });

  it('refuses, in one line, a missing file, a bad one, a puzzle with many solutions, and a plugin with no grader', () => {
    const dir = tempDir();
    const missing = kit(['grade', 'sudoku', join(dir, 'none.txt')]);
    expect([missing.status, missing.stdout, missing.stderr]).toEqual([2, '', `kit: ${join(dir, 'none.txt')}: no such file\n`]);
    const bad = join(dir, 'bad.txt');
    writeFileSync(bad, '# sudoku 9x9 easy 1\n53..7....\n6..x95...\n');
    expect(kit(['grade', 'sudoku', bad]).stderr).toBe(`${bad}:3:4: unexpected "x" (a cell is 1-9, A-G, or . for empty)\n`);
    const open = join(dir, 'open.txt');
    writeFileSync(open, `${'.'.repeat(81)}\n`);
    expect(kit(['grade', 'sudoku', open])).toEqual({
      status: 2,
      stdout: '',
      stderr: 'kit: the puzzle has more than one solution: a grade needs exactly one\n',
    });
    const none = kit(['grade', 'counting', open, '--plugin', COUNTING]);
    expect([none.status, none.stderr]).toEqual([2, 'kit: kit grade counting: counting has no grader (it has: a solver)\n']);
    expect(kit(['grade', 'sudoku']).stderr).toBe('kit: kit grade sudoku needs a file (sudoku)\n');
  });
});
