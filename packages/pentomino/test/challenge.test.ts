// Challenges: boards with pieces laid whose completion is unique, made from a seed and graded.
// Uniqueness is checked by an exact cover written in the test (exact-cover.ts), the path's rules by
// a rule finder written here, the moves by playing them; the generated text is read back as the
// plugin reads a file (with the `kit generate` header), and once through the built CLI.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { applyMove, initialPosition, type PiecesSetup, type PlayPosition } from '@kit/core/play';
import { generatedHeader, type GeneratedPuzzle, type Grade } from '@kit/core/make';
import plugin from '../src/plugin.js';
import { solver } from '../src/solver.js';
import { errorOf } from '@kit/tooling/testing';
import { countCovers, pieceOrientations } from './exact-cover.js';

const generate = (seed: number, difficulty: string, size: number[] = [6, 10]): GeneratedPuzzle =>
  solver.generate!({ seed, difficulty, size, parameters: {} }, {}) as GeneratedPuzzle;
const read = (puzzle: GeneratedPuzzle, seed: number) =>
  plugin.parse({}, { name: 'made.txt', text: `${generatedHeader('pentomino', puzzle, seed)}\n${puzzle.input}` });

/** The free cells of a challenge (laid letters and holes are not) and the pieces not laid. */
function openPart(input: string): { rows: string[]; left: string } {
  const rows = input.trimEnd().split('\n');
  const laid = new Set(rows.join('').replace(/[.#]/g, ''));
  return { rows: rows.map((row) => row.replace(/[^.]/g, '#')), left: [...'FILNPTUVWXYZ'].filter((name) => !laid.has(name)).join('') };
}

/** Where `name` can go on the free cells leaving only gaps of a multiple of 5 cells: the test's own rule finder. */
function placesOf(free: boolean[], width: number, name: string): number[][] {
  const height = free.length / width;
  const found: number[][] = [];
  for (const shape of pieceOrientations(name)) {
    for (let top = 0; top < height; top++) {
      for (let left = 0; left < width; left++) {
        const cells = shape.map(([r, c]) => (top + r) * width + left + c);
        if (!shape.every(([r, c]) => top + r < height && left + c < width) || !cells.every((cell) => free[cell])) continue;
        const after = free.map((cell, i) => cell && !cells.includes(i));
        const seen = new Set<number>();
        let gapsOk = true;
        for (let start = 0; start < after.length && gapsOk; start++) {
          if (!after[start] || seen.has(start)) continue;
          const stack = [start];
          seen.add(start);
          let count = 0;
          while (stack.length > 0) {
            const cell = stack.pop()!;
            count++;
            const near = [cell - width, cell + width, cell % width > 0 ? cell - 1 : -1, cell % width < width - 1 ? cell + 1 : -1];
            for (const next of near)
              if (next >= 0 && after[next] && !seen.has(next)) {
                seen.add(next);
                stack.push(next);
              }
          }
          gapsOk = count % 5 === 0;
        }
        if (gapsOk) found.push(cells.sort((a, b) => a - b));
      }
    }
  }
  return found;
}

/** Plays the grade's moves, checking each step's rule with the test's rule finder; returns the end. */
function walk(setup: PiecesSetup, grade: Grade): PlayPosition {
  let position = initialPosition(setup);
  const free = Array.from({ length: setup.width * setup.height }, (_, cell) => !(setup.holes ?? []).includes(cell));
  const left = new Set(setup.tray.map((piece) => piece.name));
  for (const step of grade.steps) {
    const name = setup.tray[(step.moves![0] as { piece: number }).piece]!.name;
    const options = new Map([...left].map((piece) => [piece, placesOf(free, setup.width, piece)]));
    const all = [...options.values()].flat();
    const coveredOnce = step.cells.some((cell) => all.filter((place) => place.includes(cell)).length === 1);
    if (step.rule === 'only fit') expect(options.get(name)).toEqual([step.cells]);
    else if (step.rule === 'forced by a hole') {
      expect([...options.values()].some((list) => list.length === 1)).toBe(false);
      expect(coveredOnce).toBe(true);
    } else {
      expect(step.rule).toBe('search');
      expect([...options.values()].some((list) => list.length === 1)).toBe(false);
      expect(free.some((isFree, cell) => isFree && all.filter((place) => place.includes(cell)).length === 1)).toBe(false);
    }
    expect(step.level).toBe({ 'only fit': 'easy', 'forced by a hole': 'medium', search: 'hard' }[step.rule]);
    expect(step.text).toMatch(new RegExp(`[Tt]he ${name} `));
    for (const move of step.moves!) position = applyMove(setup, position, move);
    for (const cell of step.cells) free[cell] = false;
    left.delete(name);
  }
  return position;
}

describe('pentomino challenges', () => {
  const cases: Array<[string, number[], number[]]> = [
    ['easy', [6, 10], [1, 2, 3, 4, 5, 6, 7, 8]],
    ['medium', [6, 10], [1, 2, 3, 4, 5, 6, 7, 8]],
    ['hard', [6, 10], [1, 2, 3, 4]],
    ['medium', [5, 12], [1, 2]],
    ['medium', [4, 15], [1, 2]],
    ['easy', [3, 20], [1, 2]],
    ['hard', [7, 9], [1]],
    ['medium', [8, 8], [1]],
  ];
  for (const [difficulty, size, seeds] of cases) {
    it(`${size.join('x')} ${difficulty}: one completion (an exact cover written here), graded ${difficulty}, its path played`, () => {
      for (const seed of seeds) {
        const puzzle = generate(seed, difficulty, size);
        expect(puzzle.difficulty).toBe(difficulty);
        expect(puzzle.size).toBe(size.join('x'));
        const { rows, left } = openPart(puzzle.input);
        expect(countCovers(rows, left, 2)).toBe(1);
        const { min, max } = { easy: { min: 3, max: 4 }, medium: { min: 3, max: 6 }, hard: { min: 5, max: 9 } }[difficulty]!;
        expect(left.length).toBeGreaterThanOrEqual(min);
        expect(left.length).toBeLessThanOrEqual(max);
        // Read back as a file with its header: the laid pieces fixed, the others to place.
        const instance = read(puzzle, seed);
        expect(instance.pieces.kinds.map((kind) => kind.name).join('')).toBe(left);
        expect(instance.laid!.length).toBe(12 - left.length);
        const grade = solver.grade!(instance, {}) as Grade;
        expect(grade.level).toBe(difficulty);
        expect(grade.size).toBe(size.join('x'));
        expect(grade.steps.length).toBe(left.length);
        const setup = plugin.play!.setup(instance, { seed: 0 }) as PiecesSetup;
        const end = walk(setup, grade);
        expect(plugin.play!.complete(instance, setup, end)).toBe(true);
        expect(plugin.play!.check(instance, setup, end)).toEqual([]);
        expect(grade.steps.flatMap((step) => step.cells).sort((a, b) => a - b)).toEqual(
          rows
            .join('')
            .split('')
            .flatMap((char, cell) => (char === '.' ? [cell] : [])),
        );
      }
    }, 60_000);
  }

  it('gives the same challenge for the same request, and another for another seed', () => {
    expect(generate(11, 'medium')).toEqual(generate(11, 'medium'));
    expect(generate(12, 'medium').input).not.toBe(generate(11, 'medium').input);
    expect(generate(11, 'hard', [10, 6])).toEqual(generate(11, 'hard', [6, 10]));
  });

  it('draws the laid pieces on its solutions and on the play board', () => {
    const puzzle = generate(5, 'easy');
    const instance = read(puzzle, 5);
    const laid = puzzle.input.trimEnd().split('\n');
    const setup = plugin.play!.setup(instance, { seed: 0 }) as PiecesSetup;
    const frame = plugin.play!.view(instance, setup, initialPosition(setup)).frame!;
    frame.cells.forEach((cell, i) => {
      const char = laid.join('')[i]!;
      expect(char === '.' ? cell.fill : cell.label).toBe(char === '.' ? 'empty' : char);
    });
  });

  it('refuses what it cannot make in one line', () => {
    const fails = (request: Partial<{ seed: number; difficulty: string; size: number[] }>) =>
      errorOf(() => solver.generate!({ seed: 1, difficulty: 'easy', parameters: {}, ...request }, {}));
    expect(fails({ size: [5, 5] })).toBe(
      'a pentomino challenge is made on a seed board: 3x20, 4x15, 5x12, 6x10, 7x9 (without the centre line) or 8x8 (without the centre 2x2) (got 5x5)',
    );
    expect(fails({ difficulty: 'expert' })).toBe('no level "expert": the levels are easy, medium, hard');
    const controller = new AbortController();
    controller.abort();
    expect(() => solver.generate!({ seed: 1, difficulty: 'hard', size: [6, 10], parameters: {} }, { signal: controller.signal })).toThrow();
  });

  it('grades only a board with one completion', () => {
    const grade = (text: string, pieces?: string) => errorOf(() => solver.grade!(plugin.parse(pieces ? { pieces } : {}, { name: 'g.txt', text }), {}));
    expect(grade(`${'.'.repeat(20)}\n`.repeat(3))).toBe('this board can be completed in more than one way; a challenge to grade has exactly one completion');
    expect(grade('.....\n', 'X')).toBe('this board cannot be completed, so it has no grade');
  });
});

describe('laid pieces in a board file', () => {
  const parse = (text: string, pieces?: string) => errorOf(() => plugin.parse(pieces ? { pieces } : {}, { name: 'x.txt', text }));
  const board = (rows: string[]) => rows.map((row) => `${row}\n`).join('');
  it('says in one line what is wrong, naming the line and column', () => {
    expect(parse(board(['LLLL......', ...Array(5).fill('..........')]))).toBe('x.txt:1:1: the 4 cells marked "L" here are not one L piece');
    expect(parse(board(['X.........', 'XXX.......', 'X.........', ...Array(3).fill('..........')]))).toBe(
      'x.txt:1:1: the 5 cells marked "X" here are not one X piece',
    );
    expect(parse(board(['.X......X.', 'XXX....XXX', '.X......X.', ...Array(3).fill('..........')]))).toBe(
      'x.txt:1:9: X is laid 2 times but the pieces have one',
    );
    expect(parse(`# pentomino 6x10 easy 1\n${board(['.X........', 'XqX.......', ...Array(4).fill('..........')])}`)).toBe(
      `x.txt:3:2: unexpected "q" in board (use '.' for a cell, '#' or space for a hole)`,
    );
    expect(parse(board(['UUX', 'UXX', 'UUX']), 'UX')).toBe('x.txt:1:3: the 4 cells marked "X" here are not one X piece');
    expect(parse(board(['..X..', '.XXX.', '..X..']), 'X')).toBe('x.txt: the board has 15 cells but the 1 piece covers 5');
    expect(parse(board(['.X.', 'XXX', '.X.']).replace(/\./g, '#'), 'X')).toBe('x.txt: every piece is already laid: nothing is left to place');
  });

  it('counts through the built CLI exactly one completion of a generated challenge', () => {
    const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..');
    const dir = mkdtempSync(join(tmpdir(), 'pentomino-challenge-'));
    const puzzle = generate(3, 'hard');
    writeFileSync(join(dir, 'hard.txt'), `${generatedHeader('pentomino', puzzle, 3)}\n${puzzle.input}`);
    const run = spawnSync(process.execPath, [join(repoRoot, 'apps/cli/dist/bin.cjs'), 'run', 'pentomino', join(dir, 'hard.txt'), '--all', '--count'], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^6x10: 1 solutions, \d+ tries\n$/);
    expect(run.status).toBe(0);
  });
});
