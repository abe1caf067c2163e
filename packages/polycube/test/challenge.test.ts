// Challenges: generated boxes with pieces laid, checked unique by the plain packer (no shared
// code with the solver), read back by the plugin's parser, graded, and refused in one line.
import type { TextFile } from '@kit/core';
import { generatedHeader, gradeLine, type Grade, type GeneratedPuzzle } from '@kit/core/make';
import { parseOptions, type RawOptions } from '@kit/core/host';
import { describe, expect, it } from 'vitest';
import plugin from '../src/plugin.js';
import { namedSet, type SetName } from '../src/sets.js';
import { errorOf } from '@kit/tooling/testing';
import { type Cube, isTurnOf, plainCompletions, readPlainChallenge } from './plain-packer.js';

const solver = await plugin.solver();
const LEVELS = ['easy', 'medium', 'hard'];

function generate(seed: number, difficulty: string, size: number[], parameters: RawOptions = {}): GeneratedPuzzle {
  const made = solver.generate!({ seed, difficulty, size, parameters: parseOptions(plugin.generator!.parameters!, parameters) }, {});
  if (made instanceof Promise) throw new Error('generate is synchronous');
  return made;
}
const parse = (input: TextFile, raw: RawOptions = {}) => plugin.parse(parseOptions(plugin.options, raw), input);
const grade = (text: string) => solver.grade!(parse({ name: 'c.txt', text }), {}) as Grade;

/** The plain packer's verdict on a challenge: completions (up to 2) and the first one. */
function plainCheck(text: string) {
  const challenge = readPlainChallenge(text);
  const { size, grid } = challenge;
  const [X, Y] = size;
  const kinds = namedSet(challenge.set as SetName).pieces.kinds;
  const laid = new Map<string, Cube[]>();
  const free: boolean[] = [];
  grid.forEach((layer, z) => {
    layer.forEach((row, y) => {
      row.forEach((char, x) => {
        free[x + X * (y + Y * z)] = char === '.';
        if (/[A-Za-z]/.test(char)) laid.set(char, [...(laid.get(char) ?? []), [x, y, z]]);
      });
    });
  });
  for (const [name, cubes] of laid) {
    const kind = kinds.find((k) => k.name === name);
    expect(kind, `laid ${name} is a piece of ${challenge.set}`).toBeDefined();
    expect(isTurnOf(cubes, kind!.shape), `laid ${name} has its piece's shape`).toBe(true);
  }
  const left = kinds.filter((kind) => !laid.has(kind.name)).map((kind) => ({ name: kind.name, cubes: kind.shape }));
  return { ...plainCompletions(size, free, left, 2), left: left.length, size };
}

