// Dead cells: an empty cell with no empty neighbour can never be covered by a piece of two or more
// cells. The kernels prune on it while searching; these are the checks before the search.
import type { CoverProblem } from './problem.js';
import { boxNeighbours } from './wide-kernel.js';

/** An empty cell with no empty neighbour on the bare board: nothing bigger than one cell can cover it. */
export function hasIsolatedCell(problem: CoverProblem): boolean {
  const neighbours = boxNeighbours(problem.sides);
  for (let i = 0; i < problem.size; i++) {
    if (!problem.hole[i] && neighbours[i]!.every((n) => problem.hole[n] === 1)) return true;
  }
  return false;
}

/** Can the board be packed at all, as far as the dead-cell check sees before searching? */
export function isFeasible(problem: CoverProblem): boolean {
  return !(problem.prune && hasIsolatedCell(problem));
}

/**
 * Does covering `cells` leave a neighbouring cell with no free neighbour? `mark` holds the holes
 * (and is left as it was).
 */
export function isolatesCell(cells: readonly number[], neighbours: readonly ArrayLike<number>[], mark: Uint8Array): boolean {
  for (const c of cells) mark[c] = 1;
  let isolated = false;
  for (const c of cells) {
    const around = neighbours[c]!;
    for (let i = 0; i < around.length; i++) {
      const n = around[i]!;
      if (mark[n]) continue;
      const next = neighbours[n]!;
      let open = false;
      for (let j = 0; j < next.length; j++) if (!mark[next[j]!]) open = true;
      if (!open) isolated = true;
    }
  }
  for (const c of cells) mark[c] = 0;
  return isolated;
}
