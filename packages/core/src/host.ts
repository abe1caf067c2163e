// @kit/core/host: what a host (the `kit` command, the web page, a queue worker, a plugin's own
// tests) needs beyond the author entry. Browser-safe: the Node half is @kit/core/node.

// The names the hosts own: CLI flags, the page's URL parameters and form fields.
export { HOST_NAMES, isPageParameter } from './host-names.js';
export type { CliFlag, HostName, MakerFlag, PageParameter } from './host-names.js';

// Plugins: checked, registered, refused.
export type { AnyPlugin } from './plugin.js';
export { Registry, checkPlugin, pluginFromModule, PluginLoadError } from './registry.js';
export type { PluginOrigin, RegisteredPlugin } from './registry.js';

// Raw option values (CLI strings, form fields) validated against a plugin's specs.
export { parseOptions, describeValues } from './options.js';
export type { RawOptions } from './options.js';

// Drawing helpers for renderers and the page's editors.
export { entryHex } from './palette.js';
export { blankGrid, numberMax, sideRange, startLayers, startSize, takesSize } from './editor.js';

// Running a solver: off the main thread through a worker port, or on this thread (tests, small runs).
export { runSolver, AbortedError } from './run-solver.js';
export type { RunRequest, SolveOptions } from './run-solver.js';
export { serveWorker } from './worker-loop.js';
export type { HostMessage, KeepPolicy, WorkerMessage, WorkerPort } from './protocol.js';
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

// Play mode, as a host runs it: games and their history, game codes for links, the referee (in a
// worker through RefereeClient). What a plugin declares for play is in the author entry.
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

// Making and grading puzzles in a worker; the day's seed and a generator's size, read as hosts read them.
export { MakerClient } from './maker-client.js';
export type { MakerClientOptions, MakeOptions } from './maker-client.js';
export { dailySeed, readGeneratorSize } from './generate.js';
