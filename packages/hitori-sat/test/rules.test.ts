import { Random } from '@kit/core';
import { describe, expect, it } from 'vitest';
import { searchHitori } from '../src/encode.js';
import { checkShading } from '../src/check.js';
import { CdclSolver } from '../src/sat/cdcl.js';
import { bruteForce, puzzle, rowsOf } from './helpers.js';

function solveAll(text: string, max = 100): string[] {
  const p = puzzle(text);
  const found = searchHitori(p, new CdclSolver(), { maxSolutions: max });
  return found.solutions.map((s) => rowsOf(p.width, s)).sort();
}

describe('the Hitori rules', () => {
  it('rule 1: a number may not repeat among unshaded cells of a row or column', () => {
    expect(solveAll('1 1')).toEqual(['#.', '.#']);
    expect(solveAll('1\n1')).toEqual(['#/.', './#']);
  });

  it('rule 2: shaded cells may not touch', () => {
    // Each pair needs a shaded cell, but (0,0)-(0,1) and (0,1)-(0,2)... any two shaded in a row of three 1s touch or not:
    expect(solveAll('1 1 1')).toEqual(['#.#']);
    expect(solveAll('1 1 1 1')).toEqual([]);
  });

  it('rule 3: the unshaded cells stay connected', () => {
    // Shading the middle column's two 2s... either way; only shadings that keep the board connected count.
    const solutions = solveAll('1 2 1\n3 2 3\n4 5 6');
    for (const s of solutions)
      expect(
        checkShading(
          puzzle('1 2 1\n3 2 3\n4 5 6'),
          Uint8Array.from(s.replace(/\//g, ''), (c) => (c === '#' ? 1 : 0)),
        ),
      ).toBeUndefined();
    expect(solutions).toEqual(bruteForce(puzzle('1 2 1\n3 2 3\n4 5 6')));
    // A corner 1 walled in by shaded cells is not allowed: in this board that rules out all but one shading.
    expect(solveAll('1 2 2\n2 3 1\n2 1 3')).toEqual(bruteForce(puzzle('1 2 2\n2 3 1\n2 1 3')));
  });

  it('counts a second solution that exists only because a non-repeated number may be shaded', () => {
    const board = '1 2 1 3\n3 4 3 2\n3 3 4 1\n2 1 3 1';
    // The 3 at the top right repeats in neither its row nor its column, yet shading it is allowed.
    expect(solveAll(board)).toEqual(['#..#/..#./#.../...#', '#.../..#./#.../...#']);
    expect(bruteForce(puzzle(board))).toEqual(solveAll(board));
  });

  it('never shades a blank cell, and blanks join the unshaded region', () => {
    // Both 1s may be shaded: the blank between them is a region of its own size, and connected.
    expect(solveAll('1 . 1')).toEqual(['#.#', '#..', '..#']);
    expect(solveAll('1 1 .\n. . .')).toEqual(['#../...', '.#./...']);
    expect(solveAll('. .\n. .')).toEqual(['../..']);
    expect(solveAll('2 . 2\n. 1 .\n2 . 2')).toEqual(bruteForce(puzzle('2 . 2\n. 1 .\n2 . 2')));
  });

  it('proves uniqueness and reports no solution', () => {
    const board = '2 4 2 2\n1 1 4 3\n4 3 1 2\n4 1 1 4';
    const unique = searchHitori(puzzle(board), new CdclSolver(), { maxSolutions: 2 });
    expect(unique.solutions.map((s) => rowsOf(4, s))).toEqual(['#..#/.#../..../#.#.']);
    expect(bruteForce(puzzle(board))).toEqual(['#..#/.#../..../#.#.']);
    expect(unique.exhausted).toBe(true);
    const none = searchHitori(puzzle('1 1 1 1'), new CdclSolver(), { maxSolutions: 2 });
    expect(none.solutions).toEqual([]);
    expect(none.exhausted).toBe(true);
  });

  it('agrees with brute force on 200 random small boards (connectivity cuts included)', () => {
    const random = new Random(42);
    let withCuts = 0;
    for (let t = 0; t < 200; t++) {
      const width = 2 + random.int(3);
      const height = width === 4 ? 3 : 2 + random.int(3);
      const numbers = Array.from({ length: width * height }, () => (random.int(8) === 0 ? 0 : 1 + random.int(3)));
      const p = { width, height, numbers };
      const found = searchHitori(p, new CdclSolver(), { maxSolutions: 1000 });
      if (found.cuts > 0) withCuts++;
      expect(found.solutions.map((s) => rowsOf(width, s)).sort()).toEqual(bruteForce(p));
    }
    expect(withCuts).toBeGreaterThan(10);
  });
});
