import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError } from '@kit/core';
import { type SolveEvent, parseOptions, solveAll, solveInProcess, type RawOptions } from '@kit/core/host';
import { describe, expect, it } from 'vitest';
import { formatPencilBox } from '../src/formats/pencilbox.js';
import { generateHitori } from '../src/generate.js';
import plugin from '../src/plugin.js';
import { CdclSolver } from '../src/sat/cdcl.js';
import type { HitoriSolution } from '../src/instance.js';

const UNIQUE = { name: 'unique.txt', text: '4\n4\n2 4 2 2\n1 1 4 3\n4 3 1 2\n4 1 1 4\n' };
const TWO = { name: 'two.txt', text: '1 2 1 3\n3 4 3 2\n3 3 4 1\n2 1 3 1\n' };
const NONE = { name: 'none.txt', text: '1 1 1 1\n' };
const MANY = { name: 'many.txt', text: '1 . 1\n' };

async function run(raw: RawOptions, file?: { name: string; text: string }, limit?: number) {
  const instance = plugin.parse(parseOptions(plugin.options, raw), file);
  const { solutions, done } = await solveAll(plugin, instance, limit !== undefined ? { limit } : {});
  return { solutions: solutions as HitoriSolution[], summary: done.summary, line: plugin.summarize!(done.summary, instance) };
}

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'hitori-sat-test-'));
}

describe('solving through the plugin', () => {
  it('prints the shading and proves it unique', async () => {
    const { solutions, summary, line } = await run({}, UNIQUE);
    expect(solutions.map((s) => s.shaded)).toEqual([['#..#', '.#..', '....', '#.#.']]);
    expect(solutions[0]!.numbers[1]).toEqual([1, 1, 4, 3]);
    expect(summary).toMatchObject({ solutions: 1, unique: true, complete: true, board: '4x4', backend: 'cdcl' });
    expect(line).toBe('4x4: unique solution');
  });

  it('shows both solutions of a non-unique puzzle', async () => {
    const { solutions, summary, line } = await run({}, TWO);
    expect(solutions.map((s) => s.shaded!.join('/'))).toEqual(['#.../..#./#.../...#', '#..#/..#./#.../...#']);
    expect(summary).toMatchObject({ solutions: 2, unique: false, complete: true });
    expect(line).toBe('4x4: 2 solutions (not unique)');
  });

  it('reports no solution', async () => {
    const { solutions, summary, line } = await run({}, NONE);
    expect(solutions).toEqual([]);
    expect(summary).toMatchObject({ solutions: 0, unique: false });
    expect(line).toBe('4x1: no solution');
  });

  it('--limit lists up to N solutions and says when more exist', async () => {
    const three = await run({}, MANY, 3);
    expect(three.solutions.map((s) => s.shaded![0]).sort()).toEqual(['#.#', '#..', '..#']);
    expect(three.line).toBe('3x1: 3 solutions (not unique)');
    const one = await run({}, MANY, 1);
    expect(one.solutions).toHaveLength(1);
    expect(one.summary).toMatchObject({ solutions: 1, unique: false, complete: false });
    expect(one.line).toBe('3x1: 1 solution shown, more exist (not unique)');
  });

  it('--first skips the uniqueness proof (unique: null)', async () => {
    const { summary, line } = await run({ first: true }, TWO);
    expect(summary).toMatchObject({ solutions: 1, unique: null });
    expect(line).toBe('4x4: 1 solution (uniqueness not checked)');
  });

  it('reports each disconnected model as progress, with the cut and call counters', async () => {
    const { puzzle } = generateHitori(10, 10, 1, () => new CdclSolver());
    const instance = plugin.parse(parseOptions(plugin.options, {}), { name: 'g.txt', text: formatPencilBox(10, 10, puzzle.numbers) });
    const events: SolveEvent[] = [];
    await solveInProcess(plugin, instance, { wantProgress: true, progressIntervalMs: 0, onEvent: (e) => events.push(e) });
    const progress = events.filter((e) => e.type === 'progress');
    const done = events.find((e) => e.type === 'done')!;
    // Every SAT call but the last, which proves there is no other solution, returns a model.
    expect(progress.length).toBe(done.type === 'done' ? Number(done.summary.satCalls) - 1 : -1);
    expect(progress[0]).toMatchObject({ counters: { cuts: 0, satCalls: 1 } });
    expect((progress[0] as { state: HitoriSolution }).state.shaded).toHaveLength(10);
  });

  it('draws shaded and unshaded cells with the numbers as labels', () => {
    const frame = plugin.view({
      shaded: ['#.', '..'],
      numbers: [
        [1, 1],
        [0, 2],
      ],
    });
    expect(frame).toEqual({
      width: 2,
      height: 2,
      cells: [{ fill: 'shaded', label: '1' }, { fill: 'unshaded', label: '1' }, { fill: 'unshaded' }, { fill: 'unshaded', label: '2' }],
    });
  });

  it('--emit puts the puzzle text in the summary, with the answer block in PencilBox', async () => {
    const url = await run({ emit: 'puzz.link' }, UNIQUE);
    expect(url.summary.text).toBe('https://puzz.link/p?hitori/4/4/2422114343124114\n');
    expect(url.line).toBe('https://puzz.link/p?hitori/4/4/2422114343124114\n4x4: unique solution');
    const box = await run({ emit: 'pencilbox' }, UNIQUE);
    expect(box.summary.text).toBe('4\n4\n2 4 2 2\n1 1 4 3\n4 3 1 2\n4 1 1 4\n# + + #\n+ # + +\n+ + + +\n# + # +\n');
  });

  it('rejects a missing job, two jobs, --emit sugar without --fill and a bad --generate size', () => {
    const parse = (raw: RawOptions, file?: { name: string; text: string }) => () => plugin.parse(parseOptions(plugin.options, raw), file);
    expect(parse({})).toThrow(new InputError('give a puzzle file, --fill PATTERN or --generate WxH'));
    expect(parse({ generate: '5x5' }, UNIQUE)).toThrow(new InputError('give only one of a puzzle file, --generate'));
    expect(parse({ emit: 'sugar' }, UNIQUE)).toThrow("--emit sugar writes the seed's CSP for filling a pattern: use it with --fill");
    expect(parse({ generate: '5by5' })).toThrow("--generate must be a size like 10x10 (got '5by5')");
    expect(parse({ generate: '101x5' })).toThrow("--generate sides must be from 2 to 100 (got '101x5')");
    expect(parse({ generate: '100x100' })).not.toThrow();
  });
});

