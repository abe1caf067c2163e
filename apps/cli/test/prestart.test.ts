import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { expectedThreads } from '../src/prestart.js';

describe('expectedThreads', () => {
  it('reads --threads before the flags are parsed, and --limit means one worker', () => {
    expect(expectedThreads(['--size', '6'])).toBe(availableParallelism());
    expect(expectedThreads(['--threads', '3'])).toBe(Math.min(3, availableParallelism()));
    expect(expectedThreads(['--threads=1', '--count'])).toBe(1);
    expect(expectedThreads(['--threads', '4', '--limit', '2'])).toBe(1);
    expect(expectedThreads(['--threads', 'lots'])).toBe(availableParallelism());
    // --threads is capped at the cores (run-flags' maxThreads): no idle workers are started past it.
    expect(expectedThreads(['--threads', '100000'])).toBe(availableParallelism());
  });
});
