import { cellNeighbours } from './compile.js';
import type { Prepared } from './engine.js';
import type { SearchRoot } from './plan.js';

/**
 * Cuts the search into independent subtrees for several workers (or machines): the roots are
 * expanded one level at a time, children in the kernels' own order (so solutions keep the
 * single-thread order), until there are at least `target` of them. Deterministic: every worker
 * computes the same list. Returns the subtrees and the placements made while expanding (counted as
 * tries once).
 */
export function splitRoots(prepared: Prepared, target: number): { roots: SearchRoot[]; tries: number } {
  const { problem, plan } = prepared;
  if (!prepared.feasible) return { roots: [{ prefix: [], check: [] }], tries: 0 };
  const { size, placements, prune } = problem;
  const kinds = problem.kindNames.length;
  const byFirstCell: number[][] = Array.from({ length: size }, () => []);
  placements.forEach((placement, id) => {
    if (plan.enabled[id]) byFirstCell[placement.cells[0]!]!.push(id);
  });
  // Ids are numbered kind by kind, so ascending ids are the kernels' kind-major order.
  const neighbours = cellNeighbours(problem.sides);
  const occupied = new Uint8Array(size);
  const remaining = new Int32Array(kinds);
  let tries = 0;

  const fill = (root: SearchRoot): number => {
    occupied.set(problem.hole);
    for (let k = 0; k < kinds; k++) remaining[k] = problem.kindMax[k]!;
    for (const id of root.prefix) {
      for (const cell of placements[id]!.cells) occupied[cell] = 1;
      remaining[placements[id]!.kind]!--;
    }
    let first = 0;
    while (first < size && occupied[first]) first++;
    return first;
  };
  const isFull = (root: SearchRoot): boolean => fill(root) === size;

  const children = (root: SearchRoot): SearchRoot[] => {
    const first = fill(root);
    if (first === size) return [root];
    const out: SearchRoot[] = [];
    for (const id of byFirstCell[first]!) {
      const placement = placements[id]!;
      if (remaining[placement.kind] === 0 || placement.cells.some((cell) => occupied[cell])) continue;
      for (const cell of placement.cells) occupied[cell] = 1;
      const cut = prune && placement.cells.some((cell) =>
        neighbours[cell]!.some((n) => !occupied[n] && neighbours[n]!.every((m) => occupied[m])));
      for (const cell of placement.cells) occupied[cell] = 0;
      if (cut) continue;
      tries++;
      out.push({ prefix: [...root.prefix, id], check: root.check });
    }
    return out;
  };

  let roots = plan.roots;
  // Bounded: each round makes every open root one placement deeper, and a packing has at most
  // maxPieces placements.
  for (let round = 0; roots.length < target && round < problem.maxPieces; round++) {
    if (roots.every(isFull)) break;
    roots = roots.flatMap(children);
  }
  return { roots, tries };
}
