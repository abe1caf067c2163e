import type { Prepared } from './engine.js';
import type { SearchRoot } from './plan.js';

/** Random walks per estimate, at least. */
const WALKS = 48;

export interface SplitRoots {
  roots: SearchRoot[];
  tries: number;
  /** A subtree's children, in the kernel's order (each a try); none one piece from the end. */
  parts(root: SearchRoot): SearchRoot[];
  /** A seeded guess of the tries below a subtree. */
  estimate(root: SearchRoot): number;
}

/**
 * Cuts the search into independent subtrees for several workers: the roots are expanded one level
 * at a time (children in the kernel's own order, so solutions keep the single-thread order) until
 * there are at least `target` of them. Deterministic: every worker computes the same list.
 * Returns the subtrees and the placements made while expanding (counted as tries once), and how to
 * cut a subtree one level deeper, and to guess its size, for a host that balances the split.
 */
export function splitRoots(prepared: Prepared, target: number): SplitRoots {
  const { problem, plan } = prepared;
  if (!prepared.feasible) return { roots: [{ prefix: [], check: [] }], tries: 0, parts: () => [], estimate: () => 0 };
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
  const cellsOf = placements.map((placement) => Int32Array.from(placement.cells));
  const kindOf = Int32Array.from(placements, (placement) => placement.kind);
  // The cells next to a placement: where placing it may cut off an empty cell.
  const borderOf = placements.map((placement) => {
    const inside = new Set(placement.cells);
    return Int32Array.from(new Set(placement.cells.flatMap((cell) => neighbours[cell]!.filter((n) => !inside.has(n)))));
  });
  const around = neighbours.map((list) => Int32Array.from(list));
  const occupied = new Uint8Array(size);
  const remaining = new Int32Array(kinds);
  const place = (id: number, value: 0 | 1) => {
    for (const cell of cellsOf[id]!) occupied[cell] = value;
    remaining[kindOf[id]!]! += value ? -1 : 1;
  };
  const setState = (prefix: readonly number[]) => {
    occupied.set(problem.hole);
    for (let k = 0; k < kinds; k++) remaining[k] = problem.kindCounts[k]!;
    for (const id of prefix) place(id, 1);
  };
  /** Whether placement `id` (placed) leaves an empty cell with no empty neighbour. */
  const cutsOff = (id: number): boolean => {
    for (const n of borderOf[id]!) {
      if (occupied[n]) continue;
      let isolated = true;
      for (const m of around[n]!) {
        if (!occupied[m]) {
          isolated = false;
          break;
        }
      }
      if (isolated) return true;
    }
    return false;
  };
  // A loop, not Math.max(...): a million-cell board has a million lists, past the call stack's arguments.
  const widest = byFirstCell.reduce((most, list) => Math.max(most, list.length), 1);
  const buffer = new Int32Array(widest);
  /** Writes into `into` the placements the kernel tries at the first empty cell, in its order; returns how many. */
  const fittingInto = (into: Int32Array): number => {
    let first = 0;
    while (first < size && occupied[first]) first++;
    if (first === size) return 0;
    let count = 0;
    for (const id of byFirstCell[first]!) {
      if (remaining[kindOf[id]!] === 0) continue;
      const cells = cellsOf[id]!;
      let free = true;
      for (const cell of cells) {
        if (occupied[cell]) {
          free = false;
          break;
        }
      }
      if (!free) continue;
      if (prune) {
        for (const cell of cells) occupied[cell] = 1;
        const cut = cutsOff(id);
        for (const cell of cells) occupied[cell] = 0;
        if (cut) continue;
      }
      into[count++] = id;
    }
    return count;
  };
  const fitting = (): number[] => Array.from(buffer.subarray(0, fittingInto(buffer)));
  const children = (root: SearchRoot): SearchRoot[] => {
    setState(root.prefix);
    return fitting().map((id) => ({ prefix: [...root.prefix, id], check: root.check }));
  };

  let seed = 1;
  const random = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    seed >>>= 0;
    return seed;
  };
  /** Knuth's estimate of the tries below the current state from one random walk (the state is restored). */
  const path = new Int32Array(pieces + 1);
  const walk = (): number => {
    let depth = 0;
    let total = 0;
    let weight = 1;
    for (;;) {
      const options = fittingInto(buffer);
      if (options === 0) break;
      weight *= options;
      total += weight;
      const id = buffer[random() % options]!;
      place(id, 1);
      path[depth++] = id;
    }
    while (depth > 0) place(path[--depth]!, 0);
    return total;
  };
  /**
   * The estimated tries below a subtree: its first level counted exactly, and walks from the nodes
   * there, at least WALKS in all (walks from the root alone miss the rare branches that hold most of
   * a subtree; a few walks per branch miss less). Seeded by the subtree's placements, so every
   * machine gets the same figure.
   */
  const estimate = (root: SearchRoot): number => {
    seed = 0x9e3779b9;
    for (const id of root.prefix) seed = Math.imul(seed ^ (id + 1), 0x85ebca6b) >>> 0;
    seed = seed || 1;
    setState(root.prefix);
    const first = fitting();
    const walks = Math.max(1, Math.ceil(WALKS / first.length));
    let total = 0;
    for (const id of first) {
      place(id, 1);
      let sum = 0;
      for (let i = 0; i < walks; i++) sum += walk();
      total += 1 + sum / walks;
      place(id, 0);
    }
    return total;
  };

  let tries = 0;
  let roots = plan.roots;
  while (roots.length < target) {
    if (roots.every((root) => root.prefix.length >= pieces - 1)) break;
    roots = roots.flatMap((root) => {
      if (root.prefix.length >= pieces) return [root];
      const kids = children(root);
      tries += kids.length;
      return kids;
    });
  }
  return {
    roots,
    tries,
    // Subtrees one piece from the end are not cut: nothing is left below them to share.
    parts: (root) => (root.prefix.length >= pieces - 1 ? [] : children(root)),
    estimate,
  };
}
