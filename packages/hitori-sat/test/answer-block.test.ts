// A PencilBox answer block is checked against the puzzle (a shading that keeps every rule is a
// solution): a wrong one is an error naming the line and column of its first wrong mark.
import { InputError } from '@kit/core';
import { parseOptions } from '@kit/core/host';
import { formatInputError } from '@kit/core/messages';
import { describe, expect, it } from 'vitest';
import { firstWrongCell } from '../src/answer-check.js';
import { checkShading } from '../src/check.js';
import plugin from '../src/plugin.js';
import { puzzle } from './helpers.js';

// Row 1 has two 1s, column 3 has two 1s: shading the top-right 1 solves it (and only that).
const GRID = '3\n3\n1 2 1\n2 3 1\n3 1 2\n';
const parse = (text: string) => plugin.parse(parseOptions(plugin.options, {}), { name: 'p.txt', text });
const refusal = (text: string): string => {
  try {
    parse(text);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return formatInputError(error as InputError);
  }
  throw new Error('accepted');
};

describe('PencilBox answer blocks', () => {
  it('accepts a right answer block', () => {
    expect(parse(`${GRID}+ + #\n+ + +\n+ + +\n`)).toMatchObject({ mode: 'solve', answer: [0, 0, 1, 0, 0, 0, 0, 0, 0] });
  });

  it('refuses an all-# block at its first mark', () => {
    expect(refusal(`${GRID}# # #\n# # #\n# # #\n`)).toBe('p.txt:6:1: the answer block is wrong at row 1, column 1: shaded cells touch');
  });

  it('refuses a wrong answer at its first wrong cell', () => {
    // The top-left 1 shaded instead: column 3 keeps both of its 1s; the lower one is the first wrong.
    expect(refusal(`${GRID}# + +\n+ + +\n+ + +\n`)).toBe('p.txt:7:5: the answer block is wrong at row 2, column 3: its 1 repeats an unshaded 1 in column 3');
    // Nothing shaded: row 1 repeats its 1.
    expect(refusal(`${GRID}+ + +\n+ + +\n+ + +\n`)).toBe('p.txt:6:5: the answer block is wrong at row 1, column 3: its 1 repeats an unshaded 1 in row 1');
    // A corner walled off by two shaded cells that keep the other rules.
    expect(refusal('3\n3\n1 2 3\n2 3 1\n3 1 2\n+ # +\n# + +\n+ + +\n')).toBe(
      'p.txt:6:1: the answer block is wrong at row 1, column 1: it is cut off from the other unshaded cells',
    );
  });

  it('agrees with the rule checker on every shading of random small grids', () => {
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    let right = 0;
    let wrong = 0;
    for (let trial = 0; trial < 200; trial++) {
      const width = 2 + next(2);
      const height = 2 + next(2);
      const rows = Array.from({ length: height }, () => Array.from({ length: width }, () => String(next(4))).join(' '))
        .join('\n')
        .replace(/\b0\b/g, '.');
      const grid = puzzle(rows);
      for (let mask = 0; mask < 1 << (width * height); mask++) {
        const shaded = Array.from({ length: width * height }, (_, i) => (mask >> i) & 1);
        const valid = checkShading(grid, shaded) === undefined;
        if (valid) right++;
        else wrong++;
        expect(firstWrongCell(grid, shaded) === undefined, `${rows} / ${shaded.join('')}`).toBe(valid);
      }
    }
    // Both verdicts occur often enough for the comparison to mean something.
    expect(Math.min(right, wrong)).toBeGreaterThan(100);
  });
});
