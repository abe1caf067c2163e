import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOARD_SIZE,
  boardAllClear,
  boardFromGrid,
  createBoard,
  createResult,
  fastEngine,
  gridFromField,
  parseField,
  simulate,
  simulateBoard,
  simulateBoards,
  type Board,
  type FastResult,
  type PuyoField,
} from '../src/index.js';
import { fieldFromGrid } from '../src/field.js';
import { gridFromBoard } from '../src/bitboard.js';
import { garbageSent } from '../src/rules.js';
import { simulateBoardJs } from '../src/bitboard.js';
import { wasmSimulator } from '../src/bitboard-wasm.js';
import { readFixture } from './helpers.js';

type Engine = (board: Board, result: FastResult) => number;
const wasm = wasmSimulator();
const engines: [string, Engine][] = [
  ['JavaScript', simulateBoardJs],
  ['WebAssembly SIMD', (board, result) => wasm!.simulate(board, result)],
  [
    'WebAssembly SIMD, a board outside its memory',
    (board, result) => {
      const outside = board.slice();
      const chains = wasm!.simulate(outside, result);
      board.set(outside);
      return chains;
    },
  ],
];

/** A fast and the plain simulator on one field: chain for chain, point for point, and the field left behind. */
function compare(field: PuyoField, engine: Engine = simulateBoard) {
  const plain = simulate(field);
  const board = boardFromGrid(gridFromField(field));
  const fast = createResult();
  expect(engine(board, fast)).toBe(plain.chains);
  expect(fast.chains).toBe(plain.chains);
  expect(Array.from(fast.stepScores.subarray(0, fast.chains))).toEqual(plain.breakdown.map((s) => s.score));
  expect(fast.score).toBe(plain.score);
  expect(fast.cleared).toBe(plain.cleared);
  expect(boardAllClear(board)).toBe(plain.allClear);
  expect(fieldFromGrid(gridFromBoard(board))).toEqual(plain.field);
  return plain.chains;
}

const rowsOf = (cells: string[]) => Array.from({ length: 14 }, (_, r) => cells.slice(r * 6, r * 6 + 6).join(''));

/** Any cells anywhere: floating puyos, garbage, rows 13 and 14. */
const scattered = fc
  .array(fc.constantFrom('.', '.', '.', 'R', 'G', 'B', 'Y', 'P', 'O'), { minLength: 84, maxLength: 84 })
  .map((cells) => ({ rows: rowsOf(cells) }));

/** Settled stacks of few colours, which chain often; some garbage and an occasional row-14 puyo. */
const stacked = fc
  .tuple(
    fc.array(
      fc.tuple(fc.integer({ min: 0, max: 13 }), fc.array(fc.constantFrom('R', 'G', 'B', 'Y', 'R', 'G', 'B', 'Y', 'O'), { minLength: 13, maxLength: 13 })),
      { minLength: 6, maxLength: 6 },
    ),
    fc.array(fc.constantFrom('.', '.', '.', '.', 'R', 'O'), { minLength: 6, maxLength: 6 }),
  )
  .map(([columns, top]) => {
    const cells: string[] = new Array(84).fill('.');
    columns.forEach(([height, colours], x) => {
      for (let row = 1; row <= height; row++) cells[(14 - row) * 6 + x] = colours[row - 1]!;
    });
    top.forEach((cell, x) => {
      cells[x] = cell;
    });
    return { rows: rowsOf(cells) };
  });

it("places boards in the simulator's memory until its pool is used up, then plain arrays, and simulates both alike", () => {
  const field = parseField(readFixture('seq19.dat'));
  const held: Board[] = [];
  for (let i = 0; i < 5000; i++) held.push(createBoard());
  const memory = held[0]!.buffer;
  expect(memory.byteLength).toBeGreaterThan(4096 * BOARD_SIZE * 4);
  const inside = held.filter((board) => board.buffer === memory);
  expect(inside.length).toBeGreaterThan(0);
  expect(inside.length).toBeLessThanOrEqual(4096);
  expect(new Set(inside.map((board) => board.byteOffset)).size).toBe(inside.length);
  expect(held[held.length - 1]!.buffer.byteLength).toBe(BOARD_SIZE * 4);
  for (const board of [inside[0]!, held[held.length - 1]!]) {
    expect(Array.from(board)).toEqual(new Array(BOARD_SIZE).fill(0));
    boardFromGrid(gridFromField(field), board);
    const result = createResult();
    expect(simulateBoard(board, result)).toBe(19);
    expect(result.score).toBe(175080);
    expect(boardAllClear(board)).toBe(true);
  }
});

