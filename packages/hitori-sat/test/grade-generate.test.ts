import { InputError, Random } from '@kit/core';
import { generatedHeader, gradeLine, type Grade } from '@kit/core/make';
import { parseOptions } from '@kit/core/host';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatPencilBox } from '../src/formats/pencilbox.js';
import { parsePuzzLink } from '../src/formats/puzzlink.js';
import { parseSingles } from '../src/formats/singles.js';
import { generateHitori } from '../src/generate.js';
import { gradeOf, solveByRules } from '../src/grade.js';
import type { HitoriInstance } from '../src/instance.js';
import type { Hitori } from '../src/model.js';
import plugin from '../src/plugin.js';
import { CdclSolver } from '../src/sat/cdcl.js';
import { allSolutions, applyRules, minisatSolutions, type Grid } from './independent.js';

const solver = await plugin.solver();
const LEVELS = ['easy', 'tricky', 'hard'];

function parse(text: string, name = 'p.txt'): HitoriInstance {
  return plugin.parse(parseOptions(plugin.options, {}), { name, text });
}
const puzzleOf = (instance: HitoriInstance): Hitori => {
  if (instance.mode !== 'solve') throw new Error('not a puzzle');
  return instance.puzzle;
};
const grade = (p: Grid) => solver.grade!(parse(formatPencilBox(p.width, p.height, p.numbers)), {}) as Grade;
const generate = (seed: number, difficulty: string, size: number[]) => {
  const made = solver.generate!({ seed, difficulty, size, parameters: {} }, {});
  if (made instanceof Promise) throw new Error('generate is synchronous');
  return made;
};

/** A random grid likely to have few solutions: a shuffled Latin square, some cells copying a number of their line. */
function randomGrid(random: Random, side: number): Grid {
  const shift = random.int(side);
  const numbers = Array.from({ length: side * side }, (_, c) => (((c % side) + Math.floor(c / side) * (1 + (shift % (side - 1))) + shift) % side) + 1);
  for (let c = 0; c < numbers.length; c++) {
    if (random.next() > 0.35) continue;
    const x = c % side;
    const y = Math.floor(c / side);
    numbers[c] = random.next() < 0.5 ? numbers[y * side + random.int(side)]! : numbers[random.int(side) * side + x]!;
  }
  return { width: side, height: side, numbers };
}

/** The level the independent rules give: easy rules alone, then with connectivity, else hard. */
function independentLevel(g: Grid): string {
  if (!applyRules(g, false).includes(0)) return 'easy';
  if (!applyRules(g, true).includes(0)) return 'tricky';
  return 'hard';
}

/** Replays a grade's moves: each decides an open cell as the only solution has it, and together they decide all. */
function expectPathReaches(g: Grid, result: Grade, solution: number[]): void {
  const decided = new Map<number, string>();
  for (const step of result.steps) {
    expect(LEVELS.indexOf(step.level)).toBeLessThanOrEqual(LEVELS.indexOf(result.level));
    expect(step.moves!.map((m) => (m.type === 'mark' ? m.cell : -1))).toEqual(step.cells);
    for (const move of step.moves!) {
      if (move.type !== 'mark') throw new Error('a Hitori step marks cells');
      expect(decided.has(move.cell)).toBe(false);
      expect(move.value).toBe(solution[move.cell] ? '#' : 'o');
      decided.set(move.cell, move.value);
    }
  }
  expect(decided.size).toBe(g.numbers.filter((n) => n !== 0).length);
}

describe('the independent checkers', () => {
  it('agree with each other on random 4x4 and 5x5 grids', () => {
    const random = new Random(2024);
    let compared = 0;
    for (let i = 0; i < 40; i++) {
      const g = randomGrid(random, 4 + (i % 2));
      const brute = allSolutions(g).map((s) => s.join(''));
      if (brute.length > 8) continue; // MiniSat runs once a solution: keep the test short
      const sat = minisatSolutions(g, 9).map((s) => s.join(''));
      expect(sat.sort()).toEqual(brute.sort());
      compared++;
    }
    expect(compared).toBe(35);
  });
});

