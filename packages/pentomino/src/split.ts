import { type Prepared } from './engine.js';
import type { SearchRoot } from './plan.js';

/**
 * Most subtrees a split may hand out per unit of `target`. Each task's summary is kept (in a queued
 * run, in Redis), so the list stays bounded; within that bound the largest subtrees are cut deepest.
 */
const TASKS_PER_TARGET = 8;
/**
 * Levels counted exactly below a subtree's root when estimating its size, with one random walk from
 * each node reached. Walks from the root alone miss the rare branches that hold most of a subtree
 * (estimates 1000 times too small were seen); spreading them over the second level does not.
 */
const EXACT_LEVELS = 2;

interface Node {
  root: SearchRoot;
  /** Estimated tries below the root (Knuth's estimator over seeded walks). */
  estimate: number;
  /** Creation order: breaks ties between equal estimates the same way everywhere. */
  seq: number;
  children?: Node[];
}

/**
 * Cuts the search into independent subtrees for several workers. The largest (by a seeded estimate
 * of its size) is cut into its children (in the kernel's own order, so solutions keep the
 * single-thread order) until the list is as long as allowed: at most `TASKS_PER_TARGET` x `target`,
 * and never longer than cutting every subtree one level at a time to at least `target` would give.
 * Deterministic: integer walks seeded by each subtree's placements, so every worker, on every
 * machine, computes the same list. Returns the subtrees and the placements made while cutting
 * (counted as tries once).
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
  const cellsOf = placements.map((placement) => Int32Array.from(placement.cells));
  const kindOf = Int32Array.from(placements, (placement) => placement.kind);
  // The cells next to a placement: where placing it may cut off an empty cell.
  const borderOf = placements.map((placement) => {
    const inside = new Set(placement.cells);
    return Int32Array.from(new Set(placement.cells.flatMap((cell) => neighbours[cell]!.filter((n) => !inside.has(n)))));
  });
  const around = neighbours.map((list) => Int32Array.from(list));
  const widest = Math.max(1, ...byFirstCell.map((list) => list.length));
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
  /** Writes into `into` the placements the kernel tries at the first empty cell; returns how many. */
  const fitting = (into: Int32Array): number => {
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
  const buffers = Array.from({ length: pieces + 2 }, () => new Int32Array(widest));
  const fittingIds = (): number[] => Array.from(buffers[0]!.subarray(0, fitting(buffers[0]!)));

  let tries = 0;
  const children = (root: SearchRoot): SearchRoot[] => {
    setState(root.prefix);
    const out = fittingIds().map((id) => ({ prefix: [...root.prefix, id], check: root.check }));
    tries += out.length;
    return out;
  };

  // Cutting every subtree one level at a time (the split before estimates) bounds the list's length.
  let levelCount = plan.roots.length;
  let level = plan.roots;
  while (level.length < target) {
    if (level.every((root) => root.prefix.length >= pieces - 1)) break;
    level = level.flatMap((root) => (root.prefix.length >= pieces ? [root] : children(root)));
    levelCount = level.length;
  }
  tries = 0;
  const budget = Math.min(levelCount, TASKS_PER_TARGET * target);

  let seed = 1;
  const nextRandom = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    seed >>>= 0;
    return seed;
  };
  const path: number[] = [];
  /** Knuth's estimate of the tries below the current state, from one seeded random walk. */
  const walk = (): number => {
    let total = 0;
    let weight = 1;
    for (;;) {
      const options = fitting(buffers[0]!);
      if (options === 0) break;
      weight *= options;
      total += weight;
      const id = buffers[0]![nextRandom() % options]!;
      place(id, 1);
      path.push(id);
    }
    while (path.length > 0) place(path.pop()!, 0);
    return total;
  };
  /** Tries below the current state: counted exactly `depth` levels down, estimated below that. */
  const below = (depth: number): number => {
    if (depth === 0) return walk();
    let total = 0;
    const into = buffers[depth]!;
    const count = fitting(into);
    for (let i = 0; i < count; i++) {
      const id = into[i]!;
      place(id, 1);
      total += 1 + below(depth - 1);
      place(id, 0);
    }
    return total;
  };
  /** The estimated size of `root`'s subtree, its walks seeded by its placements. */
  const estimate = (root: SearchRoot): number => {
    seed = 0x9e3779b9;
    for (const id of root.prefix) seed = Math.imul(seed ^ (id + 1), 0x85ebca6b) >>> 0;
    seed = seed || 1;
    setState(root.prefix);
    return below(EXACT_LEVELS);
  };

  let seq = 0;
  // Subtrees one piece from the end are not cut: their estimate is not needed.
  const node = (root: SearchRoot): Node => ({ root, estimate: root.prefix.length < pieces - 1 ? estimate(root) : 0, seq: seq++ });
  const top = plan.roots.map(node);
  // A max-heap on the estimate (ties: the earlier node first).
  const heap: Node[] = [];
  const above = (a: Node, b: Node) => a.estimate > b.estimate || (a.estimate === b.estimate && a.seq < b.seq);
  const push = (item: Node) => {
    heap.push(item);
    for (let i = heap.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (!above(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  };
  const pop = (): Node => {
    const first = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let best = i;
        if (l < heap.length && above(heap[l]!, heap[best]!)) best = l;
        if (r < heap.length && above(heap[r]!, heap[best]!)) best = r;
        if (best === i) break;
        [heap[i], heap[best]] = [heap[best]!, heap[i]!];
        i = best;
      }
    }
    return first;
  };
  for (const item of top) if (item.root.prefix.length < pieces - 1) push(item);
  let count = top.length;
  while (heap.length > 0) {
    const largest = pop();
    // A subtree with no placement below it has nothing to cut.
    if (largest.estimate === 0) break;
    setState(largest.root.prefix);
    const fits = fitting(buffers[0]!);
    if (count - 1 + fits > budget) break;
    largest.children = children(largest.root).map(node);
    count += largest.children.length - 1;
    for (const child of largest.children) if (child.root.prefix.length < pieces - 1) push(child);
  }

  const roots: SearchRoot[] = [];
  const collect = (item: Node) => {
    if (item.children) item.children.forEach(collect);
    else roots.push(item.root);
  };
  top.forEach(collect);
  return { roots, tries };
}
