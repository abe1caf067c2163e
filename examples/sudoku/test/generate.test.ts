// The generator and the grader through the plugin, as a host calls them (plugin.solver(), then
// generate and grade; plugin.parse on the generated input), checked against code written here that
// shares nothing with the plugin: a brute-force solution counter and a singles-only rule solver.
import { describe, expect, it } from 'vitest';
import { isInputError } from '@kit/core';
import { generatedHeader, gradeLine, type GeneratedPuzzle } from '@kit/core/make';
import { parseOptions } from '@kit/core/host';
import plugin from '../src/plugin.js';
import { INKALA, WIKIPEDIA, WIKIPEDIA_SOLUTION } from './puzzles.js';

const solver = await plugin.solver();
const generator = plugin.generator!;

/** Sudoku's generate answers at once (no promise): what the tests below rely on. */
function now<T>(value: T | Promise<T>): T {
  if (value instanceof Promise) throw new Error('expected an answer, not a promise');
  return value;
}

const generate = (seed: number, difficulty: string, side = 9, symmetry = 'none'): GeneratedPuzzle =>
  now(solver.generate!({ seed, difficulty, size: [side, side], parameters: parseOptions(generator.parameters!, { symmetry }) }, {}));

const parse = (text: string) => plugin.parse(parseOptions(plugin.options, {}), { name: 'puzzle.txt', text });

/** Cells as numbers (0 empty) from the plugin's text form, read here: one row a line. */
const cellsOf = (input: string) =>
  input
    .trim()
    .split('\n')
    .join('')
    .split('')
    .map((char) => (char === '.' ? 0 : Number.parseInt(char, 36)));

/** The cells of the row, column and box of each cell, for a grid of `box`-sided boxes. */
function peersOf(box: number): number[][] {
  const size = box * box;
  return Array.from({ length: size * size }, (_, cell) => {
    const [r, c] = [Math.floor(cell / size), cell % size];
    const peers = new Set<number>();
    for (let k = 0; k < size; k++) {
      peers.add(r * size + k);
      peers.add(k * size + c);
      peers.add((Math.floor(r / box) * box + Math.floor(k / box)) * size + Math.floor(c / box) * box + (k % box));
    }
    peers.delete(cell);
    return [...peers];
  });
}

/** Brute force: the solutions of `cells`, counted up to 2, by plain backtracking (fewest options first). */
function countSolutions(cells: readonly number[], box: number): { count: number; first?: number[] } {
  const size = box * box;
  const peers = peersOf(box);
  const grid = [...cells];
  let count = 0;
  let first: number[] | undefined;
  const fits = (cell: number, digit: number) => peers[cell]!.every((peer) => grid[peer] !== digit);
  const search = (): void => {
    if (count >= 2) return;
    let best = -1;
    let options: number[] = [];
    for (let cell = 0; cell < grid.length; cell++) {
      if (grid[cell] !== 0) continue;
      const here = Array.from({ length: size }, (_, d) => d + 1).filter((digit) => fits(cell, digit));
      if (best < 0 || here.length < options.length) [best, options] = [cell, here];
      if (here.length === 0) return;
    }
    if (best < 0) {
      count++;
      first ??= [...grid];
      return;
    }
    for (const digit of options) {
      grid[best] = digit;
      search();
    }
    grid[best] = 0;
  };
  // The clues must not clash either.
  if (cells.every((digit, cell) => digit === 0 || fits(cell, digit))) search();
  return { count, ...(first ? { first } : {}) };
}

