// A packing challenge's levels: how many pieces are left to place, how much search their one
// completion takes (the solver's tries), and the hardest rule of the solving path. Kept apart from
// the generator and the grader so that the plugin's description imports only the names.

/** The levels, easiest first. */
export const CHALLENGE_LEVELS = ['easy', 'medium', 'hard'] as const;

/** One of the levels. */
export type ChallengeLevel = (typeof CHALLENGE_LEVELS)[number];

/** Per level but the last: the most pieces left and the most tries it allows. */
const LIMITS: ReadonlyArray<{ pieces: number; tries: number }> = [
  { pieces: 4, tries: 400 },
  { pieces: 6, tries: 4000 },
];

/** The level of a challenge with `pieces` left whose completion took `tries`, at least `pathLevel`. */
export function challengeLevel(pieces: number, tries: number, pathLevel: ChallengeLevel = 'easy'): ChallengeLevel {
  const bySize = LIMITS.findIndex((limit) => pieces <= limit.pieces && tries <= limit.tries);
  const index = Math.max(bySize < 0 ? LIMITS.length : bySize, CHALLENGE_LEVELS.indexOf(pathLevel));
  return CHALLENGE_LEVELS[index]!;
}

/** The most pieces a challenge of a level leaves (hard: as many as stay unique, up to this). */
export const MOST_LEFT: Readonly<Record<ChallengeLevel, number>> = { easy: 4, medium: 6, hard: 9 };
/** The fewest. */
export const FEWEST_LEFT: Readonly<Record<ChallengeLevel, number>> = { easy: 3, medium: 5, hard: 7 };
