// Where a runtime has no WebAssembly SIMD, simulateBoard and simulateBoards fall back to the
// JavaScript engine with the same results.
import { describe, expect, it, vi } from 'vitest';
import { BOARD_SIZE, boardFromGrid, createResult, fastEngine, gridFromField, parseField, simulateBoard, simulateBoards } from '../src/index.js';
import { readFixture } from './helpers.js';

vi.mock('../src/bitboard-wasm.js', () => ({ wasmSimulator: () => null }));

describe('without WebAssembly SIMD', () => {
  it('simulateBoard and simulateBoards run the JavaScript engine', () => {
    expect(fastEngine()).toBe('js');
    const start = boardFromGrid(gridFromField(parseField(readFixture('seq19.dat'))));
    const board = start.slice();
    const result = createResult();
    expect(simulateBoard(board, result)).toBe(19);
    expect([result.chains, result.score, result.cleared]).toEqual([19, 175080, 76]);
    const boards = new Int32Array(3 * BOARD_SIZE);
    boards.set(start, 0);
    boards.set(boardFromGrid(gridFromField(parseField('RRRR..\nGBGB..\nRRRR..'))), BOARD_SIZE);
    const results = new Int32Array(9);
    simulateBoards(boards, results);
    expect(Array.from(results)).toEqual([19, 175080, 76, 1, 80, 8, 0, 0, 0]);
    expect(Array.from(boards.subarray(0, BOARD_SIZE))).toEqual(Array.from(board));
  });
});