/** Singles only (a digit with one place in a unit, a cell with one digit): the grid it reaches. */
function singlesOnly(cells: readonly number[], box: number): number[] {
  const size = box * box;
  const peers = peersOf(box);
  const grid = [...cells];
  const units: number[][] = [];
  for (let i = 0; i < size; i++) {
    units.push(
      Array.from({ length: size }, (_, k) => i * size + k),
      Array.from({ length: size }, (_, k) => k * size + i),
    );
    units.push(Array.from({ length: size }, (_, k) => (Math.floor(i / box) * box + Math.floor(k / box)) * size + (i % box) * box + (k % box)));
  }
  const fits = (cell: number, digit: number) => grid[cell] === 0 && peers[cell]!.every((peer) => grid[peer] !== digit);
  for (let progress = true; progress; ) {
    progress = false;
    for (let cell = 0; cell < grid.length; cell++) {
      const options = Array.from({ length: size }, (_, d) => d + 1).filter((digit) => fits(cell, digit));
      if (options.length === 1) [grid[cell], progress] = [options[0]!, true];
    }
    for (const unit of units) {
      for (let digit = 1; digit <= size; digit++) {
        const spots = unit.filter((cell) => fits(cell, digit));
        if (spots.length === 1 && !unit.some((cell) => grid[cell] === digit)) [grid[spots[0]!], progress] = [digit, true];
      }
    }
  }
  return grid;
}

describe('the Sudoku generator', () => {
  it('makes the same puzzle from the same request, and another from the next seed', () => {
    const first = generate(7, 'medium');
    expect(generate(7, 'medium')).toEqual(first);
    expect(generate(8, 'medium').input).not.toBe(first.input);
    expect(first).toMatchObject({ size: '9x9', difficulty: 'medium' });
    expect(first.formats).toEqual({ line: first.input.replace(/\n/g, '') });
    expect(first.input).toMatch(/^([1-9.]{9}\n){9}$/);
  });

  it('makes puzzles with exactly one solution, which keep their clues (brute force, many seeds and every level)', () => {
    const cases = [
      ...Array.from({ length: 12 }, (_, i) => [i + 1, 'easy', 9] as const),
      ...Array.from({ length: 6 }, (_, i) => [i + 100, 'medium', 9] as const),
      ...Array.from({ length: 6 }, (_, i) => [i + 200, 'hard', 9] as const),
      ...Array.from({ length: 30 }, (_, i) => [i + 1, 'easy', 4] as const),
    ];
    for (const [seed, level, side] of cases) {
      const puzzle = generate(seed, level, side);
      const cells = cellsOf(puzzle.input);
      const { count, first } = countSolutions(cells, Math.sqrt(side));
      expect([seed, level, count]).toEqual([seed, level, 1]);
      expect(first!.every((digit, cell) => cells[cell] === 0 || cells[cell] === digit)).toBe(true);
      // Minimal for its level at most: an easy puzzle has fewer clues than the full grid.
      expect(cells.filter((digit) => digit !== 0).length).toBeLessThan((side * side) / 2);
    }
  });

  it('makes easy puzzles that singles alone solve, and medium and hard ones they do not (a rule solver written here)', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const cells = cellsOf(generate(seed, 'easy').input);
      const reached = singlesOnly(cells, 3);
      expect(reached).toEqual(countSolutions(cells, 3).first);
    }
    for (const [seed, level] of [
      [1, 'medium'],
      [2, 'medium'],
      [3, 'medium'],
      [1, 'hard'],
      [2, 'hard'],
      [3, 'hard'],
    ] as const) {
      expect(singlesOnly(cellsOf(generate(seed, level).input), 3)).toContain(0);
    }
  });

  it('grades each generated puzzle at the level it was made for', async () => {
    for (const [seed, level] of [
      [1, 'easy'],
      [2, 'easy'],
      [4, 'medium'],
      [5, 'medium'],
      [6, 'hard'],
      [7, 'hard'],
    ] as const) {
      const puzzle = generate(seed, level);
      const text = `${generatedHeader('sudoku', puzzle, seed)}\n${puzzle.input}`;
      const grade = await solver.grade!(parse(text), {});
      expect([seed, grade.level]).toEqual([seed, level]);
      expect(grade.size).toBe('9x9');
    }
  });

  it('takes clues away in symmetric pairs when asked', () => {
    for (const seed of [1, 2, 3]) {
      const cells = cellsOf(generate(seed, 'easy', 9, 'rotational').input);
      expect(cells.every((digit, cell) => (digit === 0) === (cells[80 - cell] === 0))).toBe(true);
      expect(countSolutions(cells, 3).count).toBe(1);
    }
  });

  it('refuses a size that is no Sudoku, and says when a level cannot be reached', () => {
    const failure = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return isInputError(error) ? error.message : `not an InputError: ${String(error)}`;
      }
      return 'no error';
    };
    expect(failure(() => generate(1, 'easy', 5))).toBe('a Sudoku is 4x4, 9x9 or 16x16 (got 5x5)');
    expect(failure(() => solver.generate!({ seed: 1, difficulty: 'easy', size: [9, 4], parameters: {} }, {}))).toBe('a Sudoku is 4x4, 9x9 or 16x16 (got 9x4)');
    // Every 4x4 with one solution falls to singles.
    expect(failure(() => generate(1, 'hard', 4))).toBe('no hard 4x4 Sudoku in 200 grids from seed 1');
  });

  it('reports its tries as it goes', () => {
    const reported: number[] = [];
    const puzzle = now(solver.generate!({ seed: 1, difficulty: 'medium', size: [9, 9], parameters: {} }, { progress: (tries) => reported.push(tries) }));
    expect(reported).toEqual(Array.from({ length: puzzle.tries! }, (_, i) => i + 1));
  });
});

