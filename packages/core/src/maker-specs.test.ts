import { describe, expect, it } from 'vitest';
import type { GeneratorSpec, GraderSpec } from './generate.js';
import { checkGenerated, checkGrade } from './maker-answers.js';
import { definePlugin } from './plugin.js';
import { checkPlugin } from './registry.js';

const withMakers = (generator?: unknown, grader?: unknown) =>
  definePlugin({
    id: 'maker',
    title: 'Maker',
    description: 'test',
    version: '1.0.0',
    options: [{ name: 'size', type: 'int', min: 1, max: 9, help: 'a kit run option may be called size' }],
    parse: () => ({}),
    solver: async () => ({ solve: () => ({ solutions: 0 }) }),
    view: () => ({ width: 0, height: 0, cells: [] }),
    ...(generator !== undefined ? { generator: generator as GeneratorSpec } : {}),
    ...(grader !== undefined ? { grader: grader as GraderSpec } : {}),
  });

const refusal = (generator?: unknown, grader?: unknown): string | undefined => {
  try {
    checkPlugin(withMakers(generator, grader), 'kit-maker');
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
};

const good: GeneratorSpec = {
  levels: ['easy', 'tricky', 'hard'],
  defaultLevel: 'tricky',
  size: { default: '10x10', min: 5, max: 20, presets: ['5x5', '10x10'] },
  parameters: [{ name: 'fill', type: 'string', help: 'a pattern' }],
  emits: ['puzz.link'],
};

describe('a plugin declaring a generator and a grader', () => {
  it('loads when both are as the contract says', () => {
    expect(refusal(good, { levels: ['easy', 'tricky', 'hard'] })).toBeUndefined();
    expect(refusal({ levels: ['1-piece'] })).toBeUndefined();
  });

  it('is refused, with a reason, for levels that are missing, empty, repeated or not words', () => {
    const prefix = 'plugin kit-maker: ';
    expect(refusal({})).toBe(`${prefix}generator has no levels (a non-empty list, easiest first)`);
    expect(refusal({ levels: [] })).toBe(`${prefix}generator has no levels (a non-empty list, easiest first)`);
    expect(refusal({ levels: ['easy', 'easy'] })).toBe(`${prefix}generator names the level "easy" twice`);
    expect(refusal({ levels: ['very hard'] })).toBe(`${prefix}generator has a level "very hard" that is not a lowercase word (letters, digits, dashes)`);
    expect(refusal({ levels: ['easy', 3] })).toBe(`${prefix}generator has a level 3 that is not a lowercase word (letters, digits, dashes)`);
    expect(refusal(undefined, { levels: [] })).toBe(`${prefix}grader has no levels (a non-empty list, easiest first)`);
    expect(refusal(undefined, 'easy')).toBe(`${prefix}has a grader that is not an object`);
    expect(refusal({ ...good, defaultLevel: 'medium' })).toBe(`${prefix}generator has a defaultLevel "medium" that is not one of its levels`);
  });

  it('is refused for a size it could not make', () => {
    const prefix = 'plugin kit-maker: generator has a size';
    expect(refusal({ ...good, size: { default: '10x10', min: 12, max: 20 } })).toBe(
      `${prefix} default that is not one it makes: size 10x10: each side must be 12 to 20`,
    );
    expect(refusal({ ...good, size: { default: '10', min: 5, max: 20 } })).toBe(`${prefix} default that is not one it makes: size must be WxH (got "10")`);
    expect(refusal({ ...good, size: { default: '3x3x3', dimensions: 3, min: 2, max: 4, presets: ['2x2'] } })).toBe(
      `${prefix} preset that is not one it makes: size must be WxHxD (got "2x2")`,
    );
    expect(refusal({ ...good, size: { default: '5x5', min: 0, max: 20 } })).toBe(
      `${prefix} whose min and max are not whole numbers with 1 <= min <= max <= 9999`,
    );
    expect(refusal({ ...good, size: { default: '5x5', min: 9, max: 5 } })).toBe(
      `${prefix} whose min and max are not whole numbers with 1 <= min <= max <= 9999`,
    );
    expect(refusal({ ...good, size: { default: '5x5', dimensions: 4, min: 1, max: 5 } })).toBe(`${prefix} with dimensions other than 2 or 3`);
  });

  it("is refused for a parameter that takes a host's name (even one a kit run option may take), and for bad emits", () => {
    expect(refusal({ ...good, parameters: [{ name: 'size', type: 'string', help: 'h' }] })).toBe(
      "plugin kit-maker: generator parameter: option --size is reserved by the hosts (kit generate --size, the page's ?size=)",
    );
    expect(refusal({ ...good, parameters: [{ name: 'count', type: 'int', help: 'h' }] })).toBe(
      'plugin kit-maker: generator parameter: option --count is reserved by the hosts (kit run --count, kit generate --count)',
    );
    expect(refusal({ ...good, parameters: [{ name: 'out', short: 'o', type: 'string', help: 'h' }] })).toBe(
      'plugin kit-maker: generator parameter: option --out: -o is reserved by the hosts (kit generate -o, --output)',
    );
    expect(refusal({ ...good, emits: ['puyop', 'puyop'] })).toBe(
      'plugin kit-maker: generator emits "puyop": a format is named once, in lowercase letters, digits, dots and dashes',
    );
  });
});

describe("what a solver's generate and grade return", () => {
  const levels = ['easy', 'hard'];
  it('passes a puzzle and a grade as the contract says', () => {
    const puzzle = { input: '1 2\n', size: '2x1', difficulty: 'easy', formats: { link: 'x' }, tries: 3 };
    expect(checkGenerated(puzzle, levels, ['link'])).toBe(puzzle);
    const grade = { size: '2x1', level: 'hard', steps: [{ rule: 'r', level: 'hard', text: 't.', cells: [0, 1], moves: [] }] };
    expect(checkGrade(grade, levels)).toBe(grade);
  });

  it('names what is wrong with one that does not', () => {
    const puzzle = { input: '1 2\n', size: '2x1', difficulty: 'easy' };
    expect(() => checkGenerated({ ...puzzle, input: 12 }, levels, [])).toThrow('generate returned a puzzle whose input is not text');
    expect(() => checkGenerated({ ...puzzle, size: '2 by 1' }, levels, [])).toThrow('generate returned a puzzle whose size "2 by 1" is not WxH');
    expect(() => checkGenerated(puzzle, levels, ['link'])).toThrow('generate returned a puzzle without formats (the generator emits link)');
    expect(() => checkGenerated({ ...puzzle, formats: {} }, levels, ['link'])).toThrow(
      'generate returned a puzzle without its link form (the generator emits it)',
    );
    expect(() => checkGenerated({ ...puzzle, tries: -1 }, levels, [])).toThrow('generate returned tries that are not a whole number');
    const grade = { size: '2x1', level: 'easy', steps: [{ rule: 'r', level: 'easy', text: 't.', cells: [0] }] };
    expect(() => checkGrade({ ...grade, level: 'medium' }, levels)).toThrow(
      `grade returned a level "medium" that is not one of the grader's levels (easy, hard)`,
    );
    expect(() => checkGrade({ ...grade, steps: [{ ...grade.steps[0], cells: [-1] }] }, levels)).toThrow(
      'grade returned a step 1 whose cells are not a list of cell numbers',
    );
    expect(() => checkGrade({ ...grade, steps: [{ ...grade.steps[0], text: undefined }] }, levels)).toThrow('grade returned a step 1 whose text is not text');
    expect(() => checkGrade({ ...grade, steps: {} }, levels)).toThrow('grade returned steps that are not a list');
  });
});
