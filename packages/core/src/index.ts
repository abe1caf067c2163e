// The browser-safe part of @kit/core: nothing here imports a Node module.
export { InputError, isInputError, formatInputError, serializeError, deserializeError } from './errors.js';
export { safeLine, escapeControls, MAX_MESSAGE_LENGTH } from './safe-text.js';
export type { InputLocation, SerializedError } from './errors.js';
export { frameFromRows, cellAt } from './frame.js';
export type { Cell, Frame, FrameLayers } from './frame.js';
export { BASE_PALETTE, PENTOMINO_PALETTE, ansi256ToHex, entryHex, mergePalette } from './palette.js';
export type { Palette, PaletteEntry } from './palette.js';
export { parseOptions, checkOptionSpecs, describeValues, optionLabel } from './options.js';
export type {
  OptionSpec, IntOptionSpec, EnumOptionSpec, BooleanOptionSpec, StringOptionSpec, LettersOptionSpec, FileOptionSpec,
  OptionValue, ParsedOptions, RawOptions, TextFile,
} from './options.js';
export type {
  JsonValue, Summary, SolveStats, SolveEvent, ProgressEvent, SolutionEvent, StepEvent, DoneEvent, SolveContext,
} from './events.js';
export { blankGrid, checkEditors, numberMax, sideRange, startSize, takesSize } from './editor.js';
export type { EditorGrid, GridEditorSpec, GridShareCodec, GridSide, GridSize, GridValue, OutputFile, PluginSample } from './editor.js';
export { PLAY_LIMITS } from './play.js';
export type {
  PlayKind, PlayMark, MarksSetup, PiecesSetup, DropsSetup, PlaySetup, TrayPiece, PieceTurn, DropPiece, DropRotation, DropPlacement,
  PlayMove, PlacedPiece, PlayPosition, MarksPosition, PiecesPosition, DropsPosition, PlayViolation, PlayCounter, PlayView, PlayHint,
  CompletionRequest, CompletionResult, PlayReferee, PlaySpec,
} from './play.js';
export {
  PlayMoveError, applyMove, boardCells, cellName, checkPlaySetup, constrains, coverOf, currentDrop, initialPosition, isAdditive,
  pieceCells, piecesLeft,
} from './play-board.js';
export { planarPiece } from './play-shapes.js';
export type { PlanarPieceOptions } from './play-shapes.js';
export { emptyHistory, recordMove, undoMove, redoMove, canUndo, canRedo, playedMoves } from './history.js';
export type { History } from './history.js';
export { encodeGame, decodeGame, gameSeed, GAME_CODE_VERSION, MAX_GAME_CODE_LENGTH } from './play-code.js';
export type { GameRecord } from './play-code.js';
export {
  startGame, playMove, undoGame, redoGame, gameCode, gameStatus, playSetup, playSpecOf, legalDropsOf, replayMoves, positionOf,
} from './play-game.js';
export type { Game, GameStatus } from './play-game.js';
export {
  judgeGame, judgePosition, completionSource, findMistake, commonMove, remainingText, DEFAULT_REMAINING_CAP,
} from './play-referee.js';
export type { RefereeAsk, RefereeReport, CompletionSource } from './play-referee.js';
export { RefereeClient } from './referee-client.js';
export type { RefereeClientOptions, JudgeRequest } from './referee-client.js';
export { definePlugin, PLUGIN_API_VERSION } from './plugin.js';
export type { PuzzlePlugin, AnyPlugin, Solver, SplitSearch, InputSpec, CounterSpec, SummaryFieldSpec } from './plugin.js';
export { Registry, PluginLoadError, checkPlugin, pluginFromModule } from './registry.js';
export type { PluginOrigin, RegisteredPlugin } from './registry.js';
export { createSolveContext } from './context.js';
export type { ContextSettings, ContextSinks } from './context.js';
export { mergeSummaries } from './merge.js';
export { runSolver, AbortedError } from './run-solver.js';
export type { RunRequest, SolveOptions } from './run-solver.js';
export { serveWorker } from './worker-loop.js';
export type { HostMessage, WorkerMessage, WorkerPort, WorkerSide } from './protocol.js';
export { solveInProcess, solveAll } from './in-process.js';
export type { InProcessOptions } from './in-process.js';
export { TaskThread, runTasks, SPLIT_WIDTH } from './tasks.js';
export { instanceFromSource, hostScopedOptions } from './search-source.js';
export type { SearchSource } from './search-source.js';
export type { TaskSearch, TaskResult, RunTasksOptions } from './tasks.js';
