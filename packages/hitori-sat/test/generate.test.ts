import { describe, expect, it } from 'vitest';
import { searchHitori } from '../src/encode.js';
import { generateHitori } from '../src/generate.js';
import { checkShading } from '../src/check.js';
import { CdclSolver } from '../src/sat/cdcl.js';

describe('--generate', () => {
  it.each([
    [5, 5, 1],
    [8, 6, 2],
    [12, 12, 3],
    [20, 20, 4],
  ])('makes a %ix%i puzzle (seed %i) whose only solution is the one it planned', (width, height, seed) => {
    const generated = generateHitori(width, height, seed, () => new CdclSolver());
    const { puzzle } = generated;
    expect([puzzle.width, puzzle.height]).toEqual([width, height]);
    expect(puzzle.numbers.every((n) => n >= 1 && n <= Math.max(width, height))).toBe(true);
    expect(checkShading(puzzle, generated.shaded)).toBeUndefined();
    const found = searchHitori(puzzle, new CdclSolver(), { maxSolutions: 2 });
    expect(found.solutions.length).toBe(1);
    expect(found.exhausted).toBe(true);
    expect(Array.from(found.solutions[0]!)).toEqual(Array.from(generated.shaded));
  });

  it('is reproducible from the seed, and different seeds give different puzzles', () => {
    const a = generateHitori(10, 10, 99, () => new CdclSolver());
    const b = generateHitori(10, 10, 99, () => new CdclSolver());
    const c = generateHitori(10, 10, 100, () => new CdclSolver());
    expect(b.puzzle.numbers).toEqual(a.puzzle.numbers);
    expect(c.puzzle.numbers).not.toEqual(a.puzzle.numbers);
  });
});
