// A seeded random packing of a box: a piece put down at random, the kit's search lists the
// first completions of what they leave, and one of those is picked at random. The same seed gives
// the same packing on every machine (every choice comes from @kit/core's Random, and the search's
// order is fixed).
import type { Random } from '@kit/core';
import { countCompletions } from './completions.js';
import type { Fit } from './fits.js';
import type { PieceKind } from './pieces.js';

/** Completions listed to pick from. */
const CHOICES = 32;

/**
 * A packing of the whole box by every piece of `kinds` (each once), as fits, or undefined when
 * `attempts` random starts all had no completion. `counted` is told of each search.
 */
export function randomPacking(
  random: Random,
  size: readonly [number, number, number],
  kinds: readonly PieceKind[],
  fits: readonly Fit[],
  attempts: number,
  counted?: () => void,
  stop?: () => boolean,
): Fit[] | undefined {
  const cells = size[0] * size[1] * size[2];
  for (let attempt = 0; attempt < attempts; attempt++) {
    const free = new Uint8Array(cells).fill(1);
    const left = kinds.map((kind) => kind.max);
    const start: Fit[] = [];
    for (const kind of random.shuffle(kinds.map((_, k) => k)).slice(0, 1)) {
      const choices = fits.filter((fit) => fit.kind === kind && fit.cells.every((cell) => free[cell]));
      if (choices.length === 0) break;
      const fit = random.pick(choices);
      for (const cell of fit.cells) free[cell] = 0;
      left[kind]!--;
      start.push(fit);
    }
    const found = countCompletions(size, free, kinds, left, CHOICES, stop, true);
    counted?.();
    if (found.count === 0) continue;
    const rest = random.pick(found.all!);
    // The same Fit objects as `fits` holds, so callers can compare placements by identity.
    const byKey = new Map(fits.map((fit) => [`${fit.kind}:${fit.cells.join(',')}`, fit]));
    return [...start, ...rest.map((piece) => byKey.get(`${piece.kind}:${piece.cells.join(',')}`)!)];
  }
  return undefined;
}
