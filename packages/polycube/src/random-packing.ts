// A seeded random packing of a box: a first-empty-cube search over the placements in an order the
// seed shuffles, restarted with a new order when one order wanders too long. The same seed gives
// the same packing on every machine (the order comes from @kit/core's Random alone).
import type { Random } from '@kit/core';
import type { Fit } from './fits.js';

/** Placements tried before a shuffled order is given up for another. */
const NODES_PER_ORDER = 200_000;

/**
 * A packing of every free cube by `left[k]` copies of each kind, as fits (chosen from `fits`), or
 * undefined when `orders` shuffled orders all ran out. `count` is told how many placements were tried.
 */
export function randomPacking(
  random: Random, cells: number, fits: readonly Fit[], left: readonly number[], orders: number, count?: (tries: number) => void,
): Fit[] | undefined {
  for (let order = 0; order < orders; order++) {
    const byFirst: Fit[][] = Array.from({ length: cells }, () => []);
    for (const fit of random.shuffle([...fits])) byFirst[fit.cells[0]!]!.push(fit);
    const free = new Uint8Array(cells).fill(1);
    const counts = [...left];
    const chosen: Fit[] = [];
    let nodes = 0;
    const search = (): boolean => {
      const first = free.indexOf(1);
      if (first < 0) return true;
      for (const fit of byFirst[first]!) {
        if (counts[fit.kind]! <= 0 || !fit.cells.every((cell) => free[cell])) continue;
        if (++nodes > NODES_PER_ORDER) return false;
        for (const cell of fit.cells) free[cell] = 0;
        counts[fit.kind]!--;
        chosen.push(fit);
        if (search()) return true;
        chosen.pop();
        counts[fit.kind]!++;
        for (const cell of fit.cells) free[cell] = 1;
        if (nodes > NODES_PER_ORDER) return false;
      }
      return false;
    };
    const done = search();
    count?.(nodes);
    if (done) return chosen;
  }
  return undefined;
}