it("simulates a board again with new contents, boards in turn, and a second view of a board's memory, each as the plain simulator", () => {
  const fields = fc.sample(stacked, { numRuns: 60, seed: 5 });
  const boards = [createBoard(), createBoard(), createBoard()];
  const result = createResult();
  fields.forEach((field, i) => {
    const plain = simulate(field);
    // The same board twice running, then the next one: the simulator's remembered board and the others.
    const board = boards[(i >> 1) % boards.length]!;
    boardFromGrid(gridFromField(field), board);
    // Every fifth run goes through a view of the board's words that is not the board itself.
    const target = i % 5 === 4 ? board.subarray(0, BOARD_SIZE) : board;
    expect(simulateBoard(target, result)).toBe(plain.chains);
    expect([result.score, result.cleared]).toEqual([plain.score, plain.cleared]);
    expect(Array.from(result.stepScores.subarray(0, result.chains))).toEqual(plain.breakdown.map((s) => s.score));
    expect(fieldFromGrid(gridFromBoard(board))).toEqual(plain.field);
  });
});

it('runs the WebAssembly SIMD simulator under Node 20', () => {
  expect(wasm).not.toBeNull();
  expect(fastEngine()).toBe('wasm-simd');
});

describe.each(engines)('fast bitboard simulator (%s) against the plain one', (_name, engine) => {
  it('agrees on the 19-chain: 19 chains, 175,080 points, 76 puyos, 2,501 garbage, all clear', () => {
    const board = boardFromGrid(gridFromField(parseField(readFixture('seq19.dat'))));
    const result = createResult();
    expect(engine(board, result)).toBe(19);
    expect([result.chains, result.score, result.cleared, garbageSent(result.score), boardAllClear(board)]).toEqual([19, 175080, 76, 2501, true]);
    expect(Array.from(result.stepScores.subarray(0, 19))).toEqual([
      40, 320, 640, 1280, 2560, 3840, 5120, 6400, 7680, 8960, 10240, 11520, 12800, 14080, 15360, 16640, 17920, 19200, 20480,
    ]);
    expect(compare(parseField(readFixture('seq19.dat')), engine)).toBe(19);
  });

  it('agrees when one colour pops as two groups with a gap between them in each column', () => {
    const field = parseField('RRRR..\nGBGB..\nRRRR..');
    expect(compare(field, engine)).toBe(1);
    expect(simulate(field)).toMatchObject({ score: 80, field: { rows: [...Array(13).fill('......'), 'GBGB..'] } });
  });

  it('agrees on thousands of scattered random fields', () => {
    fc.assert(
      fc.property(scattered, (field) => void compare(field, engine)),
      { numRuns: 3000 },
    );
  });

  it('agrees on thousands of random stacks (long chains, garbage, row 14)', () => {
    let chained = 0;
    fc.assert(
      fc.property(stacked, (field) => {
        if (compare(field, engine) >= 2) chained++;
      }),
      { numRuns: 3000 },
    );
    // The generator must really exercise chains, not only single pops.
    expect(chained).toBeGreaterThan(300);
  });
});

describe('simulateBoards (many boards in one call)', () => {
  it('gives each board the result and the field simulateBoard gives it, past one batch of 512', () => {
    const fields = fc.sample(fc.oneof(scattered, stacked), { numRuns: 1300, seed: 11 });
    const boards = new Int32Array(fields.length * BOARD_SIZE);
    fields.forEach((field, i) => {
      boardFromGrid(gridFromField(field), boards.subarray(i * BOARD_SIZE, (i + 1) * BOARD_SIZE));
    });
    const results = new Int32Array(fields.length * 3);
    simulateBoards(boards, results);
    const one = createResult();
    let chained = 0;
    fields.forEach((field, i) => {
      const board = boardFromGrid(gridFromField(field));
      simulateBoard(board, one);
      if (one.chains >= 2) chained++;
      expect(Array.from(results.subarray(3 * i, 3 * i + 3))).toEqual([one.chains, one.score, one.cleared]);
      expect(Array.from(boards.subarray(i * BOARD_SIZE, (i + 1) * BOARD_SIZE))).toEqual(Array.from(board));
    });
    expect(chained).toBeGreaterThan(50);
  });

  it('says when the results array is too short', () => {
    expect(() => simulateBoards(new Int32Array(2 * BOARD_SIZE), new Int32Array(5))).toThrow('simulateBoards: results needs 6 entries, has 5');
  });
});
