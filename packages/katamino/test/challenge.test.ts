// Katamino challenges, both forms: pieces laid on a tiling (one completion, checked by an exact cover
// that shares nothing with the solvers: @kit/pentomino's test one), and the booklet's set with one
// distinct tiling (4 tilings in all, its mirror images and half turn). Grades checked, paths played,
// files read back with their `kit generate` header, one count through the built CLI.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { applyMove, initialPosition, type PiecesSetup } from '@kit/core/play';
import { generatedHeader, type GeneratedPuzzle, type Grade } from '@kit/core/make';
import { solveAll } from '@kit/core/host';
import plugin from '../src/plugin.js';
import { solver } from '../src/solver.js';
import { countCovers } from '../../pentomino/test/exact-cover.js';

const generate = (seed: number, difficulty: string, size: number[], form = 'laid') =>
  solver.generate!({ seed, difficulty, size, parameters: { form } }, {}) as GeneratedPuzzle;
const read = (puzzle: GeneratedPuzzle, seed: number) =>
  plugin.parse({}, { name: 'made.txt', text: `${generatedHeader('katamino', puzzle, seed)}\n${puzzle.input}` });
const errorOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as { format(): string }).format();
  }
  return 'no error';
};

/** The set, the free cells (laid ones and nothing else are `#`) and the pieces not laid. */
function partsOf(input: string): { set: string; rows: string[]; left: string } {
  const [first, ...board] = input.trimEnd().split('\n');
  const set = first!.replace('pieces ', '');
  const rows = board.length > 0 ? board.map((row) => row.replace(/[^.]/g, '#')) : Array.from({ length: 5 }, () => '.'.repeat(set.length));
  const laid = board.join('');
  return { set, rows, left: [...set].filter((name) => !laid.includes(name)).join('') };
}

/** Plays a grade's moves from the empty position: every piece goes where its step says. */
function play(instance: ReturnType<typeof read>, grade: Grade) {
  const setup = plugin.play!.setup(instance, { seed: 0 }) as PiecesSetup;
  let position = initialPosition(setup);
  for (const step of grade.steps) for (const move of step.moves!) position = applyMove(setup, position, move);
  return { setup, position };
}

describe('Katamino challenges with pieces laid', () => {
  const cases: Array<[string, number[], number[]]> = [
    ['easy', [5, 8], [1, 2, 3, 4, 5, 6]],
    ['medium', [5, 8], [1, 2, 3, 4]],
    ['hard', [5, 8], [1, 2, 3]],
    ['medium', [5, 6], [1, 2]],
    ['hard', [5, 12], [1]],
  ];
  for (const [difficulty, size, seeds] of cases) {
    it(`5x${size[1]} ${difficulty}: one completion (an independent exact cover), graded ${difficulty}, its path played`, () => {
      for (const seed of seeds) {
        const puzzle = generate(seed, difficulty, size);
        expect([puzzle.size, puzzle.difficulty]).toEqual([size.join('x'), difficulty]);
        const { set, rows, left } = partsOf(puzzle.input);
        expect(set.length).toBe(size[1]);
        expect(countCovers(rows, left, 2)).toBe(1);
        const instance = read(puzzle, seed);
        expect(instance.mode).toBe('laid');
        const grade = solver.grade!(instance, {}) as Grade;
        expect(grade.level).toBe(difficulty);
        expect(grade.steps.length).toBe(left.length);
        const { setup, position } = play(instance, grade);
        expect(plugin.play!.complete(instance, setup, position)).toBe(true);
        expect(plugin.play!.check(instance, setup, position)).toEqual([]);
      }
    }, 60_000);
  }

  it('draws its laid pieces on the play board and on its one solution', async () => {
    const puzzle = generate(2, 'medium', [5, 8]);
    const instance = read(puzzle, 2);
    const board = puzzle.input.trimEnd().split('\n').slice(1).join('');
    const setup = plugin.play!.setup(instance, { seed: 0 }) as PiecesSetup;
    plugin.play!.view(instance, setup, initialPosition(setup)).frame!.cells.forEach((cell, i) => {
      expect(board[i] === '.' ? cell.fill : cell.label).toBe(board[i] === '.' ? 'empty' : board[i]);
    });
    const { solutions, done } = await solveAll(plugin, instance);
    expect(done.summary.solutions).toBe(1);
    const rows = (solutions[0] as { rows: string[] }).rows.join('');
    expect([...rows].every((char, i) => /[A-Z]/.test(char) && (board[i] === '.' || char === board[i]))).toBe(true);
  });
});

