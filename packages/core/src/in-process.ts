import { createSolveContext } from './context.js';
import type { DoneEvent, SolveEvent } from './events.js';
import type { PuzzlePlugin } from './plugin.js';
import { AbortedError } from './aborted.js';
import type { SolveOptions } from './run-solver.js';

/** SolveOptions whose events carry the plugin's own solution (S) and progress/step state (P) types. */
export interface InProcessOptions<S = unknown, P = unknown> extends Omit<SolveOptions, 'onEvent'> {
  /** Sees every event of the solve, in order: solutions, progress, steps, then done. */
  onEvent?: (event: SolveEvent<S, P>) => void;
}

/**
 * Runs a plugin's solver on the calling thread, for programs that use a puzzle package as a library
 * and for tests. Hosts that must stay responsive use `runSolver` (workers) instead.
 */
export async function solveInProcess<I, S, P>(plugin: PuzzlePlugin<I, S, P>, instance: I, options: InProcessOptions<S, P> = {}): Promise<DoneEvent> {
  const started = performance.now();
  const emit = options.onEvent ?? (() => {});
  const elapsed = () => Math.round(performance.now() - started);
  let index = 0;
  const ctx = createSolveContext<S, P>(options, {
    solution: (solution) => emit({ type: 'solution', index: ++index, solution }),
    progress: (state, counters) => emit({ type: 'progress', state, counters, stats: { elapsedMs: elapsed() } }),
    step: (state, data) => emit({ type: 'step', state, ...(data ? { data } : {}) }),
  });
  const solver = await plugin.solver();
  const summary = await solver.solve(instance, ctx);
  if (options.signal?.aborted) throw new AbortedError();
  const done: DoneEvent = { type: 'done', summary, stats: { elapsedMs: elapsed() } };
  emit(done);
  return done;
}

/** Every solution and the final summary, for scripts and tests. */
export async function solveAll<I, S, P>(
  plugin: PuzzlePlugin<I, S, P>,
  instance: I,
  options: Omit<InProcessOptions<S, P>, 'onEvent'> = {},
): Promise<{ solutions: S[]; done: DoneEvent }> {
  const solutions: S[] = [];
  const done = await solveInProcess(plugin, instance, {
    ...options,
    onEvent: (event) => {
      if (event.type === 'solution') solutions.push(event.solution);
    },
  });
  return { solutions, done };
}