describe('the Sudoku grader', () => {
  it('walks a person through the sample: singles only, each placing the digit of the solution', async () => {
    const grade = await solver.grade!(parse(WIKIPEDIA), {});
    expect(gradeLine(grade, plugin.grader!.levels)).toBe('9x9: easy (51 steps: 51 easy)');
    expect(grade.steps[0]).toEqual({
      rule: 'hidden single',
      level: 'easy',
      // Checked by hand: row 3 holds an 8, and so does column 4 (r5c4), leaving r1c6 in box 2.
      text: 'r1c6 is 8: the only place for 8 in box 2.',
      cells: [5],
      moves: [{ type: 'mark', cell: 5, value: '8' }],
    });
    // Playing every step's moves fills the grid with the solution.
    const marks = WIKIPEDIA.split('');
    for (const step of grade.steps) for (const move of step.moves ?? []) if (move.type === 'mark') marks[move.cell] = move.value;
    expect(marks.join('')).toBe(WIKIPEDIA_SOLUTION.join(''));
    // The sample falls to hidden singles alone.
    expect(new Set(grade.steps.map((step) => step.rule))).toEqual(new Set(['hidden single']));
  });

  it("calls Inkala's puzzle hard, with a named deduction beyond pairs in its path", async () => {
    const grade = await solver.grade!(parse(INKALA), {});
    expect(grade.level).toBe('hard');
    const hard = grade.steps.filter((step) => step.level === 'hard');
    expect(hard.length).toBeGreaterThan(0);
    expect(hard.every((step) => ['x-wing', 'trial'].includes(step.rule))).toBe(true);
    for (const step of grade.steps) {
      expect(step.text).toMatch(
        /^(r\d+c\d+ is [1-9]: .+|In .+, so .+ (is|are) not [1-9]|.+ can only be [1-9] or [1-9], so they take both in .+: .+ (is|are) neither)\.$/,
      );
      expect(step.cells.length).toBeGreaterThan(0);
    }
    // Placements and eliminations alike end in the only solution.
    const placed = grade.steps.flatMap((step) => step.moves ?? []);
    expect(placed.length).toBe(81 - INKALA.replace(/\./g, '').length);
  });

  it('names the medium deductions it uses', async () => {
    const grade = await solver.grade!(parse(generate(5, 'medium').input), {});
    const medium = grade.steps.filter((step) => step.level === 'medium');
    expect(medium.length).toBeGreaterThan(0);
    expect(medium.every((step) => ['naked pair', 'pointing', 'box/line reduction'].includes(step.rule) && step.moves === undefined)).toBe(true);
  });

  it('refuses a puzzle without exactly one solution', () => {
    expect(() => solver.grade!(parse('.'.repeat(81)), {})).toThrow('the puzzle has more than one solution: a grade needs exactly one');
    expect(() => solver.grade!(parse(`12345678.${'.'.repeat(8)}9${'.'.repeat(63)}`), {})).toThrow('the puzzle has no solution: there is nothing to grade');
  });
});
