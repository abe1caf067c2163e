import type { SolveEvent } from '@kit/core/host';
import type { LineWriter } from './json-output.js';
import { type StatusLine, statusText } from './status-line.js';

/** --count without --json: the progress line while the search runs, then the summary line alone. */
export class SummaryOutput {
  constructor(
    private readonly stdout: LineWriter,
    private readonly status: StatusLine | undefined,
  ) {}

  event(event: SolveEvent): void {
    if (event.type === 'progress') this.status?.show(statusText(event));
  }

  finish(summaryLine: string): void {
    this.status?.clear();
    this.stdout.write(`${summaryLine}\n`);
  }

  interrupt(): void {
    this.status?.clear();
  }
}
