// The programmatic API: pack pieces into boards, read boards and piece sets.
export { pack, resolvePieces, type PackOptions } from './pack.js';
export { parsePieceSet, pentominoSet, selectPieces, pieceArea, pieceCount, pieceLetters, PENTOMINO_LETTERS } from './pieces.js';
export type { PieceKind, PieceSet } from './pieces.js';
export { seedBoard, boardFromText, boardFromRows, boardName } from './boards.js';
export { prepare, runAll, runRoots, rowsOf, type EngineSettings, type Prepared, type RunHooks, type RunResult } from './engine.js';
export type { SymmetryMethod, SearchRoot } from './plan.js';
