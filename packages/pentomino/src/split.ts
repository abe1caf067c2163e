import { type Prepared } from './engine.js';
import type { SearchRoot } from './plan.js';

/**
 * Cuts the search into independent subtrees for several workers: the roots are expanded one level
 * at a time (children in the kernel's own order, so solutions keep the single-thread order) until
 * there are at least `target` of them. Deterministic: every worker computes the same list.
 * Returns the subtrees and the placements made while expanding (counted as tries once).
 */
export function splitRoots(prepared: Prepared, target: number): { roots: SearchRoot[]; tries: number } {
  const { problem, plan } = prepared;
  if (!prepared.feasible) return { roots: [{ prefix: [], check: [] }], tries: 0 };
  const { size, placements, pieces, prune } = problem;
  const kinds = problem.kindNames.length;
  const byFirstCell: number[][] = Array.from({ length: size }, () => []);
  placements.forEach((placement, id) => {
    if (plan.enabled[id]) byFirstCell[placement.cells[0]!]!.push(id);
  });
  // Ids are numbered kind by kind, so ascending ids are the kernel's kind-major order.
  const wide = problem.rows <= problem.cols;
  const neighbours: number[][] = Array.from({ length: size }, () => []);
  for (let r = 0; r < problem.rows; r++) {
    for (let c = 0; c < problem.cols; c++) {
      const at = wide ? c * problem.rows + r : r * problem.cols + c;
      const index = (rr: number, cc: number) => (wide ? cc * problem.rows + rr : rr * problem.cols + cc);
      if (r > 0) neighbours[at]!.push(index(r - 1, c));
      if (r + 1 < problem.rows) neighbours[at]!.push(index(r + 1, c));
      if (c > 0) neighbours[at]!.push(index(r, c - 1));
      if (c + 1 < problem.cols) neighbours[at]!.push(index(r, c + 1));
    }
  }
  const occupied = new Uint8Array(size);
  const remaining = new Int32Array(kinds);
  let tries = 0;

  const children = (root: SearchRoot): SearchRoot[] => {
    occupied.set(problem.hole);
    for (let k = 0; k < kinds; k++) remaining[k] = problem.kindCounts[k]!;
    for (const id of root.prefix) {
      for (const cell of placements[id]!.cells) occupied[cell] = 1;
      remaining[placements[id]!.kind]!--;
    }
    let first = 0;
    while (occupied[first]) first++;
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
  while (roots.length < target) {
    if (roots.every((root) => root.prefix.length >= pieces - 1)) break;
    roots = roots.flatMap((root) => (root.prefix.length >= pieces ? [root] : children(root)));
  }
  return { roots, tries };
}
