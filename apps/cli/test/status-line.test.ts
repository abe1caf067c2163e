import { describe, expect, it } from 'vitest';
import { StatusLine, compactNumber, statusText } from '../src/status-line.js';

const progress = (counters: Record<string, number>, stats: { elapsedMs: number; tasksDone?: number; tasksTotal?: number }) =>
  ({ type: 'progress', state: null, counters, stats }) as const;

describe('the progress line', () => {
  it('shows elapsed time and tries per second for a whole search', () => {
    expect(statusText(progress({ tries: 2_500_000 }, { elapsedMs: 2000 }))).toBe('2.0s · 2.5M tries (1.3M/s)');
  });

  it('shows the tries of all workers, the tasks done and an estimate for a split search', () => {
    expect(statusText(progress({ tries: 6_000_000 }, { elapsedMs: 30_000, tasksDone: 25, tasksTotal: 100 }))).toBe(
      '30.0s · 6.0M tries (200.0k/s) · tasks 25/100 (25%) · ~1m30s left',
    );
    expect(statusText(progress({}, { elapsedMs: 500, tasksDone: 0, tasksTotal: 8 }))).toBe('0.5s · tasks 0/8 (0%)');
  });

  it('writes in place, cut to the terminal width, and clears only what it showed', () => {
    const writes: string[] = [];
    const line = new StatusLine({ write: (chunk: string) => writes.push(chunk), columns: 12 });
    line.clear();
    line.show('0123456789abcdef');
    line.clear();
    expect(writes).toEqual(['\r\u001B[2K0123456789a\r', '\r\u001B[2K']);
  });

  it('abbreviates counts', () => {
    expect([999, 1234, 5_600_000, 7_000_000_000].map(compactNumber)).toEqual(['999', '1.2k', '5.6M', '7.0G']);
  });
});
