import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkShading } from '../src/check.js';
import { repeatedGroups, searchHitori } from '../src/encode.js';
import { fillPattern } from '../src/fill.js';
import { parsePuzzleText } from '../src/formats/detect.js';
import { formatPencilBox } from '../src/formats/pencilbox.js';
import { formatPlainGrid } from '../src/formats/plain.js';
import { formatPuzzLink } from '../src/formats/puzzlink.js';
import { generateHitori } from '../src/generate.js';
import { CdclSolver } from '../src/sat/cdcl.js';

const board = fc.record({ width: fc.integer({ min: 1, max: 12 }), height: fc.integer({ min: 1, max: 12 }) }).chain(({ width, height }) =>
  fc.record({
    width: fc.constant(width),
    height: fc.constant(height),
    numbers: fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1295 })), { minLength: width * height, maxLength: width * height }),
  }),
);

describe('properties', () => {
  it('every writer round-trips through the reader (format auto-detected)', () => {
    fc.assert(
      fc.property(board, ({ width, height, numbers }) => {
        // A one-column plain grid of numbers can read as a PencilBox header: that case needs --format grid.
        const plain = width > 1 ? [formatPlainGrid(width, numbers)] : [];
        for (const text of [formatPencilBox(width, height, numbers), formatPuzzLink(width, height, numbers), ...plain]) {
          const parsed = parsePuzzleText(text);
          expect([parsed.width, parsed.height]).toEqual([width, height]);
          expect(parsed.cells).toEqual(numbers);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('every solution found keeps all three rules, and none is missed on boards up to 12 cells', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }).chain((width) =>
          fc.record({
            width: fc.constant(width),
            height: fc.integer({ min: 1, max: Math.floor(12 / width) }),
            seed: fc.integer({ min: 0, max: 1e6 }),
          }),
        ),
        ({ width, height, seed }) => {
          const numbers = Array.from({ length: width * height }, (_, i) => ((seed >> (i % 20)) % 3) + (i % 2));
          const puzzle = { width, height, numbers };
          const found = searchHitori(puzzle, new CdclSolver(), { maxSolutions: 5000 });
          for (const s of found.solutions) expect(checkShading(puzzle, s)).toBeUndefined();
          let count = 0;
          for (let mask = 0; mask < 1 << (width * height); mask++) {
            if (
              !checkShading(
                puzzle,
                Uint8Array.from({ length: width * height }, (_, i) => (mask >> i) & 1),
              )
            )
              count++;
          }
          expect(found.solutions.length).toBe(count);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('generated puzzles are unique, and the pattern of their repeated numbers refills to a unique design', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 12 }), fc.integer({ min: 3, max: 12 }), fc.integer({ min: 0, max: 2 ** 32 - 1 }), (width, height, seed) => {
        const { puzzle } = generateHitori(width, height, seed, () => new CdclSolver());
        expect(searchHitori(puzzle, new CdclSolver(), { maxSolutions: 2 }).solutions).toHaveLength(1);
        const labels = new Array<number>(width * height).fill(0);
        for (const group of repeatedGroups(puzzle)) for (const cell of group) labels[cell] = puzzle.numbers[cell]!;
        const filled = fillPattern({ width, height, labels }, () => new CdclSolver());
        expect(filled.ok).toBe(true);
        if (!filled.ok) return;
        expect(searchHitori({ width, height, numbers: filled.numbers }, new CdclSolver(), { maxSolutions: 2 }).solutions).toHaveLength(1);
      }),
      { numRuns: 30 },
    );
  });
});
