import type { SolveContext, Summary } from './events.js';
import type { GridEditorSpec, OutputFile, PluginSample } from './editor.js';
import type { Frame } from './frame.js';
import type { OptionSpec, ParsedOptions, TextFile } from './options.js';
import type { Palette } from './palette.js';
import type { PlaySpec } from './play/spec.js';
import type { GenerateContext, GeneratedPuzzle, GenerateRequest, Grade, GeneratorSpec, GraderSpec } from './generate.js';

/** The plugin API this version of @kit/core speaks. Hosts refuse plugins made for another. */
export const PLUGIN_API_VERSION = 1;

/** What a plugin id looks like: `kit run <id>`. */
export const PLUGIN_ID = /^[a-z][a-z0-9-]*$/;

/**
 * A search split into independent tasks, so several workers can share it. Every worker calls
 * `split` itself (it must be deterministic); the host hands out task numbers and merges the results.
 * Solutions are emitted in task order, so a split run lists them in the same order every time.
 */
export interface SplitSearch<S = unknown, P = unknown> {
  /** How many independent tasks the search splits into. */
  tasks: number;
  /** Runs one task (0 to `tasks - 1`) and reports its solutions. */
  solveTask(task: number, ctx: SolveContext<S, P>): Summary | Promise<Summary>;
  /** Combines the tasks' summaries. Default: numeric fields summed, other fields from the first. */
  merge?(summaries: Summary[]): Summary;
  /**
   * Instead of `merge`: combines the summaries with a context, so the search can still report what
   * only the whole knows (solutions that span tasks, the best answer's animation steps).
   */
  finish?(summaries: Summary[], ctx: SolveContext<S, P>): Summary | Promise<Summary>;
  /**
   * Optional, so a host can balance a split by cutting its largest tasks deeper (a queued run): how
   * many parts the subtree at `path` is cut into, or 0 when it cannot be cut. A path is a task number
   * followed by part numbers: `[12]` is task 12, `[12, 3]` part 3 of it, `[12, 3, 0]` part 0 of that.
   * Deterministic, and cheap (one level of the search), since every machine that runs a part calls it
   * for each cut above it. The parts' summaries merged must be the whole's (count the work of cutting
   * in part 0), and their solutions, in part order, the whole's.
   */
  parts?(path: readonly number[]): number;
  /** Runs the subtree at `path`, a path `parts` cut. Given with `parts`. */
  solvePart?(path: readonly number[], ctx: SolveContext<S, P>): Summary | Promise<Summary>;
  /**
   * Optional, with `parts`: a quick, deterministic guess of the work below `path`, in search steps
   * (what a summary counts as tries). The host cuts the largest guesses; small ones it leaves whole.
   */
  estimate?(path: readonly number[]): number;
}

/** The heavy part of a plugin, loaded lazily and only where the search runs (a worker). */
export interface Solver<I = unknown, S = unknown, P = unknown> {
  /** Runs the search on one thread, reporting through `ctx`, and returns its summary. */
  solve(instance: I, ctx: SolveContext<S, P>): Summary | Promise<Summary>;
  /** Optional: how to split this instance for `threads` workers; undefined means "run it whole". */
  split?(instance: I, threads: number): SplitSearch<S, P> | undefined;
  /**
   * Optional, with `split`: a quick, deterministic guess of the whole search's tries (what a summary
   * counts as tries), or undefined when it has none. A host solves a search guessed below
   * SMALL_SEARCH_TRIES on its own thread and starts no worker (core's placeRun).
   */
  estimate?(instance: I): number | undefined;
  /** With the plugin's `generator`: makes one puzzle, the same for the same request on every machine. */
  generate?(request: GenerateRequest, ctx: GenerateContext): GeneratedPuzzle | Promise<GeneratedPuzzle>;
  /** With the plugin's `grader`: the level of a parsed puzzle and its solving path. */
  grade?(instance: I, ctx: GenerateContext): Grade | Promise<Grade>;
}

/** The positional input file a plugin reads, if any. */
export interface InputSpec {
  /** Formats of the positional file (`kit run puyo FIELD`), e.g. 'puyo-field'. */
  formats: readonly string[];
  /** Refuse to run without the file (default: it may be left out). */
  required?: boolean;
  /** What the file is, for help text (`a Puyo field`). */
  help?: string;
  /** The largest file the host reads, in bytes (default 1 MiB). */
  maxBytes?: number;
  /** The file may be gzip-compressed: the host decompresses it first (see FileOptionSpec.gzip). */
  gzip?: boolean;
}

