import { seededRandom as random } from '@kit/core';
import { describe, expect, it } from 'vitest';
import { type CoverProblem, TICK_TRIES, createWasmKernel, estimateTries, hasWasm } from '../src/index.js';
import { asSets, boxProblem, naivePackings, rotations } from './support.js';

type Cell = [number, number, number];
const DOMINO: Cell[] = [
  [0, 0, 0],
  [1, 0, 0],
];
const L_TROMINO: Cell[] = [
  [0, 0, 0],
  [1, 0, 0],
  [0, 1, 0],
];
const I_TROMINO: Cell[] = [
  [0, 0, 0],
  [1, 0, 0],
  [2, 0, 0],
];

/** The packings the WebAssembly kernel finds below each prefix, in its order, and its tries. */
function search(problem: CoverProblem, prefixes: number[][] = [[]]): { packings: string[]; tries: number } {
  const packings: string[] = [];
  const kernel = createWasmKernel(problem, new Uint8Array(problem.placements.length).fill(1), {
    leaf(stack, depth) {
      packings.push([...stack.subarray(0, depth)].join(' '));
      return false;
    },
    tick: () => false,
  });
  let tries = 0;
  for (const prefix of prefixes) tries += kernel.search(prefix);
  return { packings, tries };
}

/** A random problem: a box or a plane with a few holes, pieces from a small set whose areas fill it. */
function randomProblem(seed: number): CoverProblem {
  const next = random(seed);
  const planar = next() < 0.5;
  const sides: [number, number, number] = planar
    ? [2 + Math.floor(next() * 3), 2 + Math.floor(next() * 4), 1]
    : [2, 2 + Math.floor(next() * 2), 2 + Math.floor(next() * 2)];
  const size = sides[0] * sides[1] * sides[2];
  const hole = new Uint8Array(size);
  let free = size;
  for (let i = Math.floor(next() * 3); i > 0; i--) {
    const cell = Math.floor(next() * size);
    if (!hole[cell]) {
      hole[cell] = 1;
      free--;
    }
  }
  // Trominoes and dominoes whose areas add up to the free cells.
  const trominoes = Math.floor(next() * (Math.floor(free / 3) + 1));
  const rest = free - 3 * trominoes;
  const kinds = [
    { shapes: rotations(DOMINO, !planar), copies: Math.floor(rest / 2) },
    { shapes: rotations(next() < 0.5 ? L_TROMINO : I_TROMINO, !planar), copies: trominoes },
  ];
  if (rest % 2 === 1) kinds.push({ shapes: [[[0, 0, 0]]], copies: 1 });
  return boxProblem(sides, kinds, hole, rest % 2 === 0);
}

describe.runIf(hasWasm())('the WebAssembly exact-cover kernel', () => {
  it('counts the domino tilings of planes and boxes', () => {
    const dominoes = (sides: [number, number, number], prune: boolean) => {
      const size = sides[0] * sides[1] * sides[2];
      return search(boxProblem(sides, [{ shapes: rotations(DOMINO, sides[2] > 1), copies: size / 2 }], new Uint8Array(size), prune)).packings.length;
    };
    // 2xn: Fibonacci; 3x4: 11; 4x4: 36; 8x8: 12988816; 2x2x2: 9; 2x2x3: 32; 2x3x3 (odd) none.
    expect([2, 3, 4, 5, 6].map((n) => dominoes([2, n, 1], true))).toEqual([2, 3, 5, 8, 13]);
    expect(dominoes([3, 4, 1], true)).toBe(11);
    expect(dominoes([4, 4, 1], false)).toBe(36);
    expect(dominoes([2, 2, 2], true)).toBe(9);
    expect(dominoes([2, 2, 3], true)).toBe(32);
  });

  it('finds exactly the packings of an exhaustive search on 150 random planes and boxes, with pruning or without', () => {
    for (let seed = 1; seed <= 150; seed++) {
      const problem = randomProblem(seed);
      const expected = naivePackings(problem);
      const found = search(problem).packings;
      expect([seed, asSets(found)]).toEqual([seed, expected]);
      // Pruning skips dead ends only: the packings do not change.
      if (!problem.prune) continue;
      expect([seed, asSets(search({ ...problem, prune: false }).packings)]).toEqual([seed, asSets(found)]);
    }
  });

  it('searched below a split of the first placements, finds the same packings in the same order', () => {
    // Without pruning every first placement is a try of the whole search.
    const problem = boxProblem([4, 6, 1], [{ shapes: rotations(L_TROMINO, false), copies: 8 }], new Uint8Array(24), false);
    const whole = search(problem);
    expect(whole.packings.length).toBeGreaterThan(0);
    const firsts = problem.placements.flatMap((placement, id) => (placement.cells[0] === 0 ? [[id]] : []));
    const split = search(problem, firsts);
    expect(split.packings).toEqual(whole.packings);
    expect(split.tries + firsts.length).toBe(whole.tries);
  });

  it('ticks every TICK_TRIES tries and stops when a hook asks', () => {
    const problem = boxProblem([6, 8, 1], [{ shapes: rotations(DOMINO, false), copies: 24 }], new Uint8Array(48), true);
    const ticks: number[] = [];
    let leaves = 0;
    const kernel = createWasmKernel(problem, new Uint8Array(problem.placements.length).fill(1), {
      leaf: () => ++leaves === 1000,
      tick(_stack, _depth, tries) {
        ticks.push(tries);
        return false;
      },
    });
    kernel.search([]);
    expect(kernel.stopped).toBe(true);
    expect(leaves).toBe(1000);
    expect(ticks.every((tries, i) => tries === (i + 1) * TICK_TRIES)).toBe(true);
  });

  it('hands each tick the partial packing it stands on, though it writes ids out only then', () => {
    // Two holes of one colour: no packing, so no leaf ever writes the stack out before a tick.
    const hole = new Uint8Array(64);
    hole[0] = 1;
    hole[63] = 1;
    const problem = boxProblem([8, 8, 1], [{ shapes: rotations(DOMINO, false), copies: 31 }], hole, true);
    const overlaps: number[] = [];
    let ticks = 0;
    const kernel = createWasmKernel(problem, new Uint8Array(problem.placements.length).fill(1), {
      leaf: () => false,
      tick(stack, depth) {
        ticks++;
        // The placements on the stack lie side by side: no cell is covered twice.
        const placed = [...stack.subarray(0, depth)].map((id) => problem.placements[id]!.cells);
        const cells = new Set(placed.flat());
        overlaps.push(placed.length * 2 - cells.size);
        return ticks === 5;
      },
    });
    kernel.search([]);
    expect(kernel.stopped).toBe(true);
    expect(overlaps).toEqual(Array(5).fill(0));
  });

  it("estimates a search's tries without searching", () => {
    const problem = boxProblem([2, 3, 4], [{ shapes: rotations(DOMINO, true), copies: 12 }], new Uint8Array(24), true);
    const tries = search(problem).tries;
    const estimate = estimateTries(problem, new Uint8Array(problem.placements.length).fill(1), [[]], 2000, 7);
    expect(estimate).toBe(estimateTries(problem, new Uint8Array(problem.placements.length).fill(1), [[]], 2000, 7));
    expect(estimate / tries).toBeGreaterThan(0.5);
    expect(estimate / tries).toBeLessThan(2);
  });

  it('refuses a board of more than 64 cells', () => {
    const problem = boxProblem([5, 13, 1], [{ shapes: rotations(L_TROMINO, false), copies: 0 }], new Uint8Array(65), true);
    expect(() => search(problem)).toThrow('the bitboard kernel takes at most 64 cells and 31 kinds, with their masks');
  });
});
