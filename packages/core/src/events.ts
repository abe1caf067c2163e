/** Any value that survives JSON and structured cloning. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * What a solver reports when it finishes. `solutions` is required; each plugin adds its own fields
 * (`tries`, `board`, `chains`, `unique`, ...). Hosts print it, and `--json` writes it as the `done` line.
 */
export interface Summary {
  /** Solutions found (up to the limit when one was set). */
  solutions: number;
  /** The plugin's own figures, shown as its `summaryFields` say. */
  [field: string]: JsonValue | undefined;
}

/** Counters a host adds while running a solver. */
export interface SolveStats {
  /** Wall-clock time since the solve started. */
  elapsedMs: number;
  /** For split searches: independent tasks finished and in all. */
  tasksDone?: number;
  /** For split searches: the number of tasks in all. */
  tasksTotal?: number;
}

/** A throttled look at a running search, for a live view. */
export interface ProgressEvent<P = unknown> {
  /** Tells the events apart. */
  type: 'progress';
  /** Something the plugin's `view` can draw (a partial board). */
  state: P;
  /** Solver counters at this moment (`tries`, ...). */
  counters: Record<string, number>;
  /** The host's counters at this moment. */
  stats: SolveStats;
}

/** A numbered result; `index` counts from 1 in the order the host emits them. */
export interface SolutionEvent<S = unknown> {
  /** Tells the events apart. */
  type: 'solution';
  /** The number of this solution, from 1. */
  index: number;
  /** The solution as the plugin's `render` and `view` take it. */
  solution: S;
}

/**
 * A step of an animation that must not be dropped (a Puyo chain's gravity or pop): hosts draw every
 * step, pausing `--delay` between them, and `--json` writes each one.
 */
export interface StepEvent<P = unknown> {
  /** Tells the events apart. */
  type: 'step';
  /** The state to draw, as the plugin's `view` takes it. */
  state: P;
  /** Figures about the step (the chain number, the score), for `--json`. */
  data?: Record<string, JsonValue>;
}

/** The last event of a run: the solver's summary and the host's counters. */
export interface DoneEvent {
  /** Tells the events apart. */
  type: 'done';
  /** What the solver returned. */
  summary: Summary;
  /** The host's counters at the end. */
  stats: SolveStats;
}

/** Everything a host reports while a solver runs, in order; `done` comes last. */
export type SolveEvent<S = unknown, P = unknown> = ProgressEvent<P> | SolutionEvent<S> | StepEvent<P> | DoneEvent;

/**
 * What a solver sees while it runs. Reporting is by synchronous calls rather than by yielding: a
 * deep recursive search can report from any depth at no cost, and a host decides what to keep.
 */
export interface SolveContext<S = unknown, P = unknown> {
  /** Stop after this many solutions (undefined: no limit). */
  readonly limit: number | undefined;
  /** False when the host only wants counts (`--count`): skip building solution objects. */
  readonly wantSolutions: boolean;
  /** False when nobody watches the search (`-q`, `--json`): skip building progress states. */
  readonly wantProgress: boolean;
  /** Report a solution. The host numbers them. */
  solution(solution: S): void;
  /** Cheap clock check: true at most once per progress interval. Call it every few thousand nodes. */
  progressDue(): boolean;
  /** Report the search's current state; call only when `progressDue()` said so. */
  progress(state: P, counters?: Record<string, number>): void;
  /** Report an animation step that must be shown (not throttled). */
  step(state: P, data?: Record<string, JsonValue>): void;
  /** True once the limit is reached or the run was cancelled: unwind and return a summary. */
  shouldStop(): boolean;
  /** Aborted when the run is cancelled; pass it to anything that waits. */
  readonly signal: AbortSignal;
}
