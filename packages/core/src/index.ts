// The browser-safe part of @kit/core: nothing here imports a Node module.
export { InputError, isInputError, formatInputError, serializeError, deserializeError } from './errors.js';
export { safeLine, escapeControls, MAX_MESSAGE_LENGTH } from './safe-text.js';
export type { InputLocation, SerializedError } from './errors.js';
export { frameFromRows, cellAt } from './frame.js';
export type { Cell, Frame } from './frame.js';
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
export { blankGrid, checkEditors, numberMax, sideRange } from './editor.js';
export type { EditorGrid, GridEditorSpec, GridShareCodec, GridSide, GridValue, OutputFile, PluginSample } from './editor.js';
export { definePlugin, PLUGIN_API_VERSION } from './plugin.js';
export type { PuzzlePlugin, AnyPlugin, Solver, SplitSearch, InputSpec } from './plugin.js';
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
export type { TaskSearch, TaskResult, RunTasksOptions } from './tasks.js';
