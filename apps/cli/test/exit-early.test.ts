import { describe, expect, it } from 'vitest';
import { mayExitAtOnce } from '../src/exit-early.js';

const idle = { writableLength: 0 };

describe('mayExitAtOnce', () => {
  it('lets a finished run, generate or grade exit when no output is queued', () => {
    for (const command of ['run', 'generate', 'grade']) expect(mayExitAtOnce(command, [idle, idle])).toBe(true);
  });

  it('waits while stdout or stderr still holds bytes', () => {
    expect(mayExitAtOnce('run', [{ writableLength: 12 }, idle])).toBe(false);
    expect(mayExitAtOnce('run', [idle, { writableLength: 1 }])).toBe(false);
  });

  it('leaves commands that go on serving, and no command at all, to end by themselves', () => {
    for (const command of ['web', 'queue', 'list', undefined]) expect(mayExitAtOnce(command, [idle, idle])).toBe(false);
  });
});
