/** Any value that survives JSON and structured cloning. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * What a solver reports when it finishes. `solutions` is required; each plugin adds its own fields
 * (`tries`, `board`, `chains`, `unique`, ...). Hosts print it, and `--json` writes it as the `done` line.
 */
export interface Summary {
  solutions: number;
  [field: string]: JsonValue | undefined;
}

/** Counters a host adds while running a solver. */
export interface SolveStats {
  elapsedMs: number;
  /** For split searches: independent tasks finished and in all. */
  tasksDone?: number;
  tasksTotal?: number;
}

export interface ProgressEvent<P = unknown> {
  type: 'progress';
  /** Something the plugin's `view` can draw (a partial board). */
  state: P;
  /** Solver counters at this moment (`tries`, ...). */
  counters: Record<string, number>;
  stats: SolveStats;
}

/** A numbered result; `index` counts from 1 in the order the host emits them. */
export interface SolutionEvent<S = unknown> {
  type: 'solution';
  index: number;
  solution: S;
}

/**
 * A step of an animation that must not be dropped (a Puyo chain's gravity or pop): hosts draw every
 * step, pausing `--delay` between them, and `--json` writes each one.
 */
export interface StepEvent<P = unknown> {
  type: 'step';
  state: P;
  data?: Record<string, JsonValue>;
}

export interface DoneEvent {
  type: 'done';
  summary: Summary;
  stats: SolveStats;
}

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
  readonly signal: AbortSignal;
}
