// What a solver's `generate` and `grade` return, checked in the worker before it goes to a host: a
// host prints, links and draws these fields, so a careless plugin is told what is wrong, by name,
// instead of a host printing `undefined` or a page failing far from the cause.
import type { GeneratedPuzzle, Grade } from './generate.js';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const SIZE = /^\d{1,4}(x\d{1,4}){1,2}$/;

/** The puzzle, or an Error naming what of it is not as the contract says. */
export function checkGenerated(value: unknown, levels: readonly string[], emits: readonly string[]): GeneratedPuzzle {
  const fail = (what: string) => new Error(`generate returned ${what}`);
  if (!isObject(value)) throw fail('no puzzle object');
  if (typeof value['input'] !== 'string') throw fail('a puzzle whose input is not text');
  if (typeof value['size'] !== 'string' || !SIZE.test(value['size'])) throw fail(`a puzzle whose size ${JSON.stringify(value['size'])} is not WxH`);
  if (typeof value['difficulty'] !== 'string' || !levels.includes(value['difficulty'])) {
    throw fail(`a puzzle whose difficulty ${JSON.stringify(value['difficulty'])} is not one of the generator's levels (${levels.join(', ')})`);
  }
  const formats = value['formats'];
  if (formats !== undefined) {
    if (!isObject(formats)) throw fail('formats that are not an object of texts by format');
    for (const format of emits) if (typeof formats[format] !== 'string') throw fail(`a puzzle without its ${format} form (the generator emits it)`);
  } else if (emits.length > 0) {
    throw fail(`a puzzle without formats (the generator emits ${emits.join(', ')})`);
  }
  const form = value['form'];
  if (form !== undefined) {
    if (!isObject(form) || (form['input'] !== undefined && typeof form['input'] !== 'string') || !isObject(form['options'])) {
      throw fail('a form that is not { input?: text, options: { name: value } }');
    }
    const bad = Object.entries(form['options']).find(([, option]) => !['string', 'number', 'boolean'].includes(typeof option));
    if (bad) throw fail(`a form whose option ${JSON.stringify(bad[0])} is not text, a number or true/false`);
  }
  const tries = value['tries'];
  if (tries !== undefined && !(Number.isSafeInteger(tries) && (tries as number) >= 0)) throw fail('tries that are not a whole number');
  return value as unknown as GeneratedPuzzle;
}

/** The grade, or an Error naming what of it is not as the contract says. */
export function checkGrade(value: unknown, levels: readonly string[]): Grade {
  const fail = (what: string) => new Error(`grade returned ${what}`);
  if (!isObject(value)) throw fail('no grade object');
  if (typeof value['size'] !== 'string' || !SIZE.test(value['size'])) throw fail(`a grade whose size ${JSON.stringify(value['size'])} is not WxH`);
  if (typeof value['level'] !== 'string' || !levels.includes(value['level'])) {
    throw fail(`a level ${JSON.stringify(value['level'])} that is not one of the grader's levels (${levels.join(', ')})`);
  }
  const steps = value['steps'];
  if (!Array.isArray(steps)) throw fail('steps that are not a list');
  steps.forEach((step: unknown, i) => {
    const at = `step ${i + 1}`;
    if (!isObject(step)) throw fail(`a ${at} that is not an object`);
    for (const field of ['rule', 'level', 'text'] as const) if (typeof step[field] !== 'string') throw fail(`a ${at} whose ${field} is not text`);
    if (!levels.includes(step['level'] as string)) throw fail(`a ${at} whose level ${JSON.stringify(step['level'])} is not one of the grader's levels`);
    const cells = step['cells'];
    if (!Array.isArray(cells) || !cells.every((cell) => Number.isSafeInteger(cell) && cell >= 0))
      throw fail(`a ${at} whose cells are not a list of cell numbers`);
    if (step['moves'] !== undefined && !Array.isArray(step['moves'])) throw fail(`a ${at} whose moves are not a list`);
  });
  return value as unknown as Grade;
}