describe('generated challenges', () => {
  const cases: Array<[string, number[], number[]]> = [
    ['3x3x3', [3, 3, 3], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]],
    ['2x4x4', [2, 4, 4], [1, 2, 3, 4, 5]],
    ['2x2x8', [2, 2, 8], [1, 2, 3, 4]],
  ];
  it.each(cases)('%s: every one has exactly one completion by the plain packer, and the grade the generator says', (_name, size, seeds) => {
    const reached = new Set<string>();
    for (const seed of seeds) {
      const difficulty = LEVELS[seed % 3]!;
      const made = generate(seed, difficulty, size);
      expect(made.size).toBe(size.join('x'));
      expect(LEVELS).toContain(made.difficulty);
      const plain = plainCheck(made.input);
      expect(plain.count, `seed ${seed} ${difficulty}:\n${made.input}`).toBe(1);
      const graded = grade(made.input);
      expect(graded.level).toBe(made.difficulty);
      reached.add(made.difficulty);
      // The path places each piece left once, on the cubes the plain packer's completion gives it.
      expect(graded.steps).toHaveLength(plain.left);
      const covered = graded.steps.flatMap((step) => step.cells);
      expect(new Set(covered).size).toBe(covered.length);
      expect([...covered].sort((a, b) => a - b)).toEqual([...plain.first!.keys()].sort((a, b) => a - b));
      for (const step of graded.steps) {
        const names = new Set(step.cells.map((cell) => plain.first!.get(cell)));
        expect(names.size).toBe(1);
        expect(step.text).toContain(`${[...names][0]}`);
        expect(LEVELS).toContain(step.level);
        expect(['only place', 'only cover', 'trial']).toContain(step.rule);
        expect(step.level === 'easy').toBe(step.rule !== 'trial');
      }
      // Hard ones are minimal: taking out any laid piece (but the last) leaves more than one completion.
      const letters = [...new Set(made.input.replace(/^set:.*$/m, '').replace(/[.#\s]/g, ''))];
      if (made.difficulty === 'hard' && letters.length > 1) {
        for (const letter of letters) expect(plainCheck(made.input.replaceAll(letter, '.')).count, `without ${letter}`).toBe(2);
      }
      // The level is the hardest step's, and easy exactly when nothing needs trying.
      const hardest = Math.max(...graded.steps.map((step) => LEVELS.indexOf(step.level)));
      expect(graded.level).toBe(LEVELS[hardest]);
    }
    if (size.join('x') === '3x3x3') expect([...reached].sort()).toEqual(['easy', 'hard', 'medium']);
  });

  it('makes the same challenge from the same seed, and another from another seed', () => {
    const once = generate(41, 'medium', [3, 3, 3]);
    expect(generate(41, 'medium', [3, 3, 3])).toEqual(once);
    expect(generate(42, 'medium', [3, 3, 3]).input).not.toBe(once.input);
    const box = generate(5, 'easy', [3, 4, 5]);
    expect(generate(5, 'easy', [3, 4, 5])).toEqual(box);
    expect(box.input.startsWith('set: solid-pentominoes\n\n')).toBe(true);
  });

  it('reaches the level asked for when it can: easy lays more pieces than hard', () => {
    const laidCount = (input: string) => new Set(input.replace(/^set:.*$/m, '').replace(/[.#\s]/g, '')).size;
    const easy = generate(3, 'easy', [3, 3, 3]);
    const hard = generate(3, 'hard', [3, 3, 3]);
    expect([easy.difficulty, hard.difficulty]).toEqual(['easy', 'hard']);
    expect(laidCount(easy.input)).toBeGreaterThan(laidCount(hard.input));
    expect(grade(easy.input).steps.every((step) => step.rule !== 'trial')).toBe(true);
  });

  it('is read back by the parser under its kit generate header, with the laid pieces fixed and drawn into the solution', async () => {
    const made = generate(9, 'hard', [3, 3, 3]);
    const text = `${generatedHeader('polycube', made, 9)}\n${made.input}`;
    const instance = parse({ name: 'c.txt', text });
    expect(instance.symmetry).toBe('none');
    expect(instance.laid!.length).toBe(7 - instance.pieces.kinds.length);
    const solutions: string[][][] = [];
    const summary = await solver.solve(instance, {
      wantSolutions: true,
      wantProgress: false,
      solution: (state: { layers: string[][] }) => solutions.push(state.layers),
      progress: () => {},
      progressDue: () => false,
      shouldStop: () => false,
    } as never);
    expect(summary.solutions).toBe(1);
    expect(plugin.summarize!(summary, instance)).toMatch(/^c\.txt 3x3x3: 1 solution with no symmetry removed, \d+ tries$/);
    // The solution keeps each laid piece where the file lays it.
    const drawn = readPlainChallenge(made.input).grid;
    drawn.forEach((layer, z) => {
      layer.forEach((row, y) => {
        row.forEach((char, x) => {
          if (char !== '.') expect(solutions[0]![z]![y]![x]).toBe(char);
        });
      });
    });
    expect(solutions[0]!.flat().join('')).not.toMatch(/[. ]/);
    expect(gradeLine(grade(text), plugin.grader!.levels)).toMatch(/^3x3x3: hard \(\d steps: (\d easy, )?(\d medium, )?\d hard\)$/);
  });
});

describe('bad parameters and challenge files', () => {
  it.each([
    ['a level', () => generate(1, 'tricky', [3, 3, 3]), 'difficulty must be one of easy, medium, hard (got "tricky")'],
    ['a volume no set has', () => generate(1, 'easy', [3, 3, 4]), 'size 3x3x4: no set has 36 cubes (soma 27, tetracubes 32, solid-pentominoes 60, bedlam 64)'],
    ['a set of another volume', () => generate(1, 'easy', [3, 3, 3], { set: 'tetracubes' }), '--set tetracubes has 32 cubes but the 3x3x3 box has 27'],
    ['a box its pieces do not fit', () => generate(1, 'easy', [1, 4, 8]), 'piece "A" (2x2x2) fits nowhere in the 1x4x8 target'],
  ])('refuses %s in one line', (_name, fn, message) => {
    expect(errorOf(fn)).toBe(message);
  });

  it('stops when the signal is aborted, and tells progress in searches made', () => {
    const controller = new AbortController();
    const seen: number[] = [];
    const made = () =>
      solver.generate!(
        { seed: 1, difficulty: 'hard', size: [3, 3, 3], parameters: {} },
        {
          signal: controller.signal,
          progress: (tries) => {
            seen.push(tries);
            if (tries === 3) controller.abort();
          },
        },
      );
    expect(errorOf(made)).toBe('generation was stopped');
    expect(seen).toEqual([1, 2, 3]);
  });

  it('refuses a set name that is not a choice when the host parses it', () => {
    expect(errorOf(() => parseOptions(plugin.generator!.parameters!, { set: 'pentacubes' }))).toBe(
      '--set must be one of soma, tetracubes, solid-pentominoes, bedlam (got "pentacubes")',
    );
  });

  const SOMA_LAID = 'VV.\nV..\n...\n\n...\n...\n...\n\n...\n...\n...\n';
  it.each([
    ['an unknown laid piece', SOMA_LAID.replace('VV.', 'XX.').replace('V..', 'X..'), {}, 'c.txt:1:1: laid piece "X" is not one of the pieces (VLTZABP)'],
    [
      'a laid piece of the wrong shape',
      SOMA_LAID.replace('V..', '...'),
      {},
      'c.txt:1:1: the 2 cubes marked "V" are not the shape of piece V (3 cubes, turned any way but not mirrored)',
    ],
    ['a piece laid twice', 'VV.\nV..\n...\n\n...\n...\n...\n\nVV.\nV..\n...\n', {}, 'c.txt:9:1: piece "V" is laid more often than the set has it (1)'],
    [
      'a header line it does not know',
      `size: 3x3x3\n${SOMA_LAID}`,
      {},
      'c.txt:1:1: unknown header line "size:" (a target file\'s header takes set: and pieces:)',
    ],
    [
      'an unknown set',
      `set: dominoes\n${SOMA_LAID}`,
      {},
      'c.txt: set: must be one of soma, tetracubes, solid-pentominoes, pentacubes, bedlam (got "dominoes")',
    ],
    ['a set given twice', `set: soma\n${SOMA_LAID}`, { set: 'bedlam' }, 'give the set once: --set bedlam but the file says set: soma'],
    [
      'symmetry with laid pieces',
      SOMA_LAID,
      { symmetry: 'rotations' },
      '--symmetry rotations does not go with laid pieces: they fix the packing in place, so every completion counts (auto or none)',
    ],
    [
      '--all with a symmetry',
      '...\n...\n...\n\n...\n...\n...\n\n...\n...\n...\n',
      { all: true, symmetry: 'full' },
      '--all counts every packing: it does not go with --symmetry full',
    ],
  ])('refuses %s in one line', (_name, text, raw, message) => {
    expect(errorOf(() => parse({ name: 'c.txt', text }, raw as RawOptions))).toBe(message);
  });

  it('reads pieces: and counts a hand-made challenge like the target without the laid cubes', () => {
    const instance = parse({ name: 'c.txt', text: 'pieces: VLT\nVV.LLL\nV...#L\n' }, { set: 'soma' });
    expect(instance.pieces.kinds.map((kind) => kind.name)).toEqual(['T']);
    expect(instance.target.layers).toEqual([['##.###', '#...##']]);
    expect(instance.laid).toEqual([
      { name: 'V', cells: [0, 1, 6] },
      { name: 'L', cells: [3, 4, 5, 11] },
    ]);
    expect(errorOf(() => parse({ name: 'c.txt', text: 'pieces: VLT\nVV.LLL\nV...#L\n' }, { pieces: 'VL' }))).toBe(
      'give the pieces once: --pieces VL but the file says pieces: VLT',
    );
  });
});
