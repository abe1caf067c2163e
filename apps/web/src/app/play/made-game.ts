// A game made by the plugin's generator, as the address carries it: `new=1&difficulty=LEVEL&seed=N`
// with `&size=WxH`, or `daily=1` for the day's puzzle. `seed` and `size` are read only beside `new=1`
// or `daily=1`: elsewhere they may be a plugin's own options (Hitori's seed, pentomino's size). Every
// value is checked against the generator's description before anything is made from it.
import { isInputError, type PluginSample } from '@kit/core';
import { type GeneratorSpec, dailySeed, readGeneratorSize } from '@kit/core/make';
import { HOST_NAMES, hostCheck, readHostInteger } from '@kit/core/host';
import { GAME_PARAMETER } from './play-url.js';

const pageName = (name: string): string => {
  if (!HOST_NAMES.some((entry) => entry.name === name && entry.page)) throw new Error(`${name} is not a page parameter in HOST_NAMES`);
  return name;
};
export const NEW_PARAMETER = pageName('new');
export const DIFFICULTY_PARAMETER = pageName('difficulty');
export const DAILY_PARAMETER = pageName('daily');
/** Not host names: they mean the generator's only beside `new=1` or `daily=1`. */
export const SEED_PARAMETER = 'seed';
export const SIZE_PARAMETER = 'size';

const MAX_SEED = hostCheck(SEED_PARAMETER, 'page').max!;

/** The address's seed, checked as `kit generate --seed` checks it, in the page's words; or the problem. */
function seedInUrl(text: string): number | string {
  try {
    return readHostInteger(SEED_PARAMETER, text, 'page', SEED_PARAMETER)!;
  } catch (error) {
    if (isInputError(error)) return error.message;
    throw error;
  }
}

/** What to make: everything a generator needs, so the same request makes the same puzzle. */
export interface MadeGame {
  difficulty: string;
  seed: number;
  /** As written (`7x7`); undefined when the generator takes no size. */
  size: string | undefined;
  /** The generator's parameters, as text by name (from an example that asks to generate). */
  parameters: Record<string, string>;
  /** The day's puzzle (its date, YYYY-MM-DD), or undefined. */
  day: string | undefined;
}

const on = (value: string | null): boolean => value !== null && value !== '0' && value !== 'false';

/**
 * The daily game's level: the middle of the generator's levels (the easier of the two middles when
 * there is an even number), so it is neither the easiest nor the hardest a plugin makes.
 */
export function dailyLevel(generator: GeneratorSpec): string {
  return generator.levels[Math.floor((generator.levels.length - 1) / 2)]!;
}

/** The day's game of a plugin: its seed from the date alone, the default size, the middle level. */
export function dailyGame(pluginId: string, generator: GeneratorSpec, now: Date): MadeGame {
  return {
    difficulty: dailyLevel(generator),
    seed: dailySeed(pluginId, now),
    size: generator.size?.default,
    parameters: {},
    day: now.toISOString().slice(0, 10),
  };
}

/** The generator's default level. */
export function defaultLevel(generator: GeneratorSpec): string {
  return generator.defaultLevel ?? generator.levels[0]!;
}

/** Reads a size for the generator, or says why it is not one. */
export function checkSize(generator: GeneratorSpec, text: string | undefined): string | undefined {
  if (!generator.size) return text === undefined ? undefined : 'this puzzle is made without a size';
  const read = readGeneratorSize(text ?? generator.size.default, generator.size);
  return typeof read === 'string' ? read : undefined;
}

/**
 * The made game the address asks for: undefined when it asks for none, a problem (one line in the
 * page's words) when a value does not fit the generator.
 */
