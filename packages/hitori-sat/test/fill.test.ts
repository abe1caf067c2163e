import { describe, expect, it } from 'vitest';
import { searchHitori } from '../src/encode.js';
import { fillPattern, type Pattern } from '../src/fill.js';
import { parsePuzzleText } from '../src/formats/detect.js';
import { CdclSolver } from '../src/sat/cdcl.js';

function pattern(text: string): Pattern {
  const parsed = parsePuzzleText(text, { pattern: true });
  return { width: parsed.width, height: parsed.height, labels: parsed.cells };
}

/** The fill's promise: equal labels in a line equal, every other pair in a line different, numbers 1..n. */
function checkFilling(p: Pattern, numbers: number[]): void {
  const n = Math.max(p.width, p.height);
  const lines: number[][] = [];
  for (let y = 0; y < p.height; y++) lines.push(Array.from({ length: p.width }, (_, x) => y * p.width + x));
  for (let x = 0; x < p.width; x++) lines.push(Array.from({ length: p.height }, (_, y) => y * p.width + x));
  const faults: string[] = [];
  for (const cells of lines) {
    for (const a of cells) {
      if (p.labels[a] === -1) {
        if (numbers[a] !== 0) faults.push(`blank ${a} holds ${numbers[a]}`);
        continue;
      }
      if (!(numbers[a]! >= 1 && numbers[a]! <= n)) faults.push(`${a} holds ${numbers[a]}`);
      for (const b of cells) {
        if (a === b || p.labels[b] === -1) continue;
        const sameLabel = p.labels[a]! > 0 && p.labels[a] === p.labels[b];
        if ((numbers[a] === numbers[b]) !== sameLabel) faults.push(`${a} and ${b}`);
      }
    }
  }
  expect(faults).toEqual([]);
}

// A designer's 6x6 pattern in the seed's PencilBox form: equal labels mark the cells to shade
// against, 0 everything else.
const DESIGN = `6
6
1 0 0 1 0 0
0 2 0 0 0 2
0 0 3 0 3 0
4 0 0 0 0 0
0 0 5 0 0 5
0 4 0 0 0 0
`;

describe('--fill: numbering a designer pattern', () => {
  it('fills a fillable pattern so the labels hold and nothing else repeats', () => {
    const p = pattern(DESIGN);
    const result = fillPattern(p, () => new CdclSolver());
    expect(result.ok).toBe(true);
    if (result.ok) checkFilling(p, result.numbers);
  });

  it('keeps blank cells blank and joins equal labels through rows and columns', () => {
    const p = pattern('3\n3\n7 7 .\n0 7 0\n0 0 0\n');
    const result = fillPattern(p, () => new CdclSolver());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    checkFilling(p, result.numbers);
    // (0,0)=(0,1) through row 1 and (0,1)=(1,1) through column 2.
    expect(result.numbers[0]).toBe(result.numbers[4]);
  });

  it('explains by counting when a shared number has too few free columns (a pigeonhole SAT alone cannot prove fast)', () => {
    // The two 1s of row 1 share a number that rows 2 and 3 both need, and only column 2 can hold it.
    const small = fillPattern(pattern('3\n3\n1 0 1\n0 0 0\n0 0 0\n'), () => new CdclSolver());
    expect(small).toEqual({
      ok: false,
      rows: [2, 3],
      columns: [2],
      message: 'the number of the 1s at r1c1, r1c3 must appear in rows 2 and 3, but only column 2 is free to hold it',
    });
    const labels = new Array<number>(30 * 30).fill(0);
    labels[0] = 7;
    labels[2 * 30] = 7;
    const big = fillPattern({ width: 30, height: 30, labels }, () => new CdclSolver());
    expect(big).toMatchObject({
      ok: false,
      message: 'the number of the 7s at r1c1, r3c1 must appear in columns 2-30, but only rows 2 and 4-30 are free to hold it',
    });
  });

  it('names a smallest set of rows and columns at fault when counting does not explain it', () => {
    // X = the 1s of row 1, Y = the 3s of row 4, Z = the 2s of row 2: row 3 puts X in column 2, then
    // column 3 forces Z into row 3, column 4 gets Y from row 3 and again from row 2.
    const result = fillPattern(pattern('4\n4\n1 0 1 1\n2 2 0 0\n0 0 0 0\n3 0 3 0\n'), () => new CdclSolver());
    expect(result).toEqual({ ok: false, rows: [2, 3], columns: [1, 3, 4] });
  });

  it('a search that runs out of budget says it decided nothing, and claims no impossibility', () => {
    // Impossible, but neither counting nor a short search shows it: the embedded solver needs about
    // a thousand conflicts for the proof.
    const hard = pattern('0 3 0 0 0 1\n0 3 2 0 0 0\n0 1 0 0 2 0\n. 1 0 3 0 .\n0 2 1 0 0 3\n3 2 0 0 0 0\n');
    const result = fillPattern(hard, () => new CdclSolver(), { maxConflicts: 100 });
    expect(result).toEqual({
      ok: false,
      rows: [],
      columns: [],
      undecided: true,
      message: 'no filling found: the search gave up after 100 conflicts without deciding, so a filling may still exist',
    });
    const decided = fillPattern(hard, () => new CdclSolver());
    expect(decided).toMatchObject({ ok: false });
    expect(decided).not.toHaveProperty('undecided');
  });

  it('fills every all-free pattern, square or not, at sizes where SAT alone gave up (28x28) or took minutes (100x100)', () => {
    for (const [width, height] of [
      [28, 28],
      [100, 100],
      [7, 31],
      [40, 9],
    ] as const) {
      const p = { width, height, labels: new Array<number>(width * height).fill(0) };
      const result = fillPattern(p, () => new CdclSolver());
      expect(result.ok).toBe(true);
      if (result.ok) checkFilling(p, result.numbers);
    }
  });

  it('the Hitori uniqueness of a design does not depend on which filling is found', () => {
    const p = pattern(DESIGN);
    const result = fillPattern(p, () => new CdclSolver());
    if (!result.ok) throw new Error('not fillable');
    const found = searchHitori({ width: 6, height: 6, numbers: result.numbers }, new CdclSolver(), { maxSolutions: 10 });
    const relabelled = result.numbers.map((n) => (n % 6) + 1);
    const again = searchHitori({ width: 6, height: 6, numbers: relabelled }, new CdclSolver(), { maxSolutions: 10 });
    expect(found.solutions.length).toBeGreaterThan(0);
    expect(again.solutions.length).toBe(found.solutions.length);
  });
});
