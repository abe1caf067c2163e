// A drop's place in the solver's placement list, shared by the play (is the goal met?) and its
// referee (the answers that begin with the drops played), which the play loads lazily.
import type { DropPlacement } from '@kit/core/play';
import { WIDTH } from './field.js';
import type { Pair } from './nazo.js';

/** Where the child sits for rotation 0..3 (up, right, down, left): the column offset. */
export const CHILD_DX = [0, 1, 0, -1] as const;

/** The index of a drop in the solver's placement list for the pair (a one-colour pair looks the same turned half way). */
export function placementIndex(pair: Pair, drop: DropPlacement): number {
  let { column, rotation } = drop;
  if (pair.axis === pair.child && rotation >= 2) {
    if (rotation === 3) column -= 1;
    rotation -= 2;
  }
  // placementsFor: rotation by rotation, columns in order, only those whose child stays on the field.
  let index = 0;
  const colours = pair.axis === pair.child ? 2 : 4;
  for (let r = 0; r < colours; r++) {
    for (let x = 0; x < WIDTH; x++) {
      const childX = x + CHILD_DX[r]!;
      if (childX < 0 || childX >= WIDTH) continue;
      if (r === rotation && x === column) return index;
      index++;
    }
  }
  return -1;
}