// The repeated numbers of a generated unique puzzle, as a designer would draw them.
const DESIGN_UNIQUE = { name: 'design.txt', text: '5\n5\n0 3 3 0 0\n5 4 0 5 4\n0 0 3 3 4\n4 4 3 0 3\n5 0 3 0 3\n' };
const DESIGN_TWO = { name: 'two.txt', text: '5\n5\n1 0 1 0 0\n0 0 0 0 0\n0 2 0 2 0\n0 0 0 0 0\n0 0 0 0 0\n' };
const DESIGN_IMPOSSIBLE = { name: 'bad.txt', text: '3\n3\n1 0 1\n0 0 0\n0 0 0\n' };

describe('--fill through the plugin', () => {
  it('fills a pattern and reports the design unique', async () => {
    const { solutions, summary, line } = await run({ fill: DESIGN_UNIQUE });
    expect(solutions).toHaveLength(1);
    const numbers = solutions[0]!.numbers;
    expect(numbers[0]![1]).toBe(numbers[0]![2]);
    // Label 4 joins (2,2), (2,5), (3,5) and, through column 2, (4,1) and (4,2).
    expect(new Set([numbers[1]![1], numbers[1]![4], numbers[2]![4], numbers[3]![0], numbers[3]![1]]).size).toBe(1);
    expect(solutions[0]!.shaded).toEqual(['..#..', '#...#', '..#..', '.#..#', '..#..']);
    expect(summary).toMatchObject({ solutions: 1, unique: true, hitoriSolutions: 1 });
    expect(line).toBe('5x5: filled, the design has a unique solution');
  });

  it('shows a second solution when the design is not unique', async () => {
    const { solutions, summary, line } = await run({ fill: DESIGN_TWO });
    expect(solutions[0]!.numbers).toHaveLength(5);
    expect(summary).toMatchObject({ solutions: 1, unique: false, hitoriSolutions: 2 });
    expect(summary.second).toHaveLength(5);
    expect(summary.second).not.toEqual(solutions[0]!.shaded);
    const lines = line.split('\n');
    expect(lines[0]).toBe('a second solution:');
    expect(lines).toHaveLength(7);
    expect(lines[6]).toBe('5x5: filled, the design is not unique');
  });

  it('says no filling exists and names the rows and columns at fault', async () => {
    const { solutions, summary, line } = await run({ fill: DESIGN_IMPOSSIBLE });
    expect(solutions).toEqual([]);
    expect(summary).toMatchObject({ solutions: 0, unique: null, faultRows: [2, 3], faultColumns: [2] });
    expect(line).toBe('3x3: no filling exists: the number of the 1s at r1c1, r1c3 must appear in rows 2 and 3, but only column 2 is free to hold it');
    const core = await run({ fill: { name: 'core.txt', text: '4\n4\n1 0 1 1\n2 2 0 0\n0 0 0 0\n3 0 3 0\n' } });
    expect(core.line).toBe('4x4: no filling exists: rows 2, 3 and columns 1, 3, 4 cannot all take different numbers from 1 to 4');
  });

  it('writes the filled puzzle with -o in PencilBox, and emits the Sugar CSP', async () => {
    const dir = tempDir();
    const out = join(dir, 'filled.txt');
    const { solutions, summary, line } = await run({ fill: DESIGN_UNIQUE, output: out });
    expect(summary.wrote).toBe(out);
    const rows = solutions[0]!.numbers.map((r) => r.join(' '));
    expect(readFileSync(out, 'utf8')).toBe(`${['5', '5', ...rows].join('\n')}\n`);
    expect(line).toBe(`5x5: filled, the design has a unique solution, wrote ${out}`);
    const sugar = await run({ fill: DESIGN_IMPOSSIBLE, emit: 'sugar' });
    expect(sugar.summary).toMatchObject({ solutions: 0 });
    const csp = await run({ fill: DESIGN_UNIQUE, emit: 'sugar' });
    expect(String(csp.summary.text).split('\n')[0]).toBe('( int a_00_00 1 5 )');
  });
});

