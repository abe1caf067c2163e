import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { expectedThreads, guessedPlace } from '../src/prestart.js';

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

describe('guessedPlace', () => {
  it("guesses core's placeRun from the words: workers only for a run sure to use them", async () => {
    const pipe = {};
    const terminal = { FORCE_COLOR: '1' };
    expect(await guessedPlace(['--threads', '1'], pipe)).toBe('here');
    expect(await guessedPlace(['--limit', '3'], pipe)).toBe('here');
    expect(await guessedPlace(['--threads', '1'], terminal)).toBe('workers');
    expect(await guessedPlace(['--threads', '1', '-q'], terminal)).toBe('here');
    expect(await guessedPlace(['--threads', '1', '--count'], terminal)).toBe('here');
    expect(await guessedPlace(['--threads', '1', '--shard', '1/2'], pipe)).toBe('workers');
    // Its size unknown, a run that draws nothing may be too small to split: no worker is started ahead.
    expect(await guessedPlace(['--threads', '2'], pipe)).toBe('here');
    expect(await guessedPlace(['--threads', '2'], terminal)).toBe('workers');
  });
});
