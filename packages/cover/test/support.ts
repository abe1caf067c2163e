// Small packing problems built from scratch, and an exhaustive counter that shares nothing with the
// kernel: it tries every placement for the lowest empty cell, recursively.
import { type CoverProblem, placementMasks } from '../src/index.js';

type Cell = [number, number, number];

/** Every translation inside the box of every shape (cells as [a, b, c]), kind by kind. */
export function boxProblem(sides: [number, number, number], kinds: { shapes: Cell[][]; copies: number }[], hole: Uint8Array, prune: boolean): CoverProblem {
  const [A, B, C] = sides;
  const size = A * B * C;
  const placements: { kind: number; cells: number[] }[] = [];
  kinds.forEach(({ shapes }, kind) => {
    const seen = new Set<string>();
    for (const shape of shapes) {
      for (let c = 0; c < C; c++)
        for (let b = 0; b < B; b++)
          for (let a = 0; a < A; a++) {
            const cells = shape.map(([x, y, z]) => [x + a, y + b, z + c] as Cell);
            if (cells.some(([x, y, z]) => x >= A || y >= B || z >= C)) continue;
            const indices = cells.map(([x, y, z]) => x + A * (y + B * z)).sort((p, q) => p - q);
            if (indices.some((i) => hole[i])) continue;
            const key = indices.join(',');
            if (seen.has(key)) continue;
            seen.add(key);
            placements.push({ kind, cells: indices });
          }
    }
  });
  const kindMax = kinds.map((kind) => kind.copies);
  return { size, sides, hole, kindMax, maxPieces: kindMax.reduce((x, y) => x + y, 0), prune, placements, masks: placementMasks(placements) };
}

/**
 * Packings as sets, whatever order a search placed their pieces in (the box kernels may branch on a
 * cell other than the first empty one): each one's ids ascending, the list sorted.
 */
export function asSets(packings: readonly string[]): string[] {
  return packings
    .map((packing) =>
      packing
        .split(' ')
        .map(Number)
        .sort((a, b) => a - b)
        .join(' '),
    )
    .sort();
}

/** The packings of the problem, as sets (see {@link asSets}), by an exhaustive search of its own. */
export function naivePackings(problem: CoverProblem): string[] {
  const covered = Uint8Array.from(problem.hole);
  const left = [...problem.kindMax];
  const out: string[] = [];
  const stack: number[] = [];
  const go = (): void => {
    const first = covered.indexOf(0);
    if (first < 0) {
      out.push(stack.join(' '));
      return;
    }
    problem.placements.forEach((placement, id) => {
      if (placement.cells[0] !== first || left[placement.kind] === 0 || placement.cells.some((cell) => covered[cell])) return;
      for (const cell of placement.cells) covered[cell] = 1;
      left[placement.kind]!--;
      stack.push(id);
      go();
      stack.pop();
      left[placement.kind]!++;
      for (const cell of placement.cells) covered[cell] = 0;
    });
  };
  go();
  return asSets(out);
}

/** The eight rotations of a flat shape in the a-b plane and, with `solid`, its 24 rotations in space. */
export function rotations(shape: Cell[], solid: boolean): Cell[][] {
  const turnC = ([x, y, z]: Cell): Cell => [-y, x, z];
  const turnA = ([x, y, z]: Cell): Cell => [x, -z, y];
  const turnB = ([x, y, z]: Cell): Cell => [z, y, -x];
  const normal = (cells: Cell[]): Cell[] => {
    const min = [0, 1, 2].map((axis) => Math.min(...cells.map((cell) => cell[axis]!)));
    return cells.map((cell) => cell.map((v, axis) => v - min[axis]!) as Cell).sort((p, q) => p[2] - q[2] || p[1] - q[1] || p[0] - q[0]);
  };
  const found = new Map<string, Cell[]>();
  const queue = [normal(shape)];
  while (queue.length > 0) {
    const cells = queue.pop()!;
    const key = JSON.stringify(cells);
    if (found.has(key)) continue;
    found.set(key, cells);
    const turns = solid ? [turnA, turnB, turnC] : [turnC, ([x, y, z]: Cell): Cell => [-x, y, z]];
    for (const turn of turns) queue.push(normal(cells.map(turn)));
  }
  return [...found.values()];
}
