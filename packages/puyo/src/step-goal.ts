// Per-step goals of chain puzzles (colours, puyos, groups, connected: "in one chain step"), checked
// from the WebAssembly simulator's step breakdown, or from the plain simulator's where it is missing.
import type { StepDetail } from './bitboard.js';
import { runChain } from './chain.js';
import { COLOUR_LETTERS } from './field.js';
import type { GoalMain } from './goal.js';

/** Colours (bit c for c = 0..4, R G B Y P) a goal colour counts: every colour for 'all' and 'colours'. */
function colourBits(colour: GoalMain['colour']): number {
  if (colour === 'all' || colour === 'colours') return 0b11111;
  const index = COLOUR_LETTERS.indexOf(colour as never);
  return index < 0 ? 0 : 1 << index;
}

/**
 * Group sizes of the detailed run are bit masks of 64 bits, bit n for a group of n (a group of 64 or
 * more sets bit 63): exactly 63 cannot be told apart from more, so that one goal reads the plain breakdown.
 */
export const detailCovers = (goal: GoalMain): boolean => !(goal.kind === 'connected' && goal.exact && goal.n >= 63);

/** Whether one of the first `chains` steps of the last detailed run meets a per-step goal. */
export function stepGoalMetDetail(goal: GoalMain, detail: StepDetail, chains: number): boolean {
  const { kind, colour, n, exact } = goal;
  const { bytes, sizes } = detail;
  const colours = colourBits(colour);
  for (let step = 0; step < chains; step++) {
    const at = step * 16;
    let count = 0;
    if (kind === 'colours') count = bytes[at]!;
    else if (kind === 'puyos') {
      if (colour === 'O') count = bytes[at + 2]!;
      else if (colour === 'all') count = bytes[at + 1]! + bytes[at + 2]!;
      else for (let c = 0; c < 5; c++) if (colours & (1 << c)) count += bytes[at + 4 + c]!;
    } else if (kind === 'groups') {
      for (let c = 0; c < 5; c++) if (colours & (1 << c)) count += bytes[at + 9 + c]!;
    } else if (kind === 'connected') {
      for (let c = 0; c < 5; c++) {
        // No group of c popped in this step: its size mask is stale.
        if (!(colours & (1 << c)) || bytes[at + 4 + c] === 0) continue;
        const word = (step * 5 + c) * 2;
        const low = sizes[word]!;
        const high = sizes[word + 1]!;
        if (exact) {
          if (n < 32 ? (low >>> n) & 1 : (high >>> (n - 32)) & 1) return true;
        } else if (n < 32 ? low >>> n !== 0 || high !== 0 : high >>> (n - 32) !== 0) return true;
      }
      continue;
    }
    if (exact ? count === n : count >= n) return true;
  }
  return false;
}

/** The same check from the plain simulator's breakdown of the chain on `grid` (run in place). */
export function stepGoalMet(goal: GoalMain, grid: Uint8Array): boolean {
  const { kind, colour, n, exact } = goal;
  const meets = (value: number) => (exact ? value === n : value >= n);
  const matches = (letter: string) => colour === 'all' || colour === 'colours' || colour === letter;
  for (const step of runChain(grid).breakdown) {
    if (kind === 'colours' && meets(step.colours.length)) return true;
    if (kind === 'puyos') {
      let count = colour === 'O' ? step.garbageCleared : colour === 'all' ? step.popped + step.garbageCleared : 0;
      if (colour !== 'O' && colour !== 'all') for (const group of step.groups) if (matches(group.colour)) count += group.size;
      if (meets(count)) return true;
    }
    if (kind === 'groups' && meets(step.groups.filter((g) => matches(g.colour)).length)) return true;
    if (kind === 'connected' && step.groups.some((g) => matches(g.colour) && meets(g.size))) return true;
  }
  return false;
}
