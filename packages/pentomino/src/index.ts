// The programmatic API: pack pieces into boards, read boards and piece sets; and the plugin.
export { pack, resolvePieces, type PackOptions } from './pack.js';
export { parsePieceSet, pentominoSet, selectPieces, pieceArea, pieceCount, pieceLetters, PENTOMINO_LETTERS } from './pieces.js';
export type { PieceKind, PieceSet } from './pieces.js';
export { seedBoard, boardFromText, boardFromRows, boardName } from './boards.js';
export { checkArea } from './area.js';
export { prepare, runAll, runRoots, rowsOf, type EngineSettings, type Prepared, type RunHooks, type RunResult } from './engine.js';
export { splitRoots } from './split.js';
export type { SymmetryMethod, SearchRoot } from './plan.js';
export { parseInstance, type PackingInstance } from './instance.js';
export { viewPacking, fillFor, POLYOMINO_PALETTE, type PackingState } from './view.js';
export { play, packingSetup, packingFrame, unfillable, allLaid } from './play.js';
export { default as plugin } from './plugin.js';
