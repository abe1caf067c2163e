// @kit/core/play: play mode, in a room of its own. What a plugin declares (its setup, moves, views
// and referee) and the board helpers its play spec builds on; what a host runs (games and their
// history, game codes for links, the referee in a worker through RefereeClient). Browser-safe.

// What a plugin declares.
export { PLAY_LIMITS } from './spec.js';
export type {
  PlayKind,
  PlayMark,
  MarksSetup,
  PiecesSetup,
  DropsSetup,
  PlaySetup,
  TrayPiece,
  PieceTurn,
  DropPiece,
  DropRotation,
  DropPlacement,
  PlayMove,
  PlacedPiece,
  PlayPosition,
  MarksPosition,
  PiecesPosition,
  DropsPosition,
  PlayViolation,
  PlayCounter,
  PlayView,
  PlayHint,
  CompletionRequest,
  CompletionResult,
  PlayReferee,
  PreparedReferee,
  PlaySpec,
} from './spec.js';

// The rules every board shares, and flat tray pieces.
export {
  PlayMoveError,
  applyMove,
  boardCells,
  cellName,
  checkPlaySetup,
  constrains,
  coverOf,
  currentDrop,
  initialPosition,
  isAdditive,
  pieceCells,
  piecesLeft,
} from './board.js';
export { planarPiece } from './shapes.js';
export type { PlanarPieceOptions } from './shapes.js';

// A game as a host holds it: history with undo and redo, codes for links and storage.
export { emptyHistory, recordMove, undoMove, redoMove, canUndo, canRedo, playedMoves } from './history.js';
export type { History } from './history.js';
export { encodeGame, decodeGame, gameSeed, GAME_CODE_VERSION, MAX_GAME_CODE_LENGTH } from './code.js';
export type { GameRecord } from './code.js';
export {
  startGame,
  playMove,
  undoGame,
  redoGame,
  gameCode,
  gameStatus,
  playSetup,
  playSpecOf,
  legalDropsOf,
  replayMoves,
  positionOf,
} from './game.js';
export type { Game, GameStatus } from './game.js';

// The referee: remaining completions, the mistake, a hint; in this thread, or in a worker of its
// own that keeps the game (RefereeClient on the host's side, serveReferee on the worker's).
export { judgeGame, judgePosition, findMistake, commonMove, remainingText, DEFAULT_REMAINING_CAP } from './referee.js';
export type { RefereeAsk, RefereeReport } from './referee.js';
export { completionSource } from './completions.js';
export type { CompletionSource } from './completions.js';
export { RefereeClient } from './referee-client.js';
export type { RefereeClientOptions, JudgeRequest } from './referee-client.js';
export { serveReferee } from './referee-worker-loop.js';
export type { RefereeMessage, RefereeReply, RefereePort, RefereeSide } from './referee-protocol.js';