describe("Katamino challenges in the booklet's form", () => {
  const cases: Array<[string, number[], number[]]> = [
    ['easy', [5, 4], [1, 2, 3, 4, 5, 6]],
    ['medium', [5, 6], [1, 2, 3, 4]],
    ['hard', [5, 7], [1, 2]],
  ];
  for (const [difficulty, size, seeds] of cases) {
    it(`5x${size[1]} ${difficulty}: a set with one distinct tiling (4 in all), graded ${difficulty}`, () => {
      for (const seed of seeds) {
        const puzzle = generate(seed, difficulty, size, 'set');
        expect(puzzle.input).toMatch(new RegExp(`^pieces [A-Z]{${size[1]}}\\n$`));
        const { set, rows } = partsOf(puzzle.input);
        expect(countCovers(rows, set, 9)).toBe(4);
        const instance = read(puzzle, seed);
        expect(instance.mode).toBe('pieces');
        const grade = solver.grade!(instance, {}) as Grade;
        expect(grade.level).toBe(difficulty);
        const { setup, position } = play(instance, grade);
        expect(plugin.play!.complete(instance, setup, position)).toBe(true);
      }
    }, 60_000);
  }

  it('gives the same challenge for the same request', () => {
    expect(generate(9, 'medium', [5, 6], 'set')).toEqual(generate(9, 'medium', [6, 5], 'set'));
    expect(generate(9, 'hard', [5, 10])).toEqual(generate(9, 'hard', [5, 10]));
    expect(generate(10, 'hard', [5, 10]).input).not.toBe(generate(9, 'hard', [5, 10]).input);
  });
});

describe('Katamino challenge errors', () => {
  it('refuses what it cannot make, in one line', () => {
    const fails = (difficulty: string, size: number[], form = 'laid') => errorOf(() => generate(1, difficulty, size, form));
    expect(fails('easy', [4, 4])).toBe('a Katamino board is 5xN with N from 3 to 12 (got 4x4)');
    expect(fails('easy', [5, 8], 'set')).toBe('the set form of an easy challenge has 3 to 4 pieces, so its board is 5x3 to 5x4 (got 5x8)');
    expect(fails('hard', [5, 5], 'set')).toBe('the set form of a hard challenge has 7 or more pieces, so its board is 5x7 or wider (got 5x5)');
    expect(fails('hard', [5, 7])).toBe('a hard challenge leaves at least 7 pieces and lays one or more, so its board is at least 5x8 (got 5x7)');
    expect(fails('tough', [5, 8])).toBe('no level "tough": the levels are easy, medium, hard');
  });

  it('reads a challenge file or says where it is wrong', () => {
    const parse = (text: string) => errorOf(() => plugin.parse({}, { name: 'k.txt', text }));
    expect(parse('LNPUVY\n')).toBe('k.txt:1: a Katamino challenge starts with a line "pieces LETTERS", for example "pieces LNPUVY"');
    expect(parse('pieces LNPQ\n')).toBe('k.txt:1: unknown piece "Q" in the pieces line (choose from FILNPTUVWXYZ)');
    expect(parse('pieces LNP\nL...\nL...\nL...\nLL..\n....\n')).toBe(
      'k.txt: the board must be 5 x 3 cells with no holes, one column a piece (got 5x4 around its cells)',
    );
    expect(parse('pieces LNP\nLLL\nL..\nL..\n...\n...\n')).toBe('k.txt:2:1: the 5 cells marked "L" here are not one L piece');
    expect(parse('pieces LNP\nLLL\n...\n')).toBe('k.txt:2:1: the 3 cells marked "L" here are not one L piece');
    expect(parse('# katamino 5x3 easy 1\n\npieces LUY\nLLL.q\n')).toBe(`k.txt:4:5: unexpected "q" in board (use '.' for a cell, '#' or space for a hole)`);
    expect(errorOf(() => plugin.parse({ pieces: 'LUY' }, { name: 'k.txt', text: 'pieces LUY\n' }))).toBe(
      'give exactly one of --pieces LETTERS, --n N (or A-B), --challenge NAME or a challenge file',
    );
  });

  it('grades one board with one completion only', () => {
    const grade = (raw: Record<string, string>) => errorOf(() => solver.grade!(plugin.parse(raw), {}));
    expect(grade({ pieces: 'LNPUVY' })).toBe('LNPUVY tiles 5x6 in more than one distinct way; a challenge to grade has exactly one');
    expect(grade({ pieces: 'FIL' })).toBe('FIL cannot tile 5x3, so it has no grade');
    expect(grade({ n: '5' })).toBe('a sweep or a booklet row is not one board to grade: give one set of pieces or a challenge file');
  });

  it('counts through the built CLI exactly one completion of a generated challenge', () => {
    const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..');
    const dir = mkdtempSync(join(tmpdir(), 'katamino-challenge-'));
    const puzzle = generate(4, 'hard', [5, 10]);
    writeFileSync(join(dir, 'hard.txt'), `${generatedHeader('katamino', puzzle, 4)}\n${puzzle.input}`);
    const run = spawnSync(process.execPath, [join(repoRoot, 'apps/cli/dist/bin.cjs'), 'run', 'katamino', join(dir, 'hard.txt'), '--all', '--count'], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(`5x10 ${partsOf(puzzle.input).set}: 1 solution, ${run.stdout.match(/(\d+) tries/)?.[1]} tries\n`);
    expect(run.status).toBe(0);
  });
});
