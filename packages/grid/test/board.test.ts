import { describe, expect, it } from 'vitest';
import {
  ALL_TRANSFORMS,
  boardSymmetries,
  boardToRows,
  cellCount,
  cropBoard,
  parseBoard,
  rectangleBoard,
  transformBoard,
  transformInBox,
} from '../src/index.js';

const formatError = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as { format(): string }).format();
  }
  return 'no error';
};

describe('boards', () => {
  it('reads cells and holes (# or space)', () => {
    const board = parseBoard('..#\n. .\n');
    expect(cellCount(board)).toBe(4);
    expect(boardToRows(board)).toEqual(['..#', '.#.']);
  });

  it('reports bad boards with their line and column', () => {
    expect(formatError(() => parseBoard('...\n..\n', 'b.txt'))).toBe('b.txt:2: ragged board: line 2 is 2 wide but line 1 is 3');
    expect(formatError(() => parseBoard('...\n\n...\n', 'b.txt'))).toBe('b.txt:2: empty line in board');
    expect(formatError(() => parseBoard('...\n.o.\n', 'b.txt'))).toBe(`b.txt:2:2: unexpected "o" in board (use '.' for a cell, '#' or space for a hole)`);
    expect(formatError(() => parseBoard('##\n##\n', 'b.txt'))).toBe('b.txt: board has no cells');
  });

  it('crops hole margins', () => {
    expect(boardToRows(cropBoard(parseBoard('####\n#..#\n#.##\n')))).toEqual(['..', '.#']);
  });

  it('turns a board a quarter', () => {
    expect(boardToRows(transformBoard(parseBoard('..#\n...\n'), 1))).toEqual(['..', '..', '.#']);
  });

  it('moves every cell where transformInBox says, for every transform of random boards', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 200; round++) {
      const rows = 1 + Math.floor(random() * 6);
      const cols = 1 + Math.floor(random() * 6);
      const lines = Array.from({ length: rows }, () => Array.from({ length: cols }, () => (random() < 0.3 ? '#' : '.')).join(''));
      if (!lines.join('').includes('.')) continue;
      const board = parseBoard(lines.join('\n'));
      for (const t of ALL_TRANSFORMS) {
        const image = transformBoard(board, t);
        for (let row = 0; row < rows; row++) {
          for (let col = 0; col < cols; col++) {
            expect(image.get(transformInBox(t, { row, col }, rows, cols))).toBe(board.get({ row, col }));
          }
        }
      }
    }
  });

  it('finds the symmetry group of rectangles, squares and boards with holes', () => {
    expect(boardSymmetries(rectangleBoard(6, 10))).toEqual([0, 2, 4, 5]);
    expect(boardSymmetries(rectangleBoard(8, 8))).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(boardSymmetries(parseBoard('........\n........\n........\n...##...\n...##...\n........\n........\n........\n'))).toHaveLength(8);
    // A square with one corner missing keeps only the diagonal mirror through that corner.
    expect(boardSymmetries(parseBoard('#..\n...\n...\n'))).toEqual([0, 6]);
    // An L-tromino board keeps only the other diagonal mirror.
    expect(boardSymmetries(parseBoard('.#\n..\n'))).toEqual([0, 7]);
    expect(boardSymmetries(parseBoard('..#\n...\n'))).toEqual([0]);
  });
});
