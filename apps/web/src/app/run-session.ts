import {
  type DoneEvent,
  type ProgressEvent,
  type StepEvent,
  AbortedError,
  runSolver,
  solutionsToKeep,
  type KeepPolicy,
  type RegisteredPlugin,
  type WorkerSupply,
} from '@kit/core/host';

/** Solutions kept for browsing at most; beyond this the run only counts them. */
export const MAX_KEPT_SOLUTIONS = 50_000;
/**
 * Memory for kept solutions, as their JSON would take: a flood of large solutions (an empty 16x16
 * Sudoku, 600 bytes each) would otherwise fill hundreds of megabytes, and the garbage collector's
 * pauses would stall the page. At 24 MB (about 40,000 16x16 grids, some 30 MB of objects) the first
 * full collection came two seconds into such a flood and its sweep held the main thread 77 ms of CPU
 * in one task (Chromium trace: CppGC.SweepFinalizeSweptPages); at 4 MB no such task comes in 20 s.
 */
export const KEPT_SOLUTION_BYTES = 4 * 1024 * 1024;

/**
 * What the page keeps, told to the solver workers: they send the rest only as counts, so a flood
 * of solutions stops costing the page a clone and a collection of every one once the list is full.
 */
export const KEEP: KeepPolicy = { bytes: KEPT_SOLUTION_BYTES, most: MAX_KEPT_SOLUTIONS };

/** How many solutions like this one fit the budget (the workers reach the same number). */
export function keepLimit(sample: unknown): number {
  return solutionsToKeep(sample, KEEP);
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
    /** The page's supply: its solver workers, started ahead of the run. */
    workers: WorkerSupply,
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
        keep: KEEP,
        onCounted: (count) => {
          this.solutionCount = count;
          // The list holds the first solutions and no others: after a gap, a split search's later
          // tasks still send their first ones whole, and those are not kept.
          this.keptLimit = Math.min(this.keptLimit, this.solutions.length);
          onChange();
        },
        onEvent: (event) => {
          switch (event.type) {
            case 'progress':
              this.progress = event;
              break;
            case 'solution':
              this.solutionCount = event.index;
              if (event.index === 1) this.keptLimit = keepLimit(event.solution);
              if (this.solutions.length < this.keptLimit && event.index === this.solutions.length + 1) this.solutions.push(event.solution);
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
      workers,
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
