// @kit/core/host: what a host (the `kit` command, the web page, a queue worker, a plugin's own
// tests) needs beyond the author entry. Play mode is @kit/core/play's and making puzzles
// @kit/core/make's, hosts included. Browser-safe: the Node half is @kit/core/node.

// The names the hosts own: CLI flags, the page's URL parameters and form fields.
export { HOST_NAMES, hostCheck, isPageParameter, readHostInteger } from './host-names.js';
export type { CliFlag, HostName, HostUse, IntegerCheck, MakerFlag, PageParameter } from './host-names.js';
export { integerWords } from './integer-words.js';

// Plugins: checked, registered, refused.
export type { AnyPlugin } from './plugin.js';
export { Registry, checkPlugin, pluginFromModule, PluginLoadError } from './registry.js';
export type { PluginOrigin, RegisteredPlugin } from './registry.js';

// Raw option values (CLI strings, form fields) validated against a plugin's specs, and each kind of spec.
export { parseOptions, describeValues } from './options.js';
export type {
  RawOptions,
  IntOptionSpec,
  EnumOptionSpec,
  BooleanOptionSpec,
  StringOptionSpec,
  LettersOptionSpec,
  FileOptionSpec,
} from './options.js';

// Drawing helpers for renderers, and the parts of a grid editor the page draws.
export { entryHex } from './palette.js';
export { blankGrid, numberMax, sideRange, startLayers, startSize, takesSize } from './editor.js';
export type { GridLayers, GridShareCodec, GridSide, GridSize, GridValue } from './editor.js';

// The events a host makes of what a solver reports, and the default merge of split summaries.
export type { SolveStats, SolveEvent, ProgressEvent, SolutionEvent, StepEvent, DoneEvent } from './events.js';
export { mergeSummaries } from './merge.js';

// Running a solver: off the main thread through a worker port, or on this thread (tests, small runs).
export { runSolver } from './run-solver.js';
// Where a run solves (this thread or workers), decided once for every host.
export { placeRun, SMALL_SEARCH_TRIES, searchThreads } from './run-place.js';
export type { RunPlace, RunShape } from './run-place.js';
export { AbortedError } from './aborted.js';
export type { RunRequest, SolveOptions } from './run-solver.js';
export { serveWorker } from './worker-loop.js';
export type { HostMessage, KeepPolicy, WorkerMessage, WorkerPort } from './protocol.js';
// The one supply of workers a host has (node.ts's nodeWorkers, the page's), which runs, makers and referees take from.
export type { WorkerKind, WorkerPorts, WorkerSource, WorkerSupply } from './worker-supply.js';
export { solutionsToKeep } from './solution-batch.js';
export { solveInProcess, solveAll } from './in-process.js';
export type { InProcessOptions } from './in-process.js';
export { createSolveContext } from './context.js';
export type { ContextSettings, ContextSinks } from './context.js';

// Split searches: task threads and the deterministic task order shards and queues share.
export { TaskThread, runTasks, SPLIT_WIDTH } from './tasks.js';
export type { TaskSearch, TaskResult, RunTasksOptions } from './tasks.js';
// A split balanced by cutting its largest tasks deeper: planned once (a queue's submitter), applied everywhere.
export { planCuts, applyCuts, MAX_CUT_DEPTH } from './cuts.js';

// A search as text (a queued job, a shard's file): parsed again by the plugin where it runs, with the
// options that name something on a host refused.
export { instanceFromSource, hostScopedOptions } from './search-source.js';
export type { SearchSource } from './search-source.js';
