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
          const steps = [
            [1, 0],
            [-1, 0],
            [0, 1],
            [0, -1],
          ] as const;
          const cutOff = cells.some(([r, c]) =>
            steps.some(([a, b]) => free(r + a, c + b, taken) && steps.every(([x, y]) => !free(r + a + x, c + b + y, taken))),
          );
          if (prune && cutOff) continue;
          out.push(
            `${k}/${orientation}/${cells
              .map(([r, c]) => index(r, c))
              .sort((a, b) => a - b)
              .join(',')}`,
          );
        }
      }
    });
  });
  return out;
}

/** The placements and masks compileProblem lists, in WebAssembly (the default) or JavaScript. */
function listed(rows: string[], set: PieceSet, wasm = true): string[] {
  const problem = compileProblem(boardFromRows(rows), set, { wasm });
  return problem.placements.map((p, id) => {
    const masks = problem.masks ? `/${problem.masks.lo[id]},${problem.masks.hi[id]}` : '';
    return `${p.kind}/${p.orientation}/${p.cells.join(',')}${masks}`;
  });
}

const withoutMasks = (list: string[]) => list.map((entry) => entry.split('/').slice(0, 3).join('/'));

/** A seeded random board of `rows` x `cols` with about `holes` of every 10 cells a hole. */
function randomBoard(random: () => number, rows: number, cols: number, holes: number): string[] {
  return Array.from({ length: rows }, () => Array.from({ length: cols }, () => (random() * 10 < holes ? '#' : '.')).join(''));
}

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
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
      expect(withoutMasks(listed(rows, pentominoSet()))).toEqual(expected);
      expect(withoutMasks(listed(rows, pentominoSet(), false))).toEqual(expected);
    }
  });

  it('are the same, masks included, whether WebAssembly or JavaScript lists them (300 random boards up to 64 cells)', () => {
    const random = seeded(11);
    let compared = 0;
    for (let i = 0; i < 300; i++) {
      const rows = 1 + Math.floor(random() * 8);
      const cols = 1 + Math.floor(random() * Math.min(12, Math.floor(64 / rows)));
      const board = randomBoard(random, rows, cols, Math.floor(random() * 3));
      if (!board.join('').includes('.')) continue;
      // Some piece sets with a 1-cell piece, which turns pruning off.
      const kinds = pentominoSet().kinds.filter(() => random() < 0.6);
      const set: PieceSet = { kinds: random() < 0.2 ? [...kinds, { name: 'a', shape: [{ row: 0, col: 0 }], count: 1 }] : kinds };
      if (set.kinds.length === 0) continue;
      const inWasm = listed(board, set);
      expect(inWasm, board.join('/')).toEqual(listed(board, set, false));
      compared += inWasm.length;
    }
    expect(compared).toBeGreaterThan(10_000);
  });

  it('keep every fitting position when a 1-cell piece turns pruning off', () => {
    const set: PieceSet = { kinds: [...pentominoSet().kinds.slice(0, 3), { name: 'a', shape: [{ row: 0, col: 0 }], count: 2 }] };
    const rows = ['.#....', '......', '....#.', '......'];
    expect(withoutMasks(listed(rows, set))).toEqual(plainPlacements(rows, set));
    expect(withoutMasks(listed(rows, set, false))).toEqual(plainPlacements(rows, set));
  });

  it('carry their bitmasks up to 64 cells only', () => {
    const problem = compileProblem(
      boardFromRows(['........', '........', '........', '........', '........', '........', '........', '........']),
      pentominoSet(),
    );
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
