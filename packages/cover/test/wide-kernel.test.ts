import { seededRandom as random } from '@kit/core';
import { describe, expect, it } from 'vitest';
import { type CoverProblem, type KernelHooks, createWasmKernel, createWideKernel, hasWasm } from '../src/index.js';
import { asSets, boxProblem, naivePackings, rotations } from './support.js';

/** The packings a kernel finds, in its order, and its tries. */
function search(create: typeof createWideKernel, problem: CoverProblem): { packings: string[]; tries: number } {
  const packings: string[] = [];
  const hooks: KernelHooks = {
    leaf(stack, depth) {
      packings.push([...stack.subarray(0, depth)].join(' '));
      return false;
    },
    tick: () => false,
  };
  const tries = create(problem, new Uint8Array(problem.placements.length).fill(1), hooks).search([]);
  return { packings, tries };
}

const DOMINO: [number, number, number][] = [
  [0, 0, 0],
  [1, 0, 0],
];
const L_TROMINO: [number, number, number][] = [
  [0, 0, 0],
  [1, 0, 0],
  [0, 1, 0],
];

describe('the byte-board kernel', () => {
  it('packs boards past 64 cells: a 1x66 strip of 30 dominoes and 2 straight trominoes, in 32 choose 2 ways', () => {
    const I_TROMINO: [number, number, number][] = [
      [0, 0, 0],
      [1, 0, 0],
      [2, 0, 0],
    ];
    const strip = boxProblem(
      [1, 66, 1],
      [
        { shapes: rotations(DOMINO, false), copies: 30 },
        { shapes: rotations(I_TROMINO, false), copies: 2 },
      ],
      new Uint8Array(66),
      true,
    );
    expect(search(createWideKernel, strip).packings).toHaveLength(496);
  });

  it('finds the packings of an exhaustive search on random boxes with holes, pieces to spare or not', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const next = random(seed);
      const sides: [number, number, number] = next() < 0.5 ? [3, 2 + Math.floor(next() * 3), 1] : [2, 2, 2 + Math.floor(next() * 2)];
      const size = sides[0] * sides[1] * sides[2];
      const hole = new Uint8Array(size);
      hole[Math.floor(next() * size)] = 1;
      const solid = sides[2] > 1;
      // More copies than fit: a packing is complete when the board is full, not when the pieces run out.
      const problem = boxProblem(
        sides,
        [
          { shapes: rotations(L_TROMINO, solid), copies: 4 },
          { shapes: rotations(DOMINO, solid), copies: 6 },
        ],
        hole,
        true,
      );
      const found = search(createWideKernel, problem).packings;
      expect([seed, asSets(found)]).toEqual([seed, naivePackings(problem)]);
    }
  });

  it.runIf(hasWasm())('makes the same tries in the same order as the WebAssembly kernel', () => {
    for (const sides of [
      [4, 6, 1],
      [2, 3, 4],
      [3, 3, 3],
    ] as [number, number, number][]) {
      const size = sides[0] * sides[1] * sides[2];
      const hole = new Uint8Array(size);
      if (size % 2 === 1) hole[size >> 1] = 1;
      const problem = boxProblem(
        sides,
        [
          { shapes: rotations(L_TROMINO, sides[2] > 1), copies: 4 },
          { shapes: rotations(DOMINO, sides[2] > 1), copies: size },
        ],
        hole,
        true,
      );
      expect(search(createWideKernel, problem)).toEqual(search(createWasmKernel, problem));
    }
  });
});
