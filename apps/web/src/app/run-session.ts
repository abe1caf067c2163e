import { AbortedError, runSolver, type DoneEvent, type ProgressEvent, type RegisteredPlugin, type StepEvent, type WorkerPort } from '@kit/core';

/** Solutions kept for browsing; beyond this the run still counts them. */
export const MAX_KEPT_SOLUTIONS = 200_000;

export type RunPhase = 'running' | 'done' | 'cancelled' | 'failed';

/**
 * One search in Web Workers. It only records what arrives; the page draws it at display rate, so a
 * solver that reports thousands of events a second never makes the page do thousands of redraws.
 */
export class RunSession {
  readonly solutions: unknown[] = [];
  solutionCount = 0;
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
              if (this.solutions.length < MAX_KEPT_SOLUTIONS) this.solutions.push(event.solution);
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
