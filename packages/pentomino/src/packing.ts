// @kit/pentomino/packing: polyomino packing as a library (pack, piece sets, boards, play frames,
// challenges) without the Puzzle Kit plugin, for packages that build on it (Katamino): what they
// import does not pull in the plugin's editors, samples and options.
export { pack, type PackOptions } from './pack.js';
export { parsePieceSet, pentominoSet, selectPieces, pieceLetters } from './pieces.js';
export type { PieceKind, PieceSet } from './pieces.js';
export { seedBoard, boardFromText, boardFromRows, boardName } from './boards.js';
export type { SymmetryMethod } from '@kit/cover';
export { parseInstance, type PackingInstance } from './instance.js';
export { viewPacking, type PackingState } from './view.js';
// Play mode on a packing board, for packages that build on it (Katamino).
export { packingSetup, packingFrame, unfillable, allLaid } from './play.js';
// Challenges (pieces laid, one completion), for packages that make and grade them too (Katamino).
export { readLaidBoard, withLaid, type LaidBoard, type LaidPiece } from './laid.js';
export { challengeText, layPieces, transformed, requestedLevel } from './challenge.js';
export { gradeChallenge, uniqueCompletion, type PackingChallenge } from './grade.js';
export { packingPath, PATH_RULES } from './path.js';
export { CHALLENGE_LEVELS, FEWEST_LEFT, MOST_LEFT, challengeLevel, type ChallengeLevel } from './levels.js';
