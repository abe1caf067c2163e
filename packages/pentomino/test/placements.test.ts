// compileProblem lists placements with bitmask tests on boards of up to 64 cells and cell by cell
// beyond: both must list exactly what a plain check of every position lists, in the same order.
import { type Shape, orientations } from '@kit/grid';
import { describe, expect, it } from 'vitest';
import { compileProblem } from '../src/compile.js';
import { boardFromRows, pentominoSet } from '../src/index.js';
import type { PieceSet } from '../src/pieces.js';

/** Every (kind, orientation, sorted search cells) that fits and leaves no free neighbour cut off. */
function plainPlacements(rows: string[], set: PieceSet): string[] {
  const board = boardFromRows(rows);
  const wide = board.rows <= board.cols;
  const index = (r: number, c: number) => (wide ? c * board.rows + r : r * board.cols + c);
  const free = (r: number, c: number, taken: Set<string>) =>
    r >= 0 && r < board.rows && c >= 0 && c < board.cols && board.get({ row: r, col: c }) && !taken.has(`${r},${c}`);
  const prune = set.kinds.every((kind) => kind.shape.length > 1);
  const out: string[] = [];
  set.kinds.forEach((kind, k) => {
    orientations(kind.shape).forEach((shape: Shape, orientation) => {
      const height = Math.max(...shape.map((at) => at.row)) + 1;
      const width = Math.max(...shape.map((at) => at.col)) + 1;
      for (let dr = 0; dr + height <= board.rows; dr++) {
        for (let dc = 0; dc + width <= board.cols; dc++) {
          const cells = shape.map((at) => [at.row + dr, at.col + dc] as const);
          if (!cells.every(([r, c]) => free(r, c, new Set()))) continue;
          const taken = new Set(cells.map(([r, c]) => `${r},${c}`));
          const steps = [[1, 0], [-1, 0], [0, 1], [0, -1]] as const;
          const cutOff = cells.some(([r, c]) =>
            steps.some(([a, b]) => free(r + a, c + b, taken) && steps.every(([x, y]) => !free(r + a + x, c + b + y, taken))));
          if (prune && cutOff) continue;
          out.push(`${k}/${orientation}/${cells.map(([r, c]) => index(r, c)).sort((a, b) => a - b).join(',')}`);
        }
      }
    });
  });
  return out;
}

function listed(rows: string[], set: PieceSet): string[] {
  return compileProblem(boardFromRows(rows), set).placements.map((p) => `${p.kind}/${p.orientation}/${p.cells.join(',')}`);
}

describe('placements', () => {
  it('are every fitting position that cuts off no cell, on boards with holes up to and past 64 cells', () => {
    const boards = [
      ['......', '......', '......', '......', '......', '......', '......', '......', '......', '......'],
      ['........', '........', '........', '...##...', '...##...', '........', '........', '........'],
      ['.#......', '........', '..#.....', '........', '.....#..', '........', '.......#', '........'],
      ['.........', '.........', '.........', '...###...', '.........', '.........', '.........'],
      ['.............', '.............', '.....#.......', '.............', '.............'],
      ['..........#.', '............', '#...........', '............', '............', '.....##.....'],
    ];
    for (const rows of boards) {
      const expected = plainPlacements(rows, pentominoSet());
      expect(expected.length).toBeGreaterThan(100);
      expect(listed(rows, pentominoSet())).toEqual(expected);
    }
  });

  it('keep every fitting position when a 1-cell piece turns pruning off', () => {
    const set: PieceSet = { kinds: [...pentominoSet().kinds.slice(0, 3), { name: 'a', shape: [{ row: 0, col: 0 }], count: 2 }] };
    const rows = ['.#....', '......', '....#.', '......'];
    expect(listed(rows, set)).toEqual(plainPlacements(rows, set));
  });

  it('carry their bitmasks up to 64 cells only', () => {
    const problem = compileProblem(boardFromRows(['........', '........', '........', '........', '........', '........', '........', '........']), pentominoSet());
    problem.placements.forEach((placement, id) => {
      let lo = 0;
      let hi = 0;
      for (const cell of placement.cells) {
        if (cell < 32) lo |= 1 << cell;
        else hi |= 1 << (cell - 32);
      }
      expect([problem.masks!.lo[id], problem.masks!.hi[id]]).toEqual([lo, hi]);
    });
    expect(compileProblem(boardFromRows(Array.from({ length: 5 }, () => '.'.repeat(13))), pentominoSet()).masks).toBeUndefined();
  });
});
