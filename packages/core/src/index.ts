// @kit/core: what every plugin author needs: the plugin and its solver, options, input errors,
// frames and palettes, what a solver reports, grid editors and seeded randomness. Optional parts
// have rooms of their own: play mode is @kit/core/play, making and grading puzzles @kit/core/make.
// Hosts add @kit/core/host (registry, runners, in-process solving for tests), @kit/core/node
// (worker threads, reading files), @kit/core/discovery and @kit/core/messages. Browser-safe: no Node
// module here. At most 45 names (test/entry-names.test.ts): a name a host needs belongs to its entry.

// The plugin and its solver.
export { definePlugin } from './plugin.js';
export type { PuzzlePlugin, Solver, SplitSearch, InputSpec, CounterSpec, SummaryFieldSpec } from './plugin.js';

// Options, as a plugin declares them and as its parse() receives them (each kind's spec: @kit/core/host).
export type { OptionSpec, OptionValue, ParsedOptions, TextFile } from './options.js';

// Grid editors, named examples and output files, for the web page (the editor's parts: @kit/core/host).
export type { EditorGrid, GridEditorSpec, OutputFile, PluginSample } from './editor.js';

// A user's mistake, with its place.
export { InputError, isInputError } from './errors.js';
export type { InputLocation } from './errors.js';

// What a plugin draws: frames of palette keys.
export { frameFromRows } from './frame.js';
export type { Cell, Frame, FrameLayers } from './frame.js';
export { BASE_PALETTE, PENTOMINO_PALETTE, mergePalette } from './palette.js';
export type { Palette, PaletteEntry } from './palette.js';

// What a solver reports (the events hosts make of it: @kit/core/host).
export type { JsonValue, Summary, SolveContext } from './events.js';

// Seeded randomness, so a play queue, a generated puzzle or a random test case replays from its seed.
export { Random, seededRandom } from './random.js';
