import type { DoneEvent, ProgressEvent, StepEvent } from '@kit/core';
import { AbortedError, runSolver, type RegisteredPlugin, type WorkerPort } from '@kit/core/host';

/** Solutions kept for browsing at most; beyond this the run only counts them. */
export const MAX_KEPT_SOLUTIONS = 200_000;
/**
 * Memory for kept solutions, as their JSON would take: a flood of large solutions (an empty 16x16
 * Sudoku, 600 bytes each) would otherwise fill hundreds of megabytes, and the garbage collector's
 * pauses would stall the page.
 */
export const KEPT_SOLUTION_BYTES = 24 * 1024 * 1024;

/** How many solutions like this one fit the budget. */
export function keepLimit(sample: unknown): number {
  let size = 64;
  try {
    size = Math.max(size, JSON.stringify(sample)?.length ?? 0);
  } catch {
    // Not JSON (a Map, a typed array, through structured cloning): the count cap alone applies.
  }
  return Math.max(1, Math.min(MAX_KEPT_SOLUTIONS, Math.floor(KEPT_SOLUTION_BYTES / size)));
}

export type RunPhase = 'running' | 'done' | 'cancelled' | 'failed';

/**
 * One search in Web Workers. It only records what arrives; the page draws it at display rate, so a
 * solver that reports thousands of events a second never makes the page do thousands of redraws.
 */
export class RunSession {
  readonly solutions: unknown[] = [];
  solutionCount = 0;
  /** How many solutions are kept for browsing (set from the first one's size). */
  keptLimit = MAX_KEPT_SOLUTIONS;
  readonly steps: StepEvent[] = [];
  progress: ProgressEvent | undefined;
  done: DoneEvent | undefined;
  error: Error | undefined;
  phase: RunPhase = 'running';
  readonly startedAt: number;
  endedAt: number | undefined;
  readonly #controller = new AbortController();

  constructor(
    readonly registered: RegisteredPlugin,
    readonly instance: unknown,
    limit: number | undefined,
    onChange: () => void,
    /** Solver workers: the page's prestarted pool. */
    createWorker: () => WorkerPort,
    /** When the person asked for the run (the Run click's time), so the elapsed time shown counts from there. */
    startedAt = performance.now(),
  ) {
    this.startedAt = startedAt;
    runSolver(
      {
        moduleUrl: registered.origin.moduleUrl,
        pluginId: registered.plugin.id,
        instance,
        threads: navigator.hardwareConcurrency || 1,
        ...(limit !== undefined ? { limit } : {}),
        wantProgress: true,
        progressIntervalMs: 50,
        signal: this.#controller.signal,
        onEvent: (event) => {
          switch (event.type) {
            case 'progress':
              this.progress = event;
              break;
            case 'solution':
              this.solutionCount = event.index;
              if (this.solutions.length === 0) this.keptLimit = keepLimit(event.solution);
              if (this.solutions.length < this.keptLimit) this.solutions.push(event.solution);
              break;
            case 'step':
              this.steps.push(event);
              break;
            case 'done':
              this.done = event;
              break;
          }
          onChange();
        },
      },
      createWorker,
    ).then(
      () => this.#end('done', onChange),
      (error: unknown) => {
        if (!(error instanceof AbortedError)) this.error = error instanceof Error ? error : new Error(String(error));
        this.#end(error instanceof AbortedError ? 'cancelled' : 'failed', onChange);
      },
    );
  }

  get elapsedMs(): number {
    return Math.round((this.endedAt ?? performance.now()) - this.startedAt);
  }

  /** Terminates the workers at once (a synchronous search cannot be interrupted any other way). */
  cancel(): void {
    this.#controller.abort();
  }

  #end(phase: RunPhase, onChange: () => void): void {
    if (this.phase !== 'running') return;
    this.phase = phase;
    this.endedAt = performance.now();
    onChange();
  }
}
