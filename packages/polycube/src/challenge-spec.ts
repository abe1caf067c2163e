// What the challenge generator offers, cheap to import: the plugin declares it before the solver loads.

/** The sets a challenge is made from: each piece once, so a laid piece's letter names it. */
export const CHALLENGE_SETS = ['soma', 'tetracubes', 'solid-pentominoes', 'bedlam'] as const;
export type ChallengeSet = (typeof CHALLENGE_SETS)[number];
/** The default size first, then the boxes the sets are known for. */
export const CHALLENGE_SIZES = ['3x3x3', '2x4x4', '3x4x5', '2x5x6', '2x3x10', '4x4x4'] as const;