/** A number a host shows large while a run's steps play and after it (a chain's length, its score). */
export interface CounterSpec {
  /** What the counter counts (`chain`). */
  label: string;
  /** The step data field it follows while steps are shown; it keeps its value until a step sets it again. */
  step?: string;
  /** The summary field it shows once the run is over and no step is shown. */
  summary?: string;
}

/**
 * One summary field as a person sees it. Internal fields (a search's bookkeeping: `complete`,
 * `satCalls`) stay in `--json` and merges, and hosts showing the summary to a person leave them out.
 */
export interface SummaryFieldSpec {
  /** Words for the field (`SAT solver` for `backend`); default: the key split into words. */
  label?: string;
  /** Bookkeeping: hidden from people, kept in `--json` and merges. */
  internal?: boolean;
}

/** The description a host needs to list, configure and run a puzzle; cheap to import. */
export interface PuzzlePlugin<I = unknown, S = unknown, P = unknown> {
  /** The contract version the plugin was written against (set by `definePlugin`). */
  readonly apiVersion: number;
  /** `kit run <id>`: lowercase letters, digits and dashes. */
  id: string;
  /** The name a person reads (`Puyo Puyo chains`). */
  title: string;
  /** One sentence on what it solves, for listings and help. */
  description: string;
  /** The plugin package's version. */
  version: string;
  /** The options it takes; hosts parse and check them before `parse`. */
  options: readonly OptionSpec[];
  /** The positional file it reads, if any. */
  input?: InputSpec;
  /** Command lines shown by `kit info` (without the leading `kit run <id>`). */
  examples?: readonly string[];
  /** Named examples a host can offer and run (`?example=NAME` in the web page); the first is the default. */
  samples?: readonly PluginSample[];
  /** The input (or a file option) as an editable grid: the web page draws an editor from this. */
  editors?: readonly GridEditorSpec[];
  /** How a person plays the puzzle (marks, pieces or drops), with the solver as referee: the web page's Play tab. */
  play?: PlaySpec<I, S>;
  /** Fresh puzzles (`kit generate`, the page's New game and Daily): the solver's `generate` makes them. */
  generator?: GeneratorSpec;
  /** Difficulty and the solving path (`kit grade`, the page's solution path): the solver's `grade` gives them. */
  grader?: GraderSpec;
  /**
   * What `-o FILE` would write for this finished run (its summary, instance and the solutions the host
   * kept), so a host without files, the web page, can offer it as a download.
   */
  output?(run: { summary: Summary; instance: I; solutions: readonly S[] }): OutputFile | undefined;
  /** Colours of the cell kinds its frames use, by key. */
  palette?: Palette;
  /** Numbers a host shows large beside the solution count (a chain's length and score from its steps). */
  counters?: readonly CounterSpec[];
  /** How hosts show the summary's own fields to a person: a label, or internal (only in `--json`). */
  summaryFields?: Readonly<Record<string, SummaryFieldSpec>>;
  /** Pause between two animation steps when the user gives no `--delay` (a Puyo chain wants 500 ms). */
  stepDelayMs?: number;
  /** Validates options (and the positional file) into a structured-cloneable instance. Throws InputError. */
  parse(options: ParsedOptions, input?: TextFile): I;
  /** Loads the solver module; kept apart so listing plugins stays cheap. */
  solver(): Promise<Solver<I, S, P>>;
  /** Pure: a solution or a progress/step state to a frame. */
  view(state: S | P, options?: { index?: number }): Frame;
  /** Human summary, last line first-class: `6x10: 2339 solutions, 12345 tries`. May hold a table above it. */
  summarize?(summary: Summary, instance: I): string;
}

type PluginDefinition<I, S, P> = Omit<PuzzlePlugin<I, S, P>, 'apiVersion'>;

/** Identity helper that types a plugin and stamps the API version it was written against. */
export function definePlugin<I, S, P = S>(definition: PluginDefinition<I, S, P>): PuzzlePlugin<I, S, P> {
  return { apiVersion: PLUGIN_API_VERSION, ...definition };
}

/** A plugin as a host holds it: any instance, solution and state types. */
// biome-ignore lint/suspicious/noExplicitAny: a host holds plugins of every instance, solution and state type
export type AnyPlugin = PuzzlePlugin<any, any, any>;
