import { type BitboardTables, bitboardTables } from './bitboard-tables.js';
import type { PreparedSearch } from './engine.js';
import type { SearchRoot } from './plan.js';
import { splitBoard } from './split-board.js';
import { sampleBelow } from './split-sample.js';

/** Nodes a level when every task of a split is sampled at once (each gets its share by weight). */
const SAMPLE = 65536;
/** Cells times pieces that SAMPLE nodes a level are sized for: bigger searches sample fewer (a node costs a scan of the board). */
const SAMPLE_SCALE = 64 * 16;

/** A search cut into tasks of about equal work, for threads or queue jobs. */
export interface SplitRoots {
  /** The tasks, in the search's order (their packings in task order are the whole search's). */
  roots: SearchRoot[];
  /** Placements made while cutting, counted as tries. */
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
export function splitRoots(prepared: PreparedSearch, target: number): SplitRoots {
  const { problem, plan } = prepared;
  if (!prepared.feasible) return { roots: [{ prefix: [], check: [] }], tries: 0, parts: () => [], estimate: () => 0 };
  const { size, maxPieces: pieces } = problem;
  const board = splitBoard(prepared);
  const { occupied, setState, childIds } = board;
  const children = (root: SearchRoot): SearchRoot[] => childIds(root.prefix).map((id) => ({ prefix: [...root.prefix, id], check: root.check }));

  let seed = 1;
  const random = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    seed >>>= 0;
    return seed;
  };
  // Planes of up to 64 cells sample on bitboards (see SampleSource), made when first asked for.
  let bits: BitboardTables | undefined;
  const sample = (starts: readonly (readonly number[])[], budget: number) => sampleBelow({ problem, board, bits, random }, starts, budget, 1, remember);
  const reseed = (prefix: readonly number[]) => {
    seed = 0x9e3779b9;
    for (const id of prefix) seed = Math.imul(seed ^ (id + 1), 0x85ebca6b) >>> 0;
    seed = seed || 1;
  };

  // A full board is a leaf; with ranges of counts it may hold fewer than the most pieces.
  const isFull = (prefix: readonly number[]): boolean => {
    if (prefix.length >= pieces) return true;
    if (!problem.ranges) return false;
    setState(prefix);
    return occupied.every((cell) => cell !== 0);
  };
  let tries = 0;
  let roots = plan.roots;
  while (roots.length < target) {
    if (roots.every((root) => root.prefix.length >= pieces - 1 || isFull(root.prefix))) break;
    roots = roots.flatMap((root) => {
      if (isFull(root.prefix)) return [root];
      const kids = children(root);
      tries += kids.length;
      return kids;
    });
  }
  /**
   * The estimates: every task sampled at once with SAMPLE nodes a level, so each gets its share of
   * samples by its weight; a task's parts, when it is cut, sampled from it with as many a level as
   * its share of those (at least one per part, kept until its end). Every node kept whole in a
   * sample is remembered, so many parts are known before they are asked for. Each figure depends on
   * the path alone (a sample is seeded by the path it starts from), so every machine plans the same.
   */
  const guessed = new Map<string, number>();
  let density = 0;
  let all = 0;
  // The first sample to keep a node whole gives its figure: its ancestors' samples, nearest the
  // root first (each asks for its parent's figure first), so the order of asking does not matter.
  const remember = (prefix: number[], below: number) => {
    const key = prefix.join(',');
    if (!guessed.has(key)) guessed.set(key, below);
  };
  const estimate = (root: SearchRoot): number => {
    if (guessed.size === 0) {
      if (prepared.kernel !== 'wide' && problem.sides[2] === 1) bits = bitboardTables(problem, plan.enabled);
      reseed([]);
      const budget = Math.max(64, Math.floor((SAMPLE * SAMPLE_SCALE) / Math.max(SAMPLE_SCALE, size * pieces)));
      sample(
        roots.map((r) => r.prefix),
        budget,
      );
      for (const r of roots) all += guessed.get(r.prefix.join(','))!;
      density = budget / Math.max(1, all);
    }
    const key = root.prefix.join(',');
    const found = guessed.get(key);
    if (found !== undefined) return found;
    if (root.prefix.length === 0) return all;
    const parent = root.prefix.slice(0, -1);
    const mass = estimate({ prefix: parent, check: [] });
    const known = guessed.get(key);
    if (known !== undefined) return known;
    const kids = childIds(parent);
    reseed(parent);
    sample(
      kids.map((id) => [...parent, id]),
      Math.ceil(mass * density),
    );
    return guessed.get(key) ?? 0;
  };
  return {
    roots,
    tries,
    // Subtrees one piece from the end are not cut: nothing is left below them to share.
    parts: (root) => (root.prefix.length >= pieces - 1 ? [] : children(root)),
    estimate,
  };
}
