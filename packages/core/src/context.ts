import type { JsonValue, SolveContext } from './events.js';

/** What a host asks of a run: how many solutions, which reports, when to stop. */
export interface ContextSettings {
  /** Stop after this many solutions (undefined: no limit). */
  limit?: number | undefined;
  /** Build solution objects (false for `--count`); default true. */
  wantSolutions?: boolean;
  /** Build progress states (false when nobody watches); default true. */
  wantProgress?: boolean;
  /** Minimum time between two progress reports. */
  progressIntervalMs?: number;
  /** Cancels the run. */
  signal?: AbortSignal;
}

/** Where a solver's reports go. */
export interface ContextSinks<S, P> {
  /** Takes each solution, in order. */
  solution(solution: S): void;
  /** Takes the throttled progress reports. */
  progress(state: P, counters: Record<string, number>): void;
  /** Takes every animation step. */
  step(state: P, data: Record<string, JsonValue> | undefined): void;
}

const never = new AbortController().signal;

/** Builds the context a solver runs with; the sinks decide where its reports go. */
export function createSolveContext<S, P>(settings: ContextSettings, sinks: ContextSinks<S, P>): SolveContext<S, P> {
  const limit = settings.limit;
  const interval = settings.progressIntervalMs ?? 100;
  const signal = settings.signal ?? never;
  let found = 0;
  let nextProgressAt = 0;
  return {
    limit,
    wantSolutions: settings.wantSolutions ?? true,
    wantProgress: settings.wantProgress ?? false,
    signal,
    solution(solution) {
      if (limit !== undefined && found >= limit) return;
      found++;
      sinks.solution(solution);
    },
    progressDue() {
      const now = performance.now();
      if (now < nextProgressAt) return false;
      nextProgressAt = now + interval;
      return true;
    },
    progress(state, counters = {}) {
      sinks.progress(state, counters);
    },
    step(state, data) {
      sinks.step(state, data);
    },
    shouldStop() {
      return signal.aborted || (limit !== undefined && found >= limit);
    },
  };
}
