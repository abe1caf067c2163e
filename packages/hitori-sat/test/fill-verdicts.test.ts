import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillPattern, type Pattern } from '../src/fill.js';
import { CdclSolver } from '../src/sat/cdcl.js';

// Every verdict of the fill is checked here against a search that shares no code with it: a
// filling must keep the pattern's promise, and "no filling" must survive an exhaustive search.

/** Pairs of non-blank cells in one line: `same` when equal labels demand equal numbers, else they must differ. */
function linePairs(p: Pattern): { a: number; b: number; same: boolean }[] {
  const pairs: { a: number; b: number; same: boolean }[] = [];
  const add = (a: number, b: number) => {
    if (p.labels[a]! >= 0 && p.labels[b]! >= 0) pairs.push({ a, b, same: p.labels[a]! > 0 && p.labels[a] === p.labels[b] });
  };
  for (let y = 0; y < p.height; y++) for (let x = 0; x < p.width; x++) for (let u = x + 1; u < p.width; u++) add(y * p.width + x, y * p.width + u);
  for (let x = 0; x < p.width; x++) for (let y = 0; y < p.height; y++) for (let u = y + 1; u < p.height; u++) add(y * p.width + x, u * p.width + x);
  return pairs;
}

/** Why `numbers` is not a filling of `p`, or undefined when it is one. */
function fillingFault(p: Pattern, numbers: number[]): string | undefined {
  const n = Math.max(p.width, p.height);
  for (let cell = 0; cell < p.labels.length; cell++) {
    const value = numbers[cell]!;
    if (p.labels[cell]! < 0 ? value !== 0 : !(value >= 1 && value <= n)) return `cell ${cell} holds ${value}`;
  }
  for (const { a, b, same } of linePairs(p)) if ((numbers[a] === numbers[b]) !== same) return `cells ${a} and ${b}`;
  return undefined;
}

/**
 * Whether any filling exists, by depth-first search: the cell with the fewest numbers left first,
 * and of the numbers not used anywhere yet only one (they are interchangeable, so trying one
 * loses nothing).
 */
function fillingExists(p: Pattern): boolean {
  const n = Math.max(p.width, p.height);
  const cells = p.labels.flatMap((label, cell) => (label >= 0 ? [cell] : []));
  const differ: number[][] = p.labels.map(() => []);
  const equal: number[][] = p.labels.map(() => []);
  for (const { a, b, same } of linePairs(p)) {
    (same ? equal : differ)[a]!.push(b);
    (same ? equal : differ)[b]!.push(a);
  }
  const value = new Array<number>(p.labels.length).fill(0);
  const all = (1 << (n + 1)) - 2;
  const allowed = (cell: number): number => {
    let mask = all;
    for (const other of differ[cell]!) if (value[other]) mask &= ~(1 << value[other]!);
    for (const other of equal[cell]!) if (value[other]) mask &= 1 << value[other]!;
    return mask;
  };
  const bits = (mask: number) => {
    let count = 0;
    for (; mask; mask &= mask - 1) count++;
    return count;
  };
  const search = (assigned: number, maxUsed: number): boolean => {
    if (assigned === cells.length) return true;
    let pick = -1;
    let pickMask = 0;
    let fewest = Infinity;
    for (const cell of cells) {
      if (value[cell]) continue;
      const mask = allowed(cell);
      const size = bits(mask);
      if (size < fewest) [pick, pickMask, fewest] = [cell, mask, size];
      if (size === 0) return false;
    }
    for (let v = 1; v <= Math.min(n, maxUsed + 1); v++) {
      if (!(pickMask & (1 << v))) continue;
      value[pick] = v;
      if (search(assigned + 1, Math.max(maxUsed, v))) return true;
    }
    value[pick] = 0;
    return false;
  };
  return search(0, 0);
}

/** A random pattern: mostly free cells, some labels 1-3 (the cells a designer wants repeated), a few blanks. */
const patterns = (maxSide: number) =>
  fc.record({ width: fc.integer({ min: 2, max: maxSide }), height: fc.integer({ min: 2, max: maxSide }) }).chain(({ width, height }) =>
    fc.record({
      width: fc.constant(width),
      height: fc.constant(height),
      labels: fc.array(
        fc.oneof({ arbitrary: fc.constant(0), weight: 4 }, { arbitrary: fc.integer({ min: 1, max: 3 }), weight: 4 }, { arbitrary: fc.constant(-1), weight: 1 }),
        {
          minLength: width * height,
          maxLength: width * height,
        },
      ),
    }),
  );

function checkVerdicts(maxSide: number, runs: number, seed: number) {
  const seen = { filled: 0, none: 0 };
  fc.assert(
    fc.property(patterns(maxSide), (p) => {
      const result = fillPattern(p, () => new CdclSolver());
      if (result.ok) {
        expect(fillingFault(p, result.numbers)).toBeUndefined();
        seen.filled++;
      } else {
        expect(result.undecided).toBeUndefined();
        expect(fillingExists(p)).toBe(false);
        seen.none++;
      }
    }),
    { numRuns: runs, seed },
  );
  return seen;
}

describe('--fill verdicts against an exhaustive search', () => {
  it('the two patterns the counting check once called impossible have fillings', () => {
    for (const labels of [
      [0, 1, 0, 1, 0, 1, 2, 1, 0],
      [0, 2, 1, 0, 1, 0, 2, 2, 2, 0, 1, 2, 0, 2, 0, 0],
    ]) {
      const side = Math.sqrt(labels.length);
      const p = { width: side, height: side, labels };
      expect(fillingExists(p)).toBe(true);
      const result = fillPattern(p, () => new CdclSolver());
      expect(result.ok).toBe(true);
      if (result.ok) expect(fillingFault(p, result.numbers)).toBeUndefined();
    }
  });

  it('the exhaustive search itself: finds the seed-style filling, and proves the 1 0 1 row impossible', () => {
    expect(fillingExists({ width: 3, height: 3, labels: [1, 0, 1, 0, 0, 0, 0, 0, 0] })).toBe(false);
    expect(fillingExists({ width: 3, height: 3, labels: [1, 0, 1, 0, 0, 0, 0, 1, 0] })).toBe(false);
    expect(fillingExists({ width: 3, height: 3, labels: [1, 0, 1, 0, 1, 0, 0, 0, 0] })).toBe(false);
    expect(fillingExists({ width: 3, height: 3, labels: [1, 0, 1, 0, 0, 0, 1, 0, 1] })).toBe(true);
    expect(fillingExists({ width: 2, height: 2, labels: [0, 0, 0, 0] })).toBe(true);
    expect(fillingExists({ width: 2, height: 2, labels: [1, 1, 0, 1] })).toBe(true);
  });

  it('every verdict on 20,000 random patterns of sides 2-5 is right, both kinds included', () => {
    const seen = checkVerdicts(5, 20_000, 13);
    expect(seen.filled + seen.none).toBe(20_000);
    expect(seen.none).toBeGreaterThan(500);
    expect(seen.filled).toBeGreaterThan(10_000);
  });

  it('every verdict on 2,000 random patterns of sides 2-6 is right', () => {
    const seen = checkVerdicts(6, 2_000, 31);
    expect(seen.none).toBeGreaterThan(40);
    expect(seen.filled).toBeGreaterThan(1_000);
  });
});
