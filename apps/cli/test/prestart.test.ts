import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { expectedThreads } from '../src/prestart.js';

describe('expectedThreads', () => {
  it('reads --threads before the flags are parsed, and --limit means one worker', () => {
    expect(expectedThreads(['--size', '6'])).toBe(availableParallelism());
    expect(expectedThreads(['--threads', '3'])).toBe(3);
    expect(expectedThreads(['--threads=1', '--count'])).toBe(1);
    expect(expectedThreads(['--threads', '4', '--limit', '2'])).toBe(1);
    expect(expectedThreads(['--threads', 'lots'])).toBe(availableParallelism());
    expect(expectedThreads(['--threads', '100000'])).toBe(availableParallelism() * 4);
  });
});
