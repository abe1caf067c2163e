import type { DoneEvent, SolveEvent } from '@kit/core/host';

export interface LineWriter {
  write(chunk: string): unknown;
  fd?: number;
  /** A terminal's size, when it is one. */
  readonly rows?: number;
  readonly columns?: number;
  readonly writableNeedDrain?: boolean;
  once?(event: 'drain', listener: () => void): unknown;
}

/** The `done` line: the Summary flattened beside `elapsedMs` (contract: docs/contract.md#--json-one-object-per-line). */
export function doneRecord(done: DoneEvent): Record<string, unknown> {
  const { solutions, elapsedMs: _elapsed, type: _type, ...fields } = done.summary;
  return { type: 'done', solutions, elapsedMs: done.stats.elapsedMs, ...fields };
}

/**
 * `--json`: one object per line on stdout, solutions and steps as they come, `done` last; progress
 * is never written. With `--count` only the done line.
 */
export class JsonOutput {
  constructor(
    private readonly out: LineWriter,
    private readonly countOnly: boolean,
  ) {}

  event(event: SolveEvent): void {
    if (this.countOnly || event.type === 'progress' || event.type === 'done') return;
    if (event.type === 'solution') this.line({ type: 'solution', index: event.index, solution: event.solution });
    else {
      const { type: _type, state: _state, ...data } = event.data ?? {};
      this.line({ type: 'step', state: event.state, ...data });
    }
  }

  finish(done: DoneEvent): void {
    this.line(doneRecord(done));
  }

  private line(record: unknown): void {
    this.out.write(`${JSON.stringify(record)}\n`);
  }
}
