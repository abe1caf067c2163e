import type { JsonValue, SolveContext } from './events.js';

export interface ContextSettings {
  limit?: number | undefined;
  wantSolutions?: boolean;
  wantProgress?: boolean;
  /** Minimum time between two progress reports. */
  progressIntervalMs?: number;
  signal?: AbortSignal;
}

export interface ContextSinks<S, P> {
  solution(solution: S): void;
  progress(state: P, counters: Record<string, number>): void;
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
