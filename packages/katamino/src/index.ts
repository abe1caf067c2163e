// The programmatic API: solve Katamino boards, sweep piece sets, read the booklet's challenges; and the plugin.
export { katamino, sweep, playChallenge, type KataminoOptions, type SweepOptions, type SweepResult, type ChallengeResult } from './api.js';
export { CHALLENGES, challengePentas, type Challenge, type Penta } from './challenges.js';
export { parseLetters } from './pieces.js';
export { parseWidths, type KataminoInstance } from './instance.js';
export type { SubsetResult } from './tally.js';
export { viewKatamino, type KataminoSolution, type KataminoState, type SubsetSolution, type PentaSolution, type TilingSolution } from './view.js';
export { default as plugin } from './plugin.js';
