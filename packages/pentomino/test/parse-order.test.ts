// Checks that can fail come before work that grows with the input: a huge board with the wrong area
// is refused without building its grid (it used to print its error, then run on for 20 s).
import { describe, expect, it, vi } from 'vitest';
import type * as Grid from '@kit/grid';

const built = vi.hoisted(() => ({ boards: 0 }));
vi.mock('@kit/grid', async (importOriginal) => {
  const grid = await importOriginal<typeof Grid>();
  return {
    ...grid,
    parseBoard: (...args: Parameters<typeof grid.parseBoard>) => {
      built.boards++;
      return grid.parseBoard(...args);
    },
  };
});

const { parseInstance } = await import('../src/index.js');

describe('the area check', () => {
  it('refuses a 2000x2000 board before building it', () => {
    built.boards = 0;
    const text = `${'.'.repeat(2000)}\n`.repeat(2000);
    expect(() => parseInstance({ size: 6 }, { name: 'big.txt', text })).toThrow('the board has 4000000 cells but the 12 pieces cover 60');
    expect(built.boards).toBe(0);
  });

  it('builds the board when the area is right, and leaves malformed boards to the full parser', () => {
    built.boards = 0;
    expect(parseInstance({ size: 6 }, { name: 'ok.txt', text: `${'.'.repeat(10)}\n`.repeat(6) }).name).toBe('6x10');
    expect(built.boards).toBe(1);
    // Ragged, a bad character, an empty line, a stray carriage return: the parser's own message, with its place.
    expect(() => parseInstance({}, { name: 'r.txt', text: '....\n...\n' })).toThrow('ragged board: line 2 is 3 wide but line 1 is 4');
    expect(() => parseInstance({}, { name: 'x.txt', text: '..x.\n' })).toThrow('unexpected "x" in board');
    expect(() => parseInstance({}, { name: 'e.txt', text: '....\n\n....\n' })).toThrow('empty line in board');
    expect(() => parseInstance({}, { name: 'c.txt', text: '..\r..\n' })).toThrow('unexpected "\\r" in board');
    expect(built.boards).toBe(5);
    // CRLF line ends are fine for both.
    expect(() => parseInstance({}, { name: 'w.txt', text: '.....\r\n.....\r\n' })).toThrow('the board has 10 cells but the 12 pieces cover 60');
    expect(built.boards).toBe(5);
  });
});
