import type { SearchSource } from '@kit/core/host';
import { BadRecord, isPlainObject } from './json-bounds.js';
import { LIMITS } from './limits.js';

const OPTION_NAME = /^[a-z][a-z0-9-]{0,63}$/;
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * A search's source (options as typed, the input file) read from Redis or a shard file, `what`
 * naming it in messages ("run X's search"): option
 * names as a plugin names them, values that a command line could have given (text, a flag, a file's
 * name and text), everything bounded. What the values mean is the plugin parser's business.
 */
export function readSource(value: unknown, what: string): SearchSource {
  if (!isPlainObject(value)) throw new BadRecord(`${what} is missing`);
  const { options, input, ...rest } = value;
  if (Object.keys(rest).length > 0) throw new BadRecord(`${what} has an unknown field ${JSON.stringify(Object.keys(rest)[0]!.slice(0, 40))}`);
  if (!isPlainObject(options)) throw new BadRecord(`${what} has no options`);
  const names = Object.keys(options);
  if (names.length > LIMITS.options) throw new BadRecord(`${what} has ${names.length} options (at most ${LIMITS.options})`);
  const read: SearchSource['options'] = Object.create(null) as SearchSource['options'];
  for (const name of names) {
    if (!OPTION_NAME.test(name)) throw new BadRecord(`${what} has an option named ${JSON.stringify(name.slice(0, 40))}`);
    const option = options[name];
    if (typeof option === 'boolean') read[name] = option;
    else if (typeof option === 'string') read[name] = text(option, LIMITS.optionText, `${what}: --${name}`);
    else read[name] = file(option, `${what}: --${name}`);
  }
  return { options: read, ...(input !== undefined ? { input: file(input, `${what}: the input file`) } : {}) };
}

function text(value: string, max: number, what: string): string {
  if (value.length > max) throw new BadRecord(`${what} is ${value.length} characters long (at most ${max})`);
  if (CONTROL.test(value)) throw new BadRecord(`${what} holds a control character`);
  return value;
}

function file(value: unknown, what: string): { name: string; text: string } {
  if (!isPlainObject(value) || typeof value['name'] !== 'string' || typeof value['text'] !== 'string' || Object.keys(value).length !== 2) {
    throw new BadRecord(`${what} is not a file's name and text`);
  }
  if (value['text'].length > LIMITS.inputText) throw new BadRecord(`${what} is ${value['text'].length} characters long (at most ${LIMITS.inputText})`);
  return { name: text(value['name'], LIMITS.fileName, `${what}'s name`), text: value['text'] };
}
