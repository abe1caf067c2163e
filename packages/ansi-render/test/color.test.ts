import { describe, expect, it } from 'vitest';
import { canAnimate, detectColorMode } from '../src/index.js';
import { terminalColors } from '../src/terminal.js';

const tty = { isTTY: true };
const pipe = { isTTY: false };

describe('detectColorMode', () => {
  it('is off on a pipe, on a 256-colour terminal on', () => {
    expect(detectColorMode({ stream: pipe, env: { TERM: 'xterm-256color' } })).toBe('none');
    expect(detectColorMode({ stream: tty, env: { TERM: 'xterm-256color' } })).toBe('ansi256');
    expect(detectColorMode({ stream: tty, env: { TERM: 'xterm-256color', COLORTERM: 'truecolor' } })).toBe('truecolor');
  });

  it('gives a 16-colour terminal 256-colour blocks and a dumb one none', () => {
    expect(detectColorMode({ stream: tty, env: { TERM: 'xterm' } })).toBe('ansi256');
    expect(detectColorMode({ stream: tty, env: { TERM: 'dumb' } })).toBe('none');
  });

  it('honours --no-color above everything, even FORCE_COLOR', () => {
    expect(detectColorMode({ stream: tty, noColor: true, env: { TERM: 'xterm-256color', FORCE_COLOR: '3' } })).toBe('none');
  });

  it('honours NO_COLOR on a terminal, but not an empty one', () => {
    expect(detectColorMode({ stream: tty, env: { TERM: 'xterm-256color', NO_COLOR: '1' } })).toBe('none');
    expect(detectColorMode({ stream: tty, env: { TERM: 'xterm-256color', NO_COLOR: '' } })).toBe('ansi256');
  });

  it('honours FORCE_COLOR on a pipe: 0 and false off, 3 truecolor, others 256 colours', () => {
    expect(detectColorMode({ stream: pipe, env: { FORCE_COLOR: '1' } })).toBe('ansi256');
    expect(detectColorMode({ stream: pipe, env: { FORCE_COLOR: '' } })).toBe('ansi256');
    expect(detectColorMode({ stream: pipe, env: { FORCE_COLOR: '2', NO_COLOR: '1' } })).toBe('ansi256');
    expect(detectColorMode({ stream: pipe, env: { FORCE_COLOR: '3' } })).toBe('truecolor');
    expect(detectColorMode({ stream: tty, env: { TERM: 'xterm-256color', FORCE_COLOR: '0' } })).toBe('none');
    expect(detectColorMode({ stream: tty, env: { TERM: 'xterm-256color', FORCE_COLOR: 'false' } })).toBe('none');
  });

  it('leaves process.env as it was after detecting against another environment', () => {
    const before = { ...process.env };
    detectColorMode({ stream: tty, env: { TERM: 'xterm-256color' } });
    expect(process.env).toEqual(before);
  });
});

describe('terminalColors', () => {
  it('takes a terminal to have 256 colours where supports-color cannot be loaded, a dumb one none', () => {
    expect(terminalColors({ TERM: 'xterm-256color', COLORTERM: 'truecolor' }, null)).toEqual({ has16m: false });
    expect(terminalColors({ TERM: 'dumb' }, null)).toBe(false);
  });
});

describe('canAnimate', () => {
  it('needs a terminal that is not dumb, or FORCE_COLOR', () => {
    expect(canAnimate({ stream: tty, env: { TERM: 'xterm' } })).toBe(true);
    expect(canAnimate({ stream: tty, env: { TERM: 'dumb' } })).toBe(false);
    expect(canAnimate({ stream: pipe, env: {} })).toBe(false);
    expect(canAnimate({ stream: pipe, env: { FORCE_COLOR: '1' } })).toBe(true);
    expect(canAnimate({ stream: pipe, env: { FORCE_COLOR: '0' } })).toBe(false);
  });
});
