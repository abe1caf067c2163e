import { parseOptions, solveAll } from '@kit/core/host';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchHitori } from '../src/encode.js';
import { formatPencilBox } from '../src/formats/pencilbox.js';
import plugin from '../src/plugin.js';
import { CdclSolver } from '../src/sat/cdcl.js';

// Solve's verdicts ("unique", "not unique", "no solution") against an enumeration that shares no
// code with the solver or its checker: the rules are written out again here.
interface Board {
  width: number;
  height: number;
  numbers: number[];
}

/** Every valid shading, as `#`/`.` strings: cells in reading order, never two shaded side by side, then rules 1 and 3. */
function allSolutions({ width, height, numbers }: Board): string[] {
  const size = width * height;
  const shaded = new Array<boolean>(size).fill(false);
  const found: string[] = [];
  const repeats = (cells: number[]) => {
    const seen = new Set<number>();
    for (const c of cells) {
      if (shaded[c] || numbers[c] === 0) continue;
      if (seen.has(numbers[c]!)) return true;
      seen.add(numbers[c]!);
    }
    return false;
  };
  const connected = () => {
    const open = [...Array(size).keys()].filter((c) => !shaded[c]);
    if (open.length === 0) return false;
    const reached = new Set([open[0]!]);
    const stack = [open[0]!];
    while (stack.length) {
      const c = stack.pop()!;
      const x = c % width;
      for (const next of [x > 0 ? c - 1 : -1, x < width - 1 ? c + 1 : -1, c - width, c + width]) {
        if (next >= 0 && next < size && !shaded[next] && !reached.has(next)) {
          reached.add(next);
          stack.push(next);
        }
      }
    }
    return reached.size === open.length;
  };
  const visit = (cell: number) => {
    if (cell === size) {
      for (let y = 0; y < height; y++) if (repeats(Array.from({ length: width }, (_, x) => y * width + x))) return;
      for (let x = 0; x < width; x++) if (repeats(Array.from({ length: height }, (_, y) => y * width + x))) return;
      if (connected()) found.push(shaded.map((s) => (s ? '#' : '.')).join(''));
      return;
    }
    visit(cell + 1);
    const x = cell % width;
    if (numbers[cell] !== 0 && !(x > 0 && shaded[cell - 1]) && !(cell >= width && shaded[cell - width])) {
      shaded[cell] = true;
      visit(cell + 1);
      shaded[cell] = false;
    }
  };
  visit(0);
  return found.sort();
}

/** Boards of up to 20 cells, numbers 1-4 (so they repeat) and some blanks. */
const boards = fc
  .record({ width: fc.integer({ min: 1, max: 5 }), height: fc.integer({ min: 1, max: 5 }) })
  .filter(({ width, height }) => width * height <= 20)
  .chain(({ width, height }) =>
    fc.record({
      width: fc.constant(width),
      height: fc.constant(height),
      numbers: fc.array(fc.oneof({ arbitrary: fc.integer({ min: 1, max: 4 }), weight: 6 }, { arbitrary: fc.constant(0), weight: 1 }), {
        minLength: width * height,
        maxLength: width * height,
      }),
    }),
  );

describe('solve verdicts against an independent enumeration', () => {
  it('the enumeration itself, on boards worked out by hand', () => {
    expect(allSolutions({ width: 4, height: 1, numbers: [1, 1, 1, 1] })).toEqual([]);
    expect(allSolutions({ width: 3, height: 1, numbers: [1, 0, 1] })).toEqual(['#.#', '#..', '..#']);
    // Both 1s may be shaded: a cell may be shaded even when its number does not repeat.
    expect(allSolutions({ width: 3, height: 1, numbers: [1, 2, 1] })).toEqual(['#.#', '#..', '..#']);
    // Shading a diagonal pair cuts the other two cells apart.
    expect(allSolutions({ width: 2, height: 2, numbers: [1, 2, 2, 1] })).toEqual(['....', '#...', '.#..', '..#.', '...#'].sort());
  });

  it('on 3,000 random boards: the same solutions, so every "unique", "not unique" and "no solution" is right', () => {
    const seen = { none: 0, unique: 0, many: 0 };
    fc.assert(
      fc.property(boards, (board) => {
        const expected = allSolutions(board);
        const found = searchHitori(board, new CdclSolver(), { maxSolutions: 10_000 });
        expect(found.solutions.map((s) => Array.from(s, (v) => (v ? '#' : '.')).join('')).sort()).toEqual(expected);
        expect(found.exhausted).toBe(true);
        // The verdict as the CLI draws it: at most three solutions searched.
        const verdict = searchHitori(board, new CdclSolver(), { maxSolutions: 3 });
        expect(verdict.solutions.length).toBe(Math.min(3, expected.length));
        expect(verdict.exhausted).toBe(expected.length < 3);
        seen[expected.length === 0 ? 'none' : expected.length === 1 ? 'unique' : 'many']++;
      }),
      { numRuns: 3_000, seed: 17 },
    );
    expect(seen.none).toBeGreaterThan(300);
    expect(seen.unique).toBeGreaterThan(100);
    expect(seen.many).toBeGreaterThan(300);
  });

  it('through the plugin (what `kit run` prints): the summary says unique, not unique or no solution as the enumeration does', async () => {
    const runs = fc.sample(boards, { numRuns: 300, seed: 23 });
    for (const board of runs) {
      const expected = allSolutions(board).length;
      const instance = plugin.parse(parseOptions(plugin.options, {}), { name: 'b.txt', text: formatPencilBox(board.width, board.height, board.numbers) });
      const { done } = await solveAll(plugin, instance);
      expect(done.summary).toMatchObject({ unique: expected === 1, solutions: Math.min(expected, 2), complete: expected <= 2 });
    }
  });
});
