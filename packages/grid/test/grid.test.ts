import { describe, expect, it } from 'vitest';
import { Grid, formatTextGrid, parseTextGrid } from '../src/index.js';

describe('Grid', () => {
  const grid = Grid.fromRows(['ab.', 'a..', '.cc']);

  it('reads and writes cells and knows its bounds', () => {
    expect(grid.get({ row: 2, col: 1 })).toBe('c');
    expect(grid.inBounds({ row: 3, col: 0 })).toBe(false);
    expect(() => grid.get({ row: -1, col: 0 })).toThrow('outside a 3x3 grid');
  });

  it('lists in-bounds 4-neighbours', () => {
    expect(grid.neighbours({ row: 0, col: 0 })).toEqual([
      { row: 0, col: 1 },
      { row: 1, col: 0 },
    ]);
    expect(grid.neighbours({ row: 1, col: 1 })).toHaveLength(4);
  });

  it('finds 4-connected components', () => {
    const parts = grid.components((v) => v !== '.');
    expect(parts).toEqual([
      [
        { row: 0, col: 0 },
        { row: 0, col: 1 },
        { row: 1, col: 0 },
      ],
      [
        { row: 2, col: 1 },
        { row: 2, col: 2 },
      ],
    ]);
    expect(grid.components((v) => v === '.').map((part) => part.length)).toEqual([3, 1]);
  });
});

describe('text grids', () => {
  it('round-trips', () => {
    const text = '#.#\n...\r\n';
    const grid = parseTextGrid(text, { allowed: '.#' });
    expect(grid.rows).toBe(2);
    expect(formatTextGrid(grid)).toBe('#.#\n...\n');
  });

  it('names the line of an empty or ragged line and the column of a bad character', () => {
    const fmt = (text: string) => {
      try {
        parseTextGrid(text, { file: 'g.txt', allowed: '.#', what: 'board' });
      } catch (error) {
        return (error as { format(): string }).format();
      }
      return 'no error';
    };
    expect(fmt('..\n\n..\n')).toBe('g.txt:2: empty line in board');
    expect(fmt('...\n..\n')).toBe('g.txt:2: ragged board: line 2 is 2 wide but line 1 is 3');
    expect(fmt('..\n.x\n')).toBe('g.txt:2:2: unexpected "x" in board');
    expect(fmt('')).toBe('g.txt: board is empty');
  });
});
