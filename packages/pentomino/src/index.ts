// @kit/pentomino: polyomino packing as a library (pack, piece sets, boards) and the Puzzle Kit plugin.
export { pack, type PackOptions } from './pack.js';
export { parsePieceSet, pentominoSet, selectPieces, pieceLetters } from './pieces.js';
export type { PieceKind, PieceSet } from './pieces.js';
export { seedBoard, boardFromText, boardFromRows, boardName } from './boards.js';
export type { SymmetryMethod } from './plan.js';
export { parseInstance, type PackingInstance } from './instance.js';
export { viewPacking, type PackingState } from './view.js';
// Play mode on a packing board, for packages that build on it (Katamino).
export { packingSetup, packingFrame, unfillable, allLaid } from './play.js';
export { default as plugin } from './plugin.js';
