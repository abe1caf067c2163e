import type { ProgressEvent } from '@kit/core/host';

interface StatusStream {
  write(chunk: string): unknown;
  columns?: number;
}

/** 1234 -> 1.2k, 5600000 -> 5.6M */
export function compactNumber(value: number): string {
  const units: Array<[number, string]> = [
    [1e9, 'G'],
    [1e6, 'M'],
    [1e3, 'k'],
  ];
  for (const [size, unit] of units) if (value >= size) return `${(value / size).toFixed(1)}${unit}`;
  return String(Math.round(value));
}

function seconds(ms: number): string {
  return ms < 60_000 ? `${(ms / 1000).toFixed(1)}s` : `${Math.floor(ms / 60_000)}m${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}s`;
}

/** What the status line says for one progress event: tries/s, elapsed, tasks done and an estimate. */
export function statusText(event: ProgressEvent): string {
  const { elapsedMs, tasksDone, tasksTotal } = event.stats;
  const parts = [seconds(elapsedMs)];
  const tries = event.counters['tries'];
  // For a split search the host sums the tasks' counters, so the rate covers every worker.
  if (tries !== undefined && elapsedMs > 0) {
    parts.push(`${compactNumber(tries)} tries (${compactNumber((tries * 1000) / elapsedMs)}/s)`);
  }
  if (tasksTotal !== undefined && tasksDone !== undefined) {
    parts.push(`tasks ${tasksDone}/${tasksTotal} (${Math.floor((tasksDone * 100) / tasksTotal)}%)`);
    if (tasksDone > 0) parts.push(`~${seconds((elapsedMs * (tasksTotal - tasksDone)) / tasksDone)} left`);
  }
  return parts.join(' · ');
}

/** A one-line progress report kept in place on stderr (only used when stderr is a terminal). */
export class StatusLine {
  #shown = false;
  constructor(private readonly stream: StatusStream) {}

  show(text: string): void {
    const width = Math.max(10, (this.stream.columns || 80) - 1);
    // The cursor goes back to column 0: whatever is drawn next on stdout starts at the line's start.
    this.stream.write(`\r\u001B[2K${text.slice(0, width)}\r`);
    this.#shown = true;
  }

  clear(): void {
    if (!this.#shown) return;
    this.stream.write('\r\u001B[2K');
    this.#shown = false;
  }
}
