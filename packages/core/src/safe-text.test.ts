import { describe, expect, it } from 'vitest';
import { InputError, formatInputError } from './errors.js';
import { MAX_MESSAGE_LENGTH, escapeControls, safeLine } from './safe-text.js';

describe('escapeControls', () => {
  it('makes C0, DEL, C1 and the Unicode line separators visible', () => {
    expect(escapeControls('a\u001b]0;PWNED\u0007b')).toBe('a\\e]0;PWNED\\x07b');
    expect(escapeControls('\u0000\t\r\n\u007f\u0080\u009b\u009f\u2028\u2029')).toBe('\\x00\\t\\r\\n\\x7f\\x80\\x9b\\x9f\\u2028\\u2029');
    expect(escapeControls('plain ü 日本 \u00a0')).toBe('plain ü 日本 \u00a0');
  });

  it('leaves printable ASCII as it is and escapes every ASCII control, one character at a time', () => {
    for (let code = 0; code < 0x80; code++) {
      const char = String.fromCharCode(code);
      const printable = code >= 0x20 && code < 0x7f;
      expect(escapeControls(`P${char}`) === `P${char}`).toBe(printable);
    }
  });

  it('makes format characters visible: bidi overrides and isolates, zero-width marks, tags', () => {
    expect(escapeControls('abc\u202edef\u2066x\u2069')).toBe('abc\\u202edef\\u2066x\\u2069');
    expect(escapeControls('a\u200bb\ufeffc\u00add')).toBe('a\\u200bb\\ufeffc\\xadd');
    expect(escapeControls('tag\u{e0041}')).toBe('tag\\u{e0041}');
    expect(escapeControls('😀 astral, not a format character')).toBe('😀 astral, not a format character');
  });
});

describe('safeLine', () => {
  it('joins lines and escapes what is left', () => {
    expect(safeLine('first\n  second\r\n\n third\u001b[2J')).toBe('first second third\\e[2J');
  });

  it('cuts a long message, saying how long the whole was, without reading all of a huge one', () => {
    const line = safeLine(`bad token '${'x'.repeat(1_000_000)}'`);
    expect(line).toBe(`bad token '${'x'.repeat(MAX_MESSAGE_LENGTH - 11)}… (cut; 1000012 characters in all)`);
    expect(safeLine('y'.repeat(MAX_MESSAGE_LENGTH))).toBe('y'.repeat(MAX_MESSAGE_LENGTH));
  });

  it('never splits a surrogate pair', () => {
    const line = safeLine(`${'a'.repeat(MAX_MESSAGE_LENGTH - 1)}😀😀`);
    expect(line).toBe(`${'a'.repeat(MAX_MESSAGE_LENGTH - 1)}… (cut; ${MAX_MESSAGE_LENGTH + 3} characters in all)`);
  });
});

describe('InputError.format', () => {
  it('is one safe line with its place, and so is an error from another copy of core', () => {
    const error = new InputError("'\u001b]0;x\u0007' is not a number", { file: 'p\u009b.txt', line: 3, column: 5 });
    expect(error.format()).toBe("p\\x9b.txt:3:5: '\\e]0;x\\x07' is not a number");
    expect(formatInputError({ message: 'm\u007f', where: { line: 2 } })).toBe('2: m\\x7f');
  });
});
