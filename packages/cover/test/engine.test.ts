// The engine on a geometry made here (rectangles of squares with their own symmetries): distinct
// packings are the orbits an exhaustive listing finds, whatever the method, and a split search adds
// up to the whole one.
import { describe, expect, it } from 'vitest';
import {
  type PackingProblem,
  type PreparedSearch,
  type SymmetryGroup,
  type SymmetryMethod,
  breakSymmetry,
  chooseMethod,
  compareCellSets,
  compareImage,
  imageOf,
  isFeasible,
  placedPieces,
  planSearch,
  runAll,
  runRoots,
  splitRoots,
} from '../src/index.js';
import { boxProblem, rotations } from './support.js';

type Cell = [number, number, number];

const DOMINO: Cell[] = [
  [0, 0, 0],
  [1, 0, 0],
];
const SQUARE: Cell[] = [
  [0, 0, 0],
  [1, 0, 0],
  [0, 1, 0],
  [1, 1, 0],
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

/** A rectangle of A x B squares as a geometry: its cells, the placements of the kinds, its symmetries. */
function rectangle(A: number, B: number, kinds: { shape: Cell[]; copies: number }[]): { problem: PackingProblem; group: SymmetryGroup } {
  const cover = boxProblem(
    [A, B, 1],
    kinds.map(({ shape, copies }) => ({ shapes: rotations(shape, false), copies })),
    new Uint8Array(A * B),
    true,
  );
  const problem: PackingProblem = {
    ...cover,
    kindNames: kinds.map((_, k) => String.fromCharCode(65 + k)),
    kindMin: cover.kindMax,
    ranges: false,
    boardIndex: Int32Array.from({ length: A * B }, (_, i) => i),
  };
  const maps: ((a: number, b: number) => [number, number])[] = [
    (a, b) => [a, b],
    (a, b) => [A - 1 - a, b],
    (a, b) => [a, B - 1 - b],
    (a, b) => [A - 1 - a, B - 1 - b],
  ];
  if (A === B)
    maps.push(
      (a, b) => [b, a],
      (a, b) => [B - 1 - b, a],
      (a, b) => [b, A - 1 - a],
      (a, b) => [B - 1 - b, A - 1 - a],
    );
  const perms = maps.map((map) =>
    Int32Array.from({ length: A * B }, (_, i) => {
      const [a, b] = map(i % A, Math.floor(i / A));
      return a + A * b;
    }),
  );
  return { problem, group: { perms } };
}

/** A packing as text that keeps piece boundaries: each piece's kind and cells, pieces sorted. */
const packingKey = (pieces: { kind: number; cells: readonly number[] }[]): string =>
  pieces
    .map((piece) => `${piece.kind}:${[...piece.cells].sort((x, y) => x - y).join(',')}`)
    .sort()
    .join(' ');

/** Orbits of the raw packings under the group: counted by the smallest key of each. */
function orbits(problem: PackingProblem, group: SymmetryGroup): number {
  const prepared = prepared_(problem, { perms: [group.perms[0]!] }, 'raw');
  const smallest = new Set<string>();
  runAll(prepared, {
    solution: (stack, depth) => {
      const pieces = placedPieces(problem, stack, depth);
      const images = group.perms.map((perm) => packingKey(pieces.map((piece) => ({ kind: piece.kind, cells: piece.cells.map((cell) => perm[cell]!) }))));
      smallest.add(images.sort()[0]!);
    },
  });
  return smallest.size;
}

function prepared_(problem: PackingProblem, group: SymmetryGroup, method: SymmetryMethod): PreparedSearch {
  return { problem, group, plan: planSearch(problem, group, method), feasible: isFeasible(problem), kernel: 'wide' };
}

const cases = [
  { name: 'dominoes in 4x4', ...rectangle(4, 4, [{ shape: DOMINO, copies: 8 }]) },
  { name: 'dominoes in 3x4', ...rectangle(3, 4, [{ shape: DOMINO, copies: 6 }]) },
  {
    name: 'a square and dominoes in 4x4',
    ...rectangle(4, 4, [
      { shape: SQUARE, copies: 1 },
      { shape: DOMINO, copies: 6 },
    ]),
  },
  {
    name: 'two L trominoes and dominoes in 3x4',
    ...rectangle(3, 4, [
      { shape: L_TROMINO, copies: 2 },
      { shape: DOMINO, copies: 3 },
    ]),
  },
];

describe('the packing engine', () => {
  for (const { name, problem, group } of cases) {
    it(`counts the orbits of an exhaustive listing, by every method that applies: ${name}`, () => {
      const expected = orbits(problem, group);
      const methods: SymmetryMethod[] = chooseMethod(problem, group, false) === 'first' ? ['first', 'canon'] : ['canon'];
      for (const method of methods) {
        for (const kernel of ['wide', 'wasm', 'js'] as const) {
          const prepared = { ...prepared_(problem, group, method), kernel };
          expect(runAll(prepared).solutions, `${method} ${kernel}`).toBe(expected);
        }
      }
    });
  }

  it("counts dominoes in 4x4: 36 tilings, 9 up to the square's symmetries (Burnside)", () => {
    const { problem, group } = cases[0]!;
    expect(runAll(prepared_(problem, group, 'raw')).solutions).toBe(36);
    expect(orbits(problem, group)).toBe(9);
    expect(runAll(prepared_(problem, group, 'canon')).solutions).toBe(9);
  });

  it('splits into subtrees that add up to the whole search, in the same order', () => {
    const { problem, group } = cases[2]!;
    const prepared = prepared_(problem, group, 'first');
    const whole: string[] = [];
    const keyOf = (stack: Int32Array, depth: number) => packingKey(placedPieces(problem, stack, depth));
    const all = runAll(prepared, { solution: (stack, depth) => void whole.push(keyOf(stack, depth)) });
    const { roots, tries } = splitRoots(prepared, 12);
    expect(roots.length).toBeGreaterThanOrEqual(12);
    const parts: string[] = [];
    let partTries = 0;
    for (const root of roots) partTries += runRoots(prepared, [root], { solution: (stack, depth) => void parts.push(keyOf(stack, depth)) }).tries;
    expect(parts).toEqual(whole);
    expect(partTries + tries + prepared.plan.rootTries).toBe(all.tries);
  });

  it('breaks the symmetry at the root with the pieces placed next: the same orbits, fewer packings filtered at the leaves', () => {
    // One square, one L and one straight tromino, three dominoes in 4x4: the square goes first; at
    // the centre all eight elements fix it, and the straight tromino then breaks what is left.
    const { problem, group } = rectangle(4, 4, [
      { shape: SQUARE, copies: 1 },
      { shape: L_TROMINO, copies: 1 },
      { shape: I_TROMINO, copies: 1 },
      { shape: DOMINO, copies: 3 },
    ]);
    const expected = orbits(problem, group);
    const first = planSearch(problem, group, 'first');
    expect(first.kind).toBe(0);
    const checked = (plan: typeof first) => plan.roots.reduce((n, root) => n + root.check.length, 0);
    expect(checked(first)).toBeGreaterThan(0);
    const broken = breakSymmetry(problem, group, first);
    const second = planSearch(problem, group, 'first', { second: 1 });
    expect(checked(broken)).toBeLessThan(checked(first));
    expect(checked(second)).toBeLessThan(checked(first));
    for (const plan of [first, broken, second]) {
      for (const kernel of ['wide', 'wasm'] as const) {
        const prepared: PreparedSearch = { problem, group, plan, feasible: isFeasible(problem), kernel };
        expect(runAll(prepared).solutions, `${plan.second} ${plan.roots.length} ${kernel}`).toBe(expected);
      }
    }
  });

  it("compares a placement's image with the placement as the sorted image would", () => {
    const { problem, group } = cases[2]!;
    for (const perm of group.perms) {
      for (const placement of problem.placements) {
        expect(Math.sign(compareImage(perm, placement.cells))).toBe(Math.sign(compareCellSets(imageOf(perm, placement.cells), placement.cells)));
      }
    }
  });

  it('compares the image of a piece of many cells the same way, in linear steps (a 2x70000 slab took minutes)', () => {
    // The four reflections and turns of a 20x20 board that keep it whole, and random sets of 65 to
    // 400 cells, half of them unions of orbits (mapped onto themselves: order 0).
    const side = 20;
    const turns = [
      (r: number, c: number) => r * side + (side - 1 - c),
      (r: number, c: number) => (side - 1 - r) * side + c,
      (r: number, c: number) => c * side + r,
      (r: number, c: number) => (side - 1 - c) * side + r,
    ];
    const perms = turns.map((to) => Int32Array.from({ length: side * side }, (_, i) => to(Math.floor(i / side), i % side)));
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const orders = new Set<number>();
    for (let trial = 0; trial < 200; trial++) {
      const perm = perms[trial % perms.length]!;
      const chosen = new Set<number>();
      const size = 65 + Math.floor(random() * 336);
      while (chosen.size < size) {
        const cell = Math.floor(random() * side * side);
        chosen.add(cell);
        if (trial % 2 === 0) for (let to = perm[cell]!; !chosen.has(to); to = perm[to]!) chosen.add(to);
      }
      const cells = [...chosen].sort((a, b) => a - b);
      const expected = Math.sign(compareCellSets(imageOf(perm, cells), cells));
      orders.add(expected);
      expect(Math.sign(compareImage(perm, cells)), `trial ${trial}`).toBe(expected);
    }
    expect([...orders].sort()).toEqual([-1, 0, 1]);
  });
});
