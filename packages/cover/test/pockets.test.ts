// Pockets: in a box whose pieces all have four cells or more, the box kernels skip a placement that
// leaves an enclosed empty region of two or three cells, and they agree on every try.
import { seededRandom as random } from '@kit/core';
import { describe, expect, it } from 'vitest';
import { type CoverProblem, type KernelHooks, createWasmKernel, createWideKernel, hasWasm, isFeasible } from '../src/index.js';
import { asSets, boxProblem, naivePackings, rotations } from './support.js';

type Cell = [number, number, number];

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

const L_TETRACUBE: Cell[] = [
  [0, 0, 0],
  [1, 0, 0],
  [2, 0, 0],
  [0, 1, 0],
];
const T_TETRACUBE: Cell[] = [
  [0, 0, 0],
  [1, 0, 0],
  [2, 0, 0],
  [1, 1, 0],
];
const BRANCH: Cell[] = [
  [0, 0, 0],
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
];
const DOMINO: Cell[] = [
  [0, 0, 0],
  [1, 0, 0],
];

/** A box of tetracubes (with a spare copy of each), `holes` cells left out at random. */
function tetracubeBox(seed: number, sides: [number, number, number], holes: number): CoverProblem {
  const next = random(seed);
  const size = sides[0] * sides[1] * sides[2];
  const hole = new Uint8Array(size);
  for (let placed = 0; placed < holes; ) {
    const at = Math.floor(next() * size);
    if (!hole[at]) {
      hole[at] = 1;
      placed++;
    }
  }
  const copies = Math.ceil((size - holes) / 4);
  return boxProblem(
    sides,
    [L_TETRACUBE, T_TETRACUBE, BRANCH].map((shape) => ({ shapes: rotations(shape, true), copies })),
    hole,
    true,
  );
}

const BOXES: [number, number, number][] = [
  [2, 3, 4],
  [2, 2, 6],
  [2, 3, 3],
];
// At least 3 across every way: the kernels branch on the most walled-in cell (constrained-cell.ts).
const CUBE: [number, number, number] = [3, 3, 3];

describe('pockets in boxes', () => {
  it('loses no packing: random boxes of tetracubes with holes against an exhaustive search', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const sides = BOXES[seed % BOXES.length]!;
      const problem = tetracubeBox(seed, sides, ((sides[0] * sides[1] * sides[2]) % 4) + 4 * (seed % 2));
      expect([seed, asSets(search(createWideKernel, problem).packings)]).toEqual([seed, naivePackings(problem)]);
    }
  });

  it.runIf(hasWasm())('makes the same tries in the same order in both box kernels', () => {
    for (let seed = 1; seed <= 24; seed++) {
      const sides = BOXES[seed % BOXES.length]!;
      const problem = tetracubeBox(seed, sides, ((sides[0] * sides[1] * sides[2]) % 4) + 4 * (seed % 2));
      expect([seed, search(createWideKernel, problem)]).toEqual([seed, search(createWasmKernel, problem)]);
    }
  });

  it('loses no packing and keeps both kernels together where they branch on walled-in cells: random 3x3x3 boxes', () => {
    let searched = 0;
    for (let seed = 1; searched < 10; seed++) {
      const problem = tetracubeBox(seed, CUBE, 3 + 4 * (seed % 2));
      // As the engine does: a board with a cell walled in by holes is not searched (the WebAssembly
      // kernel's dead-cell test sees the whole board, the JavaScript one the cells around a placement).
      if (!isFeasible(problem)) continue;
      searched++;
      const wide = search(createWideKernel, problem);
      expect([seed, asSets(wide.packings)]).toEqual([seed, naivePackings(problem)]);
      if (hasWasm()) expect([seed, wide]).toEqual([seed, search(createWasmKernel, problem)]);
    }
  });

  it('tries nothing on a board that already has one: two cells walled in by holes', () => {
    // A 2x2x3 box: the two top cells of one column pair enclosed by holes, the rest open.
    const sides: [number, number, number] = [2, 2, 4];
    const hole = new Uint8Array(16);
    // Cells 12 and 13 (c = 3, b = 0) are the pocket: their neighbours 14, 15 (b = 1) and 8, 9 (c = 2) are holes.
    for (const cell of [8, 9, 14, 15]) hole[cell] = 1;
    const problem = boxProblem(sides, [{ shapes: rotations(L_TETRACUBE, true), copies: 3 }], hole, true);
    expect(search(createWideKernel, problem)).toEqual({ packings: [], tries: 0 });
    if (hasWasm()) expect(search(createWasmKernel, problem)).toEqual({ packings: [], tries: 0 });
  });

  it("leaves pieces of fewer than four cells alone: a pocket of two cells is a domino's place", () => {
    const dominoes = boxProblem([2, 2, 2], [{ shapes: rotations(DOMINO, true), copies: 4 }], new Uint8Array(8), true);
    expect(search(createWideKernel, dominoes).packings).toHaveLength(9);
    if (hasWasm()) expect(search(createWasmKernel, dominoes)).toEqual(search(createWideKernel, dominoes));
  });
});
