// Cutting hopeless branches of the chain-puzzle search. Puyos leave the field only by popping (or, for
// garbage, by clearing next to a pop) and arrive only with the pairs, so from a node on, a colour can
// pop at all only when the field and the pairs still to come hold 4 of it, and no step or sum of steps
// can pop more of a colour than that. Each goal kind gets the bound that follows; a branch whose bound
// falls short of the goal holds no answer.
import { COLOUR_LETTERS } from './field.js';
import type { Goal, GoalColour } from './goal.js';

const GARBAGE_PLANE = 5;

/** What the search knows at a node besides the board: the pairs' colours to come and totals so far. */
export interface NodeTotals {
  /** Puyos of each colour R G B Y P in the pairs still to fall. */
  remaining: Int32Array;
  /** total-colours: bit p for each colour popped so far. */
  coloursPopped: number;
  /** total-puyos: puyos of the goal's colour popped so far. */
  puyosPopped: number;
}

const matchesColour = (colour: GoalColour, p: number) => colour === 'all' || colour === 'colours' || COLOUR_LETTERS[p] === colour;

/** The number of bits set in `bits`. */
export function bitCount(bits: number): number {
  let count = 0;
  for (; bits !== 0; bits &= bits - 1) count++;
  return count;
}

// Per-node scratch: puyos of each colour on the field and to come.
const onField = new Int32Array(5);
const available = new Int32Array(5);

/** The most puyos of `colour` that can still pop (garbage: clear), in one step or in all. */
function puyoBound(colour: GoalColour, poppable: number, census: Int32Array): number {
  let bound = 0;
  if (colour !== 'O') for (let p = 0; p < 5; p++) if (poppable & (1 << p) && matchesColour(colour, p)) bound += available[p]!;
  if ((colour === 'O' || colour === 'all') && poppable !== 0) bound += census[GARBAGE_PLANE]!;
  return bound;
}

/**
 * True when no answer can lie below this node (see the file comment). `census`: puyos of each plane
 * (R G B Y P, garbage) in rows 1..13 of the node's board (row 14 never pops).
 */
export function hopeless(goal: Goal, census: Int32Array, totals: NodeTotals): boolean {
  let poppable = 0; // colours that can still pop, as bits
  for (let p = 0; p < 5; p++) {
    onField[p] = census[p]!;
    available[p] = onField[p]! + totals.remaining[p]!;
    if (available[p]! >= 4) poppable |= 1 << p;
  }
  const clear = goal.clear;
  if (clear !== undefined) {
    // A colour to clear that is on the field but can never pop stays; garbage goes only with a pop.
    for (let p = 0; p < 5; p++) if (matchesColour(clear, p) && clear !== 'O' && onField[p]! > 0 && available[p]! < 4) return true;
    if ((clear === 'O' || clear === 'all') && poppable === 0 && census[GARBAGE_PLANE]! > 0) return true;
  }
  const main = goal.main;
  if (!main) return false;
  const { kind, colour, n, exact } = main;
  switch (kind) {
    case 'chains': {
      let steps = 0;
      for (let p = 0; p < 5; p++) steps += available[p]! >> 2;
      return steps < n;
    }
    case 'colours':
      return bitCount(poppable) < n;
    case 'puyos':
      return puyoBound(colour, poppable, census) < n;
    case 'groups': {
      let groups = 0;
      for (let p = 0; p < 5; p++) if (matchesColour(colour, p)) groups += available[p]! >> 2;
      return groups < n;
    }
    case 'connected': {
      if (exact && n < 4) return true; // a group has 4 puyos or more
      let largest = 0;
      for (let p = 0; p < 5; p++) if (poppable & (1 << p) && matchesColour(colour, p)) largest = Math.max(largest, available[p]!);
      return largest < n;
    }
    case 'total-colours': {
      const sofar = bitCount(totals.coloursPopped);
      return (exact && sofar > n) || bitCount(totals.coloursPopped | poppable) < n;
    }
    case 'total-puyos':
      return (exact && totals.puyosPopped > n) || totals.puyosPopped + puyoBound(colour, poppable, census) < n;
  }
}