export function madeInUrl(search: string, pluginId: string, generator: GeneratorSpec | undefined, now: Date): MadeGame | string | undefined {
  const params = new URLSearchParams(search);
  const daily = on(params.get(DAILY_PARAMETER));
  if (!on(params.get(NEW_PARAMETER)) && !daily) return undefined;
  if (!generator) return 'this puzzle has no generator, so the link cannot make one';
  const today = dailyGame(pluginId, generator, now);
  const difficulty = params.get(DIFFICULTY_PARAMETER) ?? (daily ? today.difficulty : defaultLevel(generator));
  if (!generator.levels.includes(difficulty))
    return `difficulty must be one of ${generator.levels.join(', ')} (got ${JSON.stringify(difficulty.slice(0, 40))})`;
  const seedText = params.get(SEED_PARAMETER);
  let seed = daily ? today.seed : 1;
  if (seedText !== null) {
    const read = seedInUrl(seedText);
    if (typeof read === 'string') return read;
    seed = read;
  }
  const parameters: Record<string, string> = {};
  for (const spec of generator.parameters ?? []) {
    const value = params.get(spec.name);
    if (value !== null) parameters[spec.name] = value;
  }
  // With parameters (a pattern to fill) and no size, the generator is asked for none: they give it.
  const size = params.get(SIZE_PARAMETER) ?? (Object.keys(parameters).length > 0 ? undefined : generator.size?.default);
  const problem = size === undefined ? undefined : checkSize(generator, size);
  if (problem) return problem;
  // A daily link made on another day keeps its seed, so it reopens that game (no longer today's).
  return {
    difficulty,
    seed,
    size: size ?? undefined,
    parameters,
    day: daily && seed === today.seed && difficulty === today.difficulty ? today.day : undefined,
  };
}

/** The address that makes this game again, in play, with a position when `code` is given. */
export function madeSearch(pluginId: string, made: MadeGame, code?: string): string {
  const params = new URLSearchParams({
    puzzle: pluginId,
    play: '1',
    [NEW_PARAMETER]: '1',
    [DIFFICULTY_PARAMETER]: made.difficulty,
    [SEED_PARAMETER]: String(made.seed),
  });
  if (made.size !== undefined) params.set(SIZE_PARAMETER, made.size);
  for (const [name, value] of Object.entries(made.parameters)) params.set(name, value);
  if (made.day !== undefined) params.set(DAILY_PARAMETER, '1');
  if (code !== undefined) params.set(GAME_PARAMETER, code);
  return `?${params}`;
}

/** True when the address asks for a made game. */
export function wantsMade(search: string): boolean {
  const params = new URLSearchParams(search);
  return on(params.get(NEW_PARAMETER)) || on(params.get(DAILY_PARAMETER));
}

/**
 * The new game an example asks for, when its options ask to generate (Hitori's `generate: 7x7` with
 * `seed: 7`): an option whose value reads as one of the generator's sizes is the size, `seed` the
 * seed, options named as the generator's parameters (Hitori's `fill`) its parameters; undefined when
 * the example names none of these.
 */
export function sampleMade(sample: PluginSample, generator: GeneratorSpec): MadeGame | undefined {
  const options = Object.entries(sample.options ?? {});
  const parameterNames = new Set((generator.parameters ?? []).map((spec) => spec.name));
  let size: string | undefined;
  let seed: number | undefined;
  const parameters: Record<string, string> = {};
  for (const [name, value] of options) {
    if (parameterNames.has(name)) parameters[name] = String(value);
    else if (name === SEED_PARAMETER && typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_SEED) seed = value;
    else if (typeof value === 'string' && generator.size && size === undefined && checkSize(generator, value) === undefined) size = value;
  }
  if (size === undefined && seed === undefined && Object.keys(parameters).length === 0) return undefined;
  // A pattern to fill gives the size itself: no size is asked for unless the example names one.
  return {
    difficulty: defaultLevel(generator),
    seed: seed ?? 1,
    size: size ?? (Object.keys(parameters).length > 0 ? undefined : generator.size?.default),
    parameters,
    day: undefined,
  };
}

const FLAG = /(^|[^\w-])--([a-z][a-z0-9-]*)/g;

/** A plugin's message without CLI flags: `not --fill or --generate` reads `not fill or generate`. */
export function withoutFlags(text: string): string {
  return text.replace(FLAG, '$1$2');
}

/** A message as the middle of one of the page's sentences: no flags, no closing full stop. */
export function inWords(text: string): string {
  return withoutFlags(text).replace(/\.$/, '');
}
