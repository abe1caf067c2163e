import { describe, expect, it } from 'vitest';
import { SMALL_SEARCH_TRIES, placeRun } from './run-place.js';

const pipe = { drawsMeanwhile: false, distributed: false };

describe('placeRun', () => {
  it('solves a one-thread run that draws nothing here, and a drawing or distributed one in workers', () => {
    expect(placeRun({ ...pipe, threads: 1 })).toBe('here');
    expect(placeRun({ ...pipe, threads: 4, limit: 1 })).toBe('here');
    expect(placeRun({ threads: 1, drawsMeanwhile: true, distributed: false })).toBe('workers');
    expect(placeRun({ threads: 1, drawsMeanwhile: false, distributed: true })).toBe('workers');
  });

  it("solves a search too small to split here, by the solver's estimate, whatever the threads", () => {
    expect(placeRun({ ...pipe, threads: 4, estimatedTries: 50_000 })).toBe('here');
    expect(placeRun({ ...pipe, threads: 4, estimatedTries: SMALL_SEARCH_TRIES - 1 })).toBe('here');
    expect(placeRun({ ...pipe, threads: 4, estimatedTries: SMALL_SEARCH_TRIES })).toBe('workers');
    expect(placeRun({ ...pipe, threads: 4, estimatedTries: 2_000_000 })).toBe('workers');
    // No estimate: the threads decide.
    expect(placeRun({ ...pipe, threads: 4 })).toBe('workers');
    // Drawing meanwhile needs this thread, however small the search.
    expect(placeRun({ threads: 4, drawsMeanwhile: true, distributed: false, estimatedTries: 10 })).toBe('workers');
  });
});