describe('grade', () => {
  it('gives each step a rule, a level, a sentence, its cells and its play moves', () => {
    const result = grade({ width: 4, height: 4, numbers: [2, 4, 2, 3, 4, 3, 3, 4, 3, 2, 1, 4, 2, 2, 4, 4] });
    expect(gradeLine(result, LEVELS)).toBe('4x4: easy (14 steps: 14 easy)');
    expect(result.steps.slice(0, 4)).toEqual([
      {
        rule: 'pair',
        level: 'easy',
        text: 'r4c4 is shaded: column 4 has two 4s side by side at r2c4 and r3c4, one of which stays unshaded.',
        cells: [15],
        moves: [{ type: 'mark', cell: 15, value: '#' }],
      },
      {
        rule: 'pair',
        level: 'easy',
        text: 'r2c4 is shaded: column 4 has two 4s side by side at r3c4 and r4c4, one of which stays unshaded.',
        cells: [7],
        moves: [{ type: 'mark', cell: 7, value: '#' }],
      },
      {
        rule: 'sandwich',
        level: 'easy',
        text: 'r1c2 stays unshaded: it sits between two 2s in row 1, one of which is shaded, so it cannot be.',
        cells: [1],
        moves: [{ type: 'mark', cell: 1, value: 'o' }],
      },
      {
        rule: 'sandwich',
        level: 'easy',
        text: 'r3c4 stays unshaded: it sits between two 4s in column 4, one of which is shaded, so it cannot be.',
        cells: [11],
        moves: [{ type: 'mark', cell: 11, value: 'o' }],
      },
    ]);
    expect(result.steps.map((s) => s.rule)).toEqual([
      'pair',
      'pair',
      'sandwich',
      'sandwich',
      'unique number',
      'unique number',
      'unique number',
      'beside shaded',
      'circled copy',
      'beside shaded',
      'circled copy',
      'beside shaded',
      'circled copy',
      'last copy',
    ]);
  });

  it('refuses a puzzle with more than one solution or none', () => {
    expect(() => grade({ width: 2, height: 1, numbers: [1, 1] })).toThrow(new InputError('the puzzle has more than one solution, so it cannot be graded'));
    expect(() => grade({ width: 2, height: 2, numbers: [1, 1, 1, 1] })).toThrow(new InputError('the puzzle has no solution, so it cannot be graded'));
  });

  it('ends a path the rules cannot finish with one step that names the cells left and the solution', () => {
    // No generated puzzle up to 14x14 has stumped trial (400 tried), so stop the rules at easy instead.
    const made = generate(2, 'tricky', [7, 7]);
    const puzzle = puzzleOf(parse(made.input));
    const [solution] = allSolutions(puzzle);
    const easyOnly = solveByRules(puzzle, 'easy');
    const left = easyOnly.undecided;
    expect(left.length).toBeGreaterThan(0);
    const result = gradeOf(puzzle, easyOnly, solution!);
    expect(result.level).toBe('hard');
    const last = result.steps[result.steps.length - 1]!;
    const shaded = left.filter((cell) => solution![cell]).length;
    expect(last).toEqual({
      rule: 'beyond the rules',
      level: 'hard',
      text: `No rule decides the ${left.length} cells left; the only solution, found by search, shades ${shaded} of them.`,
      cells: left,
      moves: left.map((cell) => ({ type: 'mark', cell, value: solution![cell] ? '#' : 'o' })),
    });
    expectPathReaches(puzzle, result, solution!);
  });

  it('matches the independent rules on random small puzzles, and its path reaches the only solution', () => {
    const random = new Random(77);
    const seen = new Map<string, number>();
    let unique = 0;
    for (let i = 0; i < 400; i++) {
      const g = randomGrid(random, 4 + (i % 2));
      const solutions = allSolutions(g, 2);
      if (solutions.length !== 1) continue;
      unique++;
      const result = grade(g);
      expect(result.level).toBe(independentLevel(g));
      expectPathReaches(g, result, solutions[0]!);
      seen.set(result.level, (seen.get(result.level) ?? 0) + 1);
    }
    // Generated candidates too: more tricky and hard ones than uniform random grids give.
    for (let seed = 1; seed <= 120; seed++) {
      const side = 4 + (seed % 4);
      const { puzzle } = generateHitori(side, side, seed, () => new CdclSolver());
      const solutions = allSolutions(puzzle, 2);
      expect(solutions.length).toBe(1);
      const result = grade(puzzle);
      expect(result.level).toBe(independentLevel(puzzle));
      expectPathReaches(puzzle, result, solutions[0]!);
      seen.set(result.level, (seen.get(result.level) ?? 0) + 1);
    }
    expect(unique).toBe(11);
    expect(Object.fromEntries(seen)).toEqual({ easy: 44, tricky: 51, hard: 36 });
  });
});

