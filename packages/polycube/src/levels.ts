// A polycube challenge's levels, easiest first (cheap to import: the plugin declares them).

/**
 * - `easy`: every piece left is forced in turn: a cube only one piece can cover, or a piece that
 *   fits only one way, without cutting off cubes the others cannot fill;
 * - `medium`: some piece needs trying, among few pieces with a small search;
 * - `hard`: some piece needs trying among many pieces left or with a larger search.
 */
export const CHALLENGE_LEVELS = ['easy', 'medium', 'hard'] as const;
export type ChallengeLevel = (typeof CHALLENGE_LEVELS)[number];

/** A step that needs trying is `medium` with at most this many pieces left and a search within MEDIUM_TRIES. */
export const MEDIUM_PIECES = 4;
export const MEDIUM_TRIES = 200;
