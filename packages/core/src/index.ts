// @kit/core: what a plugin author needs. A plugin module imports only from here; hosts add
// @kit/core/host (registry, runners, in-process solving for tests), @kit/core/node (worker threads,
// reading files), @kit/core/discovery and @kit/core/messages. Browser-safe: no Node module here.

// The plugin and its solver.
export { definePlugin } from './plugin.js';
export type { PuzzlePlugin, Solver, SplitSearch, InputSpec, CounterSpec, SummaryFieldSpec } from './plugin.js';
export { mergeSummaries } from './merge.js';

// Options, as a plugin declares them and as its parse() receives them.
export type {
  OptionSpec, IntOptionSpec, EnumOptionSpec, BooleanOptionSpec, StringOptionSpec, LettersOptionSpec, FileOptionSpec,
  OptionValue, ParsedOptions, TextFile,
} from './options.js';

// Grid editors, named examples and output files, for the web page.
export type { EditorGrid, GridEditorSpec, GridLayers, GridShareCodec, GridSide, GridSize, GridValue, OutputFile, PluginSample } from './editor.js';

// A user's mistake, with its place.
export { InputError, isInputError } from './errors.js';
export type { InputLocation } from './errors.js';

// What a plugin draws: frames of palette keys.
export { frameFromRows } from './frame.js';
export type { Cell, Frame, FrameLayers } from './frame.js';
export { BASE_PALETTE, PENTOMINO_PALETTE, mergePalette } from './palette.js';
export type { Palette, PaletteEntry } from './palette.js';

// What a solver reports, and the events hosts make of it.
export type {
  JsonValue, Summary, SolveStats, SolveContext, SolveEvent, ProgressEvent, SolutionEvent, StepEvent, DoneEvent,
} from './events.js';

// Play mode: what a plugin declares (its setup, moves, views, referee) and the board helpers its
// play spec builds on. Running a game (history, codes, the referee's client) is @kit/core/host's.
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

// Making and grading puzzles: a generator's and a grader's description, what they return.
export { generatedHeader, gradeLine, readGeneratedHeader, skipGeneratedHeader } from './generate.js';
export type { GenerateContext, GeneratedForm, GeneratedPuzzle, GenerateRequest, GeneratorSizeSpec, GeneratorSpec, Grade, GradeStep, GraderSpec } from './generate.js';

// Seeded randomness, so a play queue, a generated puzzle or a random test case replays from its seed.
export { Random, seededRandom } from './random.js';
