import { describe, expect, it } from 'vitest';
import { InputError } from './errors.js';
import { checkOptionSpecs, parseOptions, type OptionSpec } from './options.js';

const specs: OptionSpec[] = [
  { name: 'size', type: 'int', min: 3, max: 8, default: 6, help: 'board size' },
  { name: 'mode', type: 'enum', choices: ['fast', 'slow'], default: 'fast', help: 'speed' },
  { name: 'all', type: 'boolean', help: 'every placement' },
  { name: 'pieces', type: 'string', placeholder: 'LETTERS', help: 'pieces' },
  { name: 'board', type: 'file', formats: ['board-text'], help: 'a board' },
];

const message = (raw: Record<string, unknown>) => {
  try {
    parseOptions(specs, raw as never);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as InputError).format();
  }
  throw new Error('expected an InputError');
};

describe('parseOptions', () => {
  it('fills defaults and converts values', () => {
    expect(parseOptions(specs, {})).toEqual({ size: 6, mode: 'fast' });
    expect(parseOptions(specs, { size: '8', mode: 'slow', all: true, pieces: 'FILN', board: { name: 'b.txt', text: '..' } })).toEqual({
      size: 8,
      mode: 'slow',
      all: true,
      pieces: 'FILN',
      board: { name: 'b.txt', text: '..' },
    });
  });

  it('treats an empty form field as unset', () => {
    expect(parseOptions(specs, { size: '' })).toEqual({ size: 6, mode: 'fast' });
  });

  it('rejects values with one line that says what is allowed', () => {
    expect(message({ size: '9' })).toBe('--size must be an integer from 3 to 8 (got "9")');
    expect(message({ size: '2.5' })).toBe('--size must be an integer from 3 to 8 (got "2.5")');
    expect(message({ size: 'six' })).toBe('--size must be an integer from 3 to 8 (got "six")');
    expect(message({ mode: 'medium' })).toBe('--mode must be one of fast, slow (got "medium")');
    expect(message({ all: 'maybe' })).toBe('--all must be true or false (got "maybe")');
    expect(message({ colour: 'red' })).toBe('unknown option --colour');
  });
});

describe('checkOptionSpecs', () => {
  it('accepts good specs and names the problem in bad ones', () => {
    expect(checkOptionSpecs(specs)).toBeUndefined();
    expect(checkOptionSpecs([{ name: 'Size', type: 'int', help: '' }])).toBe('option name "Size" must be kebab-case');
    expect(checkOptionSpecs([{ name: 'limit', type: 'int', help: '' }])).toBe("option --limit is reserved by the hosts (kit run --limit, the page's ?limit=)");
    expect(checkOptionSpecs([{ name: 'n', type: 'int', max: 3, default: 4, help: '' }])).toBe('option --n has a default that is not an integer of at most 3');
    expect(
      checkOptionSpecs([
        { name: 'a', type: 'boolean', help: '' },
        { name: 'a', type: 'boolean', help: '' },
      ]),
    ).toBe('option --a is declared twice');
  });
});

describe('options named like Object.prototype members', () => {
  const awkward: OptionSpec[] = [
    { name: 'constructor', type: 'string', help: 'a text' },
    { name: 'to-string', type: 'int', default: 3, help: 'a number' },
    { name: 'has-own-property', type: 'boolean', help: 'a switch' },
  ];

  it('reads only what was given: inherited members are not values', () => {
    const parsed = parseOptions(awkward, {});
    expect(Object.keys(parsed)).toEqual(['to-string']);
    expect(parsed['constructor']).toBeUndefined();
    expect(parsed['to-string']).toBe(3);
    expect(parseOptions(awkward, { constructor: 'x', 'has-own-property': true })).toEqual({ constructor: 'x', 'to-string': 3, 'has-own-property': true });
  });

  it('cannot be steered through __proto__', () => {
    const raw = JSON.parse('{"__proto__": {"constructor": "polluted"}}') as Record<string, never>;
    expect(() => parseOptions(awkward, raw)).toThrow('unknown option --__proto__');
    expect(parseOptions(awkward, Object.create({ constructor: 'inherited' }) as never)['constructor']).toBeUndefined();
  });
});

describe('a file option size limit', () => {
  it('must be a positive integer', () => {
    expect(checkOptionSpecs([{ name: 'data', type: 'file', maxBytes: 0, help: 'd' }])).toBe('option --data has a maxBytes that is not a positive integer');
    expect(checkOptionSpecs([{ name: 'data', type: 'file', maxBytes: 1.5, help: 'd' }])).toBe('option --data has a maxBytes that is not a positive integer');
    expect(checkOptionSpecs([{ name: 'data', type: 'file', maxBytes: 4096, help: 'd' }])).toBeUndefined();
    expect(checkOptionSpecs([{ name: 'data', type: 'file', gzip: 'yes' as unknown as boolean, help: 'd' }])).toBe(
      'option --data has a gzip that is not true or false',
    );
    expect(checkOptionSpecs([{ name: 'data', type: 'file', gzip: true, help: 'd' }])).toBeUndefined();
  });
});
