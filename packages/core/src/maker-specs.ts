// A plugin's generator and grader declarations, checked when the plugin loads (checkPlugin): hosts
// build flags, menus and URL parameters from them before any solver is loaded, so a bad one is
// refused with a reason then, not found out by a user of `kit generate` or the page's New game.
import { readGeneratorSize } from './generate.js';
import { checkOptionSpecs } from './options.js';

/** A level or format name: it is a CLI value, a URL parameter and a word of the header line. */
const LEVEL = /^[a-z0-9][a-z0-9-]{0,39}$/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function levelsProblem(levels: unknown, what: string): string | undefined {
  if (!Array.isArray(levels) || levels.length === 0) return `${what} has no levels (a non-empty list, easiest first)`;
  const bad = levels.find((level) => typeof level !== 'string' || !LEVEL.test(level));
  if (bad !== undefined) return `${what} has a level ${JSON.stringify(bad)} that is not a lowercase word (letters, digits, dashes)`;
  const twice = levels.find((level, i) => levels.indexOf(level) !== i);
  if (twice !== undefined) return `${what} names the level ${JSON.stringify(twice)} twice`;
  return undefined;
}

function sizeProblem(size: unknown): string | undefined {
  if (!isObject(size)) return 'generator has a size that is not an object { default, min, max }';
  const { dimensions = 2, min, max, presets } = size;
  if (dimensions !== 2 && dimensions !== 3) return 'generator has a size with dimensions other than 2 or 3';
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || (min as number) < 1 || (min as number) > (max as number) || (max as number) > 9999) {
    return 'generator has a size whose min and max are not whole numbers with 1 <= min <= max <= 9999';
  }
  const spec = { default: String(size['default']), dimensions: dimensions as 2 | 3, min: min as number, max: max as number };
  for (const [what, text] of [['default', size['default']], ...(Array.isArray(presets) ? presets.map((preset) => ['preset', preset]) : [])]) {
    const read = typeof text === 'string' ? readGeneratorSize(text, spec) : `${JSON.stringify(text)} is not a size`;
    if (typeof read === 'string') return `generator has a size ${what} that is not one it makes: ${read}`;
  }
  if (presets !== undefined && !Array.isArray(presets)) return 'generator has size presets that are not a list';
  return undefined;
}

/** Why a plugin's `generator` or `grader` is not one hosts can offer, or undefined when both are fine. */
export function checkMakerSpecs(generator: unknown, grader: unknown): string | undefined {
  if (generator !== undefined) {
    if (!isObject(generator)) return 'has a generator that is not an object';
    const levels = levelsProblem(generator['levels'], 'generator');
    if (levels) return levels;
    const { defaultLevel, size, parameters, emits } = generator;
    if (defaultLevel !== undefined && !(generator['levels'] as unknown[]).includes(defaultLevel)) {
      return `generator has a defaultLevel ${JSON.stringify(defaultLevel)} that is not one of its levels`;
    }
    if (size !== undefined) {
      const problem = sizeProblem(size);
      if (problem) return problem;
    }
    if (parameters !== undefined) {
      if (!Array.isArray(parameters)) return 'generator has parameters that are not a list of option specs';
      const problem = checkOptionSpecs(parameters, 'parameter');
      if (problem) return `generator parameter: ${problem}`;
    }
    if (emits !== undefined) {
      if (!Array.isArray(emits)) return 'generator has emits that are not a list of format names';
      const bad = emits.find((format, i) => typeof format !== 'string' || !/^[a-z0-9][a-z0-9.-]{0,39}$/.test(format) || emits.indexOf(format) !== i);
      if (bad !== undefined) return `generator emits ${JSON.stringify(bad)}: a format is named once, in lowercase letters, digits, dots and dashes`;
    }
  }
  if (grader !== undefined) {
    if (!isObject(grader)) return 'has a grader that is not an object';
    const levels = levelsProblem(grader['levels'], 'grader');
    if (levels) return levels;
  }
  return undefined;
}
