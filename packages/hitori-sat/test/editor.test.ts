import { parseOptions, solveAll } from '@kit/core/host';
import { describe, expect, it } from 'vitest';
import { output, patternEditor, puzzleEditor, samples } from '../src/editor.js';
import { parsePencilBox } from '../src/formats/pencilbox.js';
import plugin from '../src/plugin.js';

const PUZZLE = '4 3 5 5 1\n3 4 2 1 5\n4 4 3 3 1\n5 1 1 3 2\n5 2 5 1 3\n';

async function run(sample: (typeof samples)[number]) {
  const raw = Object.fromEntries(Object.entries(sample.options ?? {}).map(([name, value]) => [name, name === 'fill' ? { name, text: String(value) } : value]));
  const instance = plugin.parse(parseOptions(plugin.options, raw), sample.input !== undefined ? { name: 'input', text: sample.input } : undefined);
  const { solutions, done } = await solveAll(plugin, instance);
  return { instance, solutions, summary: done.summary };
}

describe('the puzzle editor', () => {
  it('reads any input format into numbers and writes the plain grid back', () => {
    const grid = puzzleEditor.fromText(PUZZLE, 'p.txt');
    expect(grid[0]).toEqual(['4', '3', '5', '5', '1']);
    expect(puzzleEditor.toText(grid)).toBe(PUZZLE);
    expect(puzzleEditor.fromText('https://puzz.link/p?hitori/2/2/1.21')).toEqual([
      ['1', '.'],
      ['2', '1'],
    ]);
  });

  it('shares a puzzle as a puzz.link body that reads back to the same grid', () => {
    const grid = puzzleEditor.fromText(PUZZLE);
    expect(puzzleEditor.share!.encode(grid)).toBe('hitori/5/5/4355134215443315113252513');
    expect(puzzleEditor.share!.decode('hitori/5/5/4355134215443315113252513')).toEqual(grid);
    expect(() => puzzleEditor.share!.decode('hitori/5/5/zz')).toThrow('the URL describes 2 of the 25 cells of a 5x5 board');
  });
});

describe("the designer's pattern editor", () => {
  it('keeps free cells, blanks and labels, and writes 0 for a free cell', () => {
    const grid = patternEditor.fromText('1 0 .\n0 1 0\n');
    expect(grid).toEqual([
      ['1', 'f', '.'],
      ['f', '1', 'f'],
    ]);
    expect(patternEditor.toText(grid)).toBe('1 0 .\n0 1 0\n');
  });
});

describe('named examples and the download', () => {
  it('run to the verdicts their titles promise', async () => {
    const verdicts: Record<string, string> = {};
    for (const sample of samples) {
      const { summary, instance } = await run(sample);
      verdicts[sample.name] = plugin.summarize!(summary, instance).split('\n').at(-1)!;
    }
    expect(verdicts).toEqual({
      'unique-5x5': '5x5: unique solution',
      'puzz-link-8x8': '8x8: unique solution',
      'not-unique': '4x4: 2 solutions (not unique)',
      fill: '6x6: filled, the design has a unique solution',
      'fill-not-unique': '6x6: filled, the design is not unique',
      generate: '7x7: generated with seed 7, unique solution',
    });
  });

  it("offers what -o would write: the solved puzzle as PencilBox with the first solution's answer", async () => {
    const solved = await run(samples[0]!);
    const file = output({ summary: solved.summary, instance: solved.instance, solutions: solved.solutions })!;
    expect(file.name).toBe('puzzle.txt');
    const parsed = parsePencilBox(file.text, false);
    expect(parsed.cells.join(' ')).toBe(samples[0]!.input!.trim().split(/\s+/).join(' '));
    expect(parsed.answer!.map((mark) => (mark ? '#' : '.')).join('')).toBe(solved.solutions[0]!.shaded!.join(''));
    const generated = await run(samples.find((sample) => sample.name === 'generate')!);
    const puzzle = output({ summary: generated.summary, instance: generated.instance, solutions: generated.solutions })!;
    expect(parsePencilBox(puzzle.text, false)).toMatchObject({ width: 7, height: 7, cells: generated.solutions[0]!.numbers.flat() });
    expect(parsePencilBox(puzzle.text, false).answer).toBeUndefined();
    expect(puzzle.note).toBeUndefined();
  });

  it('says so with the download when a filled design is not unique', async () => {
    const unique = await run(samples.find((sample) => sample.name === 'fill')!);
    expect(output({ summary: unique.summary, instance: unique.instance, solutions: unique.solutions })!.note).toBeUndefined();
    const filled = await run(samples.find((sample) => sample.name === 'fill-not-unique')!);
    expect(filled.summary.unique).toBe(false);
    const file = output({ summary: filled.summary, instance: filled.instance, solutions: filled.solutions })!;
    expect(file.note).toBe('the design is not unique: this puzzle has more than one solution');
    expect(parsePencilBox(file.text, false)).toMatchObject({ width: 6, height: 6, cells: filled.solutions[0]!.numbers.flat() });
  });
});
