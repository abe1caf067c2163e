import type { Frame } from '@kit/core';
import { describe, expect, it } from 'vitest';
import { safeFrame } from './safe-frame.js';

const frame = (label: string, fill = 'a', title = 'No. 1'): Frame => ({
  width: 2,
  height: 1,
  title,
  cells: [
    { label, fill },
    { label: 'B', fill: 'b' },
  ],
});

describe('safeFrame', () => {
  it('returns a frame of printable ASCII as it is', () => {
    const plain = frame('A');
    expect(safeFrame(plain)).toBe(plain);
  });

  it('escapes a control character in a label, a fill or the title', () => {
    expect(safeFrame(frame('\u001b]0;x\u0007')).cells[0]).toEqual({ label: '\\e]0;x\\x07', fill: 'a' });
    expect(safeFrame(frame('A', '\u009b')).cells[0]).toEqual({ label: 'A', fill: '\\x9b' });
    expect(safeFrame(frame('A', 'a', 'No.\u202e 1')).title).toBe('No.\\u202e 1');
  });

  it('keeps printable text beyond ASCII, in a copy-free frame', () => {
    const accented = frame('ü', 'a', '日本');
    expect(safeFrame(accented)).toBe(accented);
  });
});
