import { InputError } from '@kit/core';
import { parseOptions, type RawOptions } from '@kit/core/host';
import { describe, expect, it } from 'vitest';
import plugin from '../src/plugin.js';

// Error messages quote the input they reject: briefly (never a megabyte line) and with control
// characters escaped (a puzzle holding ESC ] 0 ; ... BEL would otherwise retitle the terminal).
const TITLE = '\x1b]0;PWNED\x07';
const SHOWN = "'\\e]0;PWNED\\x07'";
const MEGA = 1 << 20;

function messageOf(raw: RawOptions, file?: { name: string; text: string }): string {
  try {
    plugin.parse(parseOptions(plugin.options, raw), file);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as InputError).format();
  }
  throw new Error('no error');
}
const puzzle = (text: string) => messageOf({}, { name: 'p.txt', text });
const pattern = (text: string) => messageOf({ fill: { name: 'p.txt', text } });

describe('error messages quote input briefly and escaped', () => {
  it.each([
    ['PencilBox', () => puzzle(`3\n3\n1 2 3\n2 ${TITLE} 1\n3 1 2\n`), `p.txt:4:3: ${SHOWN} is not a number`],
    ['PencilBox header', () => puzzle(`${TITLE}\n3\n1 2 3\n`), `p.txt:1:1: ${SHOWN} is not a number`],
    ['PencilBox answer block', () => puzzle(`2\n2\n1 1\n2 1\n# ${TITLE}\n+ #\n`), `p.txt:5:3: ${SHOWN} is not an answer mark (# shaded, + or . unshaded)`],
    ['plain grid', () => puzzle(`1 2\n2 ${TITLE}\n`), `p.txt:2:3: ${SHOWN} is not a number`],
    ['puzz.link', () => puzzle(`?hitori/2/2/1${TITLE}`), "p.txt:1:14: '\\e' is not a puzz.link hitori cell"],
    ['Singles', () => puzzle(`2x2:1${TITLE}`), "p.txt:1:6: '\\e' is not a Singles number"],
    ['--fill', () => pattern(`2\n2\n0 ${TITLE}\n0 0\n`), `p.txt:3:3: ${SHOWN} is not a number`],
    ['--generate', () => messageOf({ generate: TITLE }), `--generate must be a size like 10x10 (got ${SHOWN})`],
    ['a bidi override', () => puzzle('1 2\n2 1\u202e2\n'), "p.txt:2:3: '1\\u202e2' is not a number"],
    ['DEL and a C1 control', () => puzzle('1 2\n2 1\x7f\x9b2\n'), "p.txt:2:3: '1\\x7f\\x9b2' is not a number"],
  ])('%s: control characters are escaped', (_format, message, expected) => {
    expect(message()).toBe(expected);
  });

  const long = (char: string) => `'${char.repeat(32)}…' (${MEGA} characters)`;
  it.each([
    ['PencilBox', () => puzzle(`2\n2\n1 ${'x'.repeat(MEGA)}\n2 1\n`), `p.txt:3:3: ${long('x')} is not a number`],
    ['PencilBox, a huge number', () => puzzle(`2\n2\n1 ${'9'.repeat(MEGA)}\n2 1\n`), `p.txt:3:3: ${long('9')} is too large for a cell`],
    [
      'PencilBox header',
      () => messageOf({ format: 'pencilbox' }, { name: 'p.txt', text: `2 ${'y'.repeat(MEGA)}\n2\n1 2\n2 1\n` }),
      `p.txt:1:3: expected only the number of rows, found ${long('y')} after it`,
    ],
    ['plain grid', () => puzzle(`1 2\n2 ${'x'.repeat(MEGA)}\n`), `p.txt:2:3: ${long('x')} is not a number`],
    ['puzz.link', () => puzzle(`?hitori/1/1/1${'z'.repeat(MEGA)}`), `p.txt:1:14: unexpected ${long('z')} after the last cell`],
    ['Singles', () => puzzle(`2x2:1221${'!'.repeat(MEGA)}`), "p.txt:1:9: '!' is not a Singles number"],
    ['--fill', () => pattern(`1 ${'x'.repeat(MEGA)}\n0 0\n`), `p.txt:1:3: ${long('x')} is not a number`],
    ['--generate', () => messageOf({ generate: '5'.repeat(MEGA) }), `--generate must be a size like 10x10 (got ${long('5')})`],
    [
      '--generate sides',
      () => messageOf({ generate: `5x${'5'.repeat(MEGA)}` }),
      `--generate sides must be from 2 to 100 (got '5x${'5'.repeat(30)}…' (${MEGA + 2} characters))`,
    ],
  ])('%s: a megabyte token is cut to a short excerpt', (_format, message, expected) => {
    const text = message();
    expect(text).toBe(expected);
    expect(text.length).toBeLessThan(120);
  });
});