describe('files written by the solver', () => {
  it('refuses to overwrite an existing -o file before any search, naming the file', async () => {
    const dir = tempDir();
    const out = join(dir, 'exists.txt');
    writeFileSync(out, 'keep me');
    // The backend does not exist: reaching the search would give a different error.
    await expect(run({ generate: '6x6', output: out, 'sat-solver': join(dir, 'no-such-solver') })).rejects.toThrow(
      new InputError('already exists (add --force to overwrite it)', { file: out }),
    );
    expect(readFileSync(out, 'utf8')).toBe('keep me');
    const forced = await run({ generate: '6x6', output: out, force: true });
    expect(forced.summary.wrote).toBe(out);
    expect(readFileSync(out, 'utf8')).toMatch(/^6\n6\n/);
  });

  it('refuses to overwrite an existing --dimacs file, and writes a CNF when asked', async () => {
    const dir = tempDir();
    const cnf = join(dir, 'hitori.cnf');
    writeFileSync(cnf, 'old');
    await expect(run({ dimacs: cnf }, UNIQUE)).rejects.toThrow('already exists (add --force to overwrite it)');
    const fresh = join(dir, 'fresh.cnf');
    await run({ dimacs: fresh }, UNIQUE);
    const text = readFileSync(fresh, 'utf8');
    expect(text).toMatch(/^c hitori 4x4: variable k = the k-th numbered cell in reading order is shaded\nc rules 1-2 plus \d+ connectivity cuts;/);
    const header = /^p cnf (\d+) (\d+)$/m.exec(text);
    expect(Number(header![1])).toBe(16);
    expect(
      text
        .trim()
        .split('\n')
        .filter((l) => l.endsWith(' 0')),
    ).toHaveLength(Number(header![2]));
    expect(existsSync(join(dir, 'nothing.txt'))).toBe(false);
  });

  it('generates reproducibly through the plugin', async () => {
    const a = await run({ generate: '7x7', seed: 5 });
    const b = await run({ generate: '7x7', seed: 5 });
    expect(b.solutions).toEqual(a.solutions);
    expect(a.summary).toMatchObject({ solutions: 1, unique: true, board: '7x7', seed: 5 });
    expect(a.line).toBe('7x7: generated with seed 5, unique solution');
  });
});