describe('generate', () => {
  it.each(LEVELS)('is deterministic at %s: the same seed twice gives the same puzzle, another seed another', (level) => {
    const a = generate(11, level, [7, 7]);
    expect(generate(11, level, [7, 7])).toEqual(a);
    expect(generate(12, level, [7, 7]).input).not.toBe(a.input);
    expect(a.size).toBe('7x7');
    expect(a.difficulty).toBe(level);
  });

  it.each(LEVELS)('makes 5x5 %s puzzles whose only solution brute force finds, graded at that level', (level) => {
    for (let seed = 1; seed <= 4; seed++) {
      const made = generate(seed, level, [5, 5]);
      const puzzle = puzzleOf(parse(`${generatedHeader('hitori-sat', made, seed)}\n${made.input}`));
      expect(allSolutions(puzzle).length).toBe(1);
      expect(grade(puzzle).level).toBe(level);
      expect(independentLevel(puzzle)).toBe(level);
    }
  });

  it.each(LEVELS)('makes 10x10 %s puzzles that MiniSat proves unique, graded at that level', (level) => {
    for (const seed of [1, 2]) {
      const made = generate(seed, level, [10, 10]);
      const puzzle = puzzleOf(parse(made.input));
      expect(minisatSolutions(puzzle, 2).length).toBe(1);
      expect(grade(puzzle).level).toBe(level);
      expect(independentLevel(puzzle)).toBe(level);
      if (level === 'hard') expect(solveByRules(puzzle, 'tricky').undecided.length).toBeGreaterThan(0);
    }
  });

  it('makes a 15x15 tricky puzzle that MiniSat proves unique', () => {
    const made = generate(3, 'tricky', [15, 15]);
    const puzzle = puzzleOf(parse(made.input));
    expect(minisatSolutions(puzzle, 2).length).toBe(1);
    expect(independentLevel(puzzle)).toBe('tricky');
  });

  it('writes the same puzzle as puzz.link and Singles, and the parser skips the kit generate header', () => {
    const made = generate(5, 'easy', [10, 10]);
    const puzzle = puzzleOf(parse(made.input));
    expect(parsePuzzLink(made.formats!['puzz.link']!).cells).toEqual(puzzle.numbers);
    expect(parseSingles(made.formats!.singles!).cells).toEqual(puzzle.numbers);
    const headed = puzzleOf(parse(`# hitori-sat 10x10 easy 5\n${made.input}`));
    expect(headed.numbers).toEqual(puzzle.numbers);
    // The header stays a (blank) line: an error below it names the file's own line.
    expect(() => parse('# hitori-sat 2x2 easy 5\n2\n2\n1 x\n2 1\n', 'g.txt')).toThrow(
      expect.objectContaining({ message: "'x' is not a number", where: { file: 'g.txt', line: 4, column: 3 } }),
    );
  });

  it('reports each try as progress, and stops when asked', () => {
    const seen: number[] = [];
    const made = solver.generate!({ seed: 4, difficulty: 'hard', size: [7, 7], parameters: {} }, { progress: (tries) => seen.push(tries) });
    if (made instanceof Promise) throw new Error('generate is synchronous');
    expect(seen).toEqual(Array.from({ length: made.tries! }, (_, i) => i + 1));
    expect(seen.length).toBeGreaterThan(1);
    const controller = new AbortController();
    controller.abort();
    expect(() => solver.generate!({ seed: 4, difficulty: 'hard', size: [7, 7], parameters: {} }, { signal: controller.signal })).toThrow(
      new InputError('generation was stopped'),
    );
  });

  it('refuses a level or a size it does not make', () => {
    expect(() => generate(1, 'fiendish', [10, 10])).toThrow(new InputError('difficulty must be one of easy, tricky, hard (got "fiendish")'));
    expect(() => generate(1, 'easy', [3, 10])).toThrow(new InputError('size 3x10: each side must be 4 to 20'));
  });

  it('grades a filled pattern, and says why no other filling can reach another level', () => {
    const { puzzle } = generateHitori(7, 7, 9, () => new CdclSolver());
    const level = grade(puzzle).level;
    const text = formatPencilBox(7, 7, puzzle.numbers);
    const made = solver.generate!({ seed: 1, difficulty: level, parameters: { fill: { name: 'design.txt', text } } }, {});
    if (made instanceof Promise) throw new Error('generate is synchronous');
    expect(made.tries).toBe(1);
    const filled = puzzleOf(parse(made.input));
    expect(allSolutions(filled).length).toBe(1);
    expect(grade(filled).level).toBe(level);
    const other = LEVELS.find((l) => l !== level)!;
    expect(() => solver.generate!({ seed: 1, difficulty: other, parameters: { fill: { name: 'design.txt', text } } }, {})).toThrow(
      new InputError(
        `design.txt: 1 filling tried, and it grades ${level}, not ${other}: every filling of a pattern repeats the same cells, so all of them grade ${level}`,
      ),
    );
    const loose = { name: 'loose.txt', text: '1\n2\n1 1\n' };
    expect(() => solver.generate!({ seed: 1, difficulty: 'easy', parameters: { fill: loose } }, {})).toThrow(
      new InputError("loose.txt: the pattern's puzzle has more than one solution, so no filling of it is a puzzle"),
    );
  });

  it("gives the README's generated 10x10, grade line and first steps", () => {
    // The README shows them as a kit session (which the integration suite also runs through the CLI).
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const made = generate(1, 'tricky', [10, 10]);
    expect(readme).toContain(`$ cat tricky.txt\n${generatedHeader('hitori-sat', made, 1)}\n${made.input}$ kit grade`);
    const result = grade(puzzleOf(parse(made.input)));
    expect(readme).toContain(`$ kit grade hitori-sat tricky.txt\n${gradeLine(result, LEVELS)}\n`);
    let shown = 0;
    for (const [i, step] of result.steps.entries()) {
      if (i >= 5 && step.level !== 'tricky') continue;
      expect(readme).toContain(`\n${String(i + 1).padStart(4)}. ${step.rule} (${step.level}): ${step.text}\n`);
      shown++;
    }
    expect(shown).toBe(7);
  });
});
