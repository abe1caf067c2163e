// The chain-puzzle generator and grader, called as hosts call them (plugin.solver(), then generate and
// grade; plugin.parse on what was made). Every made puzzle's answers are enumerated by own-nazo.ts,
// which shares no code with the plugin, and by the kit's own search: both must find the one answer.
import { InputError, type ParsedOptions, type Solver } from '@kit/core';
import { generatedHeader, type GeneratedPuzzle, type GenerateRequest, type Grade } from '@kit/core/make';
import { parseOptions, solveAll } from '@kit/core/host';
import { beforeAll, describe, expect, it } from 'vitest';
import { type NazoSolution, type PuyoInstance, type PuyoState, plugin } from '../src/index.js';
import { parseInstance } from '../src/plugin.js';
import { MAX_TRIES, generateNazo } from '../src/nazo-generate.js';
import { type OwnGoal, ownAnswers } from './own-nazo.js';

let solver: Solver<PuyoInstance, unknown, PuyoState>;
beforeAll(async () => {
  solver = await plugin.solver();
});

const generator = plugin.generator!;
const parameters = (raw: Record<string, string>): ParsedOptions => parseOptions(generator.parameters ?? [], raw);
const make = (seed: number, difficulty: string, raw: Record<string, string> = {}): GeneratedPuzzle =>
  solver.generate!({ seed, difficulty, parameters: parameters(raw) }, {}) as GeneratedPuzzle;
const defaults = parseOptions(plugin.options, {});
/** The made puzzle as `kit run puyo FILE` reads the file `kit generate` wrote. */
const readBack = (puzzle: GeneratedPuzzle, seed: number): PuyoInstance =>
  parseInstance(defaults, { name: 'made.txt', text: `${generatedHeader('puyo', puzzle, seed)}\n${puzzle.input}` });

/** The one-line message a host prints for what `fn` throws. */
function lineOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as InputError).format();
  }
  throw new Error('no error');
}

function ownGoalOf(instance: PuyoInstance): OwnGoal {
  const { goal } = instance;
  if (goal?.main === undefined) return { kind: 'clear' };
  return { kind: 'chains', n: goal.main.n, exact: goal.main.exact };
}

/** The puzzle's answers by the independent enumerator and by the kit's search (plugin.solve --all). */
async function answersOf(instance: PuyoInstance): Promise<{ own: string[]; kit: string[] }> {
  const lines = instance.field.rows.slice(1);
  const pairs = instance.pairs!.map((pair) => pair.axis + pair.child);
  const own = ownAnswers(lines, pairs, ownGoalOf(instance));
  const { solutions } = await solveAll(plugin, { ...instance, all: true });
  return { own, kit: (solutions as NazoSolution[]).map((s) => s.notation) };
}

/** Checks a made puzzle: read back, one answer placing every pair by both enumerators, its link. */
async function checkMade(seed: number, difficulty: string, raw: Record<string, string>, pairs: number, goal: string) {
  const puzzle = make(seed, difficulty, raw);
  expect(puzzle.difficulty).toBe(difficulty);
  expect(puzzle.size).toBe('6x12');
  const instance = readBack(puzzle, seed);
  expect(instance.mode).toBe('nazo');
  expect(instance.pairs).toHaveLength(pairs);
  expect(puzzle.input).toContain(`\ngoal: ${goal}\n`);
  const { own, kit } = await answersOf(instance);
  expect(own).toHaveLength(1);
  expect(kit).toEqual(own);
  expect(own[0]!.split(', ')).toHaveLength(pairs);
  // The puyop.com link is the same puzzle.
  const linked = parseInstance({ ...defaults, nazo: true, url: puzzle.formats!.puyop! });
  expect({ field: linked.field, pairs: linked.pairs, goal: linked.goal }).toEqual({ field: instance.field, pairs: instance.pairs, goal: instance.goal });
  return { puzzle, instance, answer: own[0]! };
}

describe('the independent enumerator', () => {
  it("finds the issue puzzle's answers as the kit's hand-checked tests count them (nazo-goals.test.ts)", () => {
    const field = parseInstance({ ...defaults, nazo: true, url: 'https://puyop.com/s/x00900z00A40j1gr29h1hi9i_c1c1__u02' }).field.rows.slice(1);
    expect(ownAnswers(field, ['RG', 'RG'], { kind: 'chains', n: 2, exact: true }).sort()).toEqual(['RG 6left, RG 2right', 'RG 6up, RG 2right']);
    expect(ownAnswers(field, ['RG', 'RG'], { kind: 'chains', n: 2, exact: false })).toHaveLength(104);
    expect(ownAnswers(['RRR...'], ['RR'], { kind: 'clear' })).toEqual([
      'RR 1up',
      'RR 2up',
      'RR 3up',
      'RR 4up',
      'RR 1right',
      'RR 2right',
      'RR 3right',
      'RR 4right',
    ]);
  });
});

describe('the generator as declared', () => {
  it('levels, parameters and emits the core checks', () => {
    expect(generator.levels).toEqual(['easy', 'medium', 'hard']);
    expect(generator.parameters!.map((p) => p.name)).toEqual(['goal', 'chains', 'pairs']);
    expect(generator.emits).toEqual(['puyop']);
    expect(plugin.grader!.levels).toEqual(generator.levels);
  });
});

describe('determinism', () => {
  it('the same request twice gives the same bytes; the next seed another puzzle', () => {
    for (const [difficulty, raw] of [
      ['easy', {}],
      ['medium', {}],
      ['easy', { goal: 'clear' }],
      ['hard', {}],
    ] as const) {
      const first = make(7, difficulty, raw);
      expect(JSON.stringify(make(7, difficulty, raw))).toBe(JSON.stringify(first));
      expect(make(8, difficulty, raw).input).not.toBe(first.input);
    }
  });

  it('a fixed seed gives the same puzzle as when this test was written (the same on every machine)', () => {
    expect(make(5, 'medium').formats!.puyop).toBe('https://puyop.com/s/w00800h00a01i13_c161G1__u03');
  });
});

describe('every made puzzle has exactly one answer, placing every pair, by an independent enumerator', () => {
  it('easy, chains=2 (2 pairs): seeds 1 to 30', async () => {
    for (let seed = 1; seed <= 30; seed++) await checkMade(seed, 'easy', {}, 2, 'chains=2');
  });

  it('easy, chains>=2 and all clear (2 pairs), 1 pair: seeds 1 to 12', async () => {
    for (let seed = 1; seed <= 12; seed++) {
      await checkMade(seed, 'easy', { goal: 'chains-or-more' }, 2, 'chains>=2');
      await checkMade(seed, 'easy', { goal: 'clear' }, 2, 'clear');
      await checkMade(seed, 'easy', { pairs: '1', chains: '2' }, 1, 'chains=2');
    }
  });

  it('medium and hard, chains=3 and all clear (3 pairs): seeds 1 to 3', async () => {
    for (let seed = 1; seed <= 3; seed++) {
      await checkMade(seed, 'medium', {}, 3, 'chains=3');
      await checkMade(seed, 'hard', {}, 3, 'chains=3');
      await checkMade(seed, 'medium', { goal: 'clear' }, 3, 'clear');
    }
  }, 180_000);
});

describe('reading a made puzzle back', () => {
  it("the file carries its pairs and goal; the header is skipped and line numbers stay the file's", () => {
    const puzzle = make(3, 'easy');
    const instance = readBack(puzzle, 3);
    expect(instance).toMatchObject({ mode: 'nazo', all: false });
    const lines = puzzle.input.split('\n');
    expect(lines).toHaveLength(13 + 2 + 1);
    expect(lines[13]).toMatch(/^pairs: [RGBYP]{2},[RGBYP]{2}$/);
    // Flags still win over the file, as they do over a link.
    expect(parseInstance({ ...defaults, goal: 'chains>=1' }, { name: 'made.txt', text: puzzle.input }).goal).toEqual({
      main: { kind: 'chains', colour: 'all', n: 1, exact: false },
    });
    const header = '# puyo 6x12 easy 3\n';
    const read = (text: string) => lineOf(() => parseInstance(defaults, { name: 'p.txt', text: header + text }));
    expect(read('......\nRRX...\npairs: RG\ngoal: chains=2\n')).toBe(
      'p.txt:3:3: unexpected "X": a cell is R, G, B, Y, P, O (garbage), or a space or . (empty)',
    );
    expect(read('RR....\npairs: RQ\ngoal: chains=2\n')).toBe('p.txt:3: pairs: "RQ" is not a pair: each pair is two colours from R G B Y P (e.g. RG,BY,RR)');
    expect(read('RR....\npairs: RG\ngoal: chains=\n')).toMatch(/^p\.txt:4: goal: "chains=" is not a goal: /);
    expect(read('RR....\npairs: RG\npairs: RG\n')).toBe('p.txt:4: a second pairs: line');
    expect(read('RR....\npairs: RG\n')).toBe('--nazo needs --goal (e.g. chains=2, chains>=3, clear:R, all-clear) or a nazo link with a goal (..._PAIRS__u02)');
    // A plain field file is still a replay, header or not.
    expect(parseInstance(defaults, { name: 'f.txt', text: `${header}RR....\n` })).toMatchObject({ mode: 'replay' });
  });
});

describe('bad parameters: one line each', () => {
  const request = (difficulty: string, raw: Record<string, string>): GenerateRequest => ({ seed: 1, difficulty, parameters: parameters(raw) });
  const refused = (difficulty: string, raw: Record<string, string>) => lineOf(() => solver.generate!(request(difficulty, raw), {}));
  it('gives the page a form: the field its editor reads, the pairs and goal as options, the same puzzle as the file', () => {
    const editor = plugin.editors!.find((spec) => spec.target === 'input')!;
    for (const [seed, difficulty, raw] of [
      [3, 'easy', {}],
      [4, 'easy', { goal: 'clear' }],
      [5, 'medium', {}],
    ] as const) {
      const puzzle = make(seed, difficulty, raw);
      const form = puzzle.form!;
      expect(form.options).toEqual({ nazo: true, pairs: puzzle.input.match(/^pairs: (.*)$/m)![1], goal: puzzle.input.match(/^goal: (.*)$/m)![1] });
      // The editor refuses the file's pairs: and goal: lines; it reads the form's input.
      expect(() => editor.fromText(puzzle.input, 'input')).toThrow();
      expect(() => editor.fromText(form.input!, 'input')).not.toThrow();
      const opened = parseInstance(parseOptions(plugin.options, { ...form.options }), { name: 'form.txt', text: form.input! });
      expect(opened).toEqual(readBack(puzzle, seed));
    }
  });

  it('names the parameter and what it takes', () => {
    expect(lineOf(() => parameters({ pairs: '9' }))).toBe('--pairs must be an integer from 1 to 4 (got "9")');
    expect(lineOf(() => parameters({ chains: '1' }))).toBe('--chains must be an integer from 2 to 5 (got "1")');
    expect(lineOf(() => parameters({ goal: 'chain' }))).toMatch(/^--goal must be one of chains, chains-or-more, clear/);
    expect(refused('extreme', {})).toBe('difficulty must be one of easy, medium, hard (got "extreme")');
    expect(refused('easy', { goal: 'clear', chains: '3' })).toBe('--chains goes with --goal chains or chains-or-more, not clear');
    expect(refused('easy', { pairs: '3' })).toBe('--pairs 3 makes medium or hard puzzles: easy ones have 1 or 2 pairs');
    expect(refused('medium', { pairs: '2' })).toBe('--pairs 2 makes easy puzzles: medium ones have 3 pairs');
    expect(refused('medium', { pairs: '4' })).toBe('--pairs 4 makes hard puzzles: medium ones have 3 pairs');
    expect(refused('hard', { pairs: '2' })).toBe('--pairs 2 makes easy puzzles: hard ones have 3 or 4 pairs');
    // When the tries run out (here after 3 of them; the solver's bound is MAX_TRIES), one line says so.
    expect(lineOf(() => generateNazo(request('medium', {}), {}, 3))).toBe(
      'no medium puzzle found: 3 candidates tried, none had exactly one answer placing all 3 pairs (try another --seed, fewer --chains or another goal)',
    );
    expect(MAX_TRIES).toBe(20_000);
  });

  it('stops when the host gives up', () => {
    const signal = AbortSignal.abort();
    expect(lineOf(() => solver.generate!(request('medium', {}), { signal }))).toBe('generation was stopped');
  });

  it('reports progress in candidates tried', () => {
    const seen: number[] = [];
    const puzzle = solver.generate!(request('medium', {}), { progress: (tries) => seen.push(tries) }) as GeneratedPuzzle;
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((tries, i) => tries === 16 * i + 1)).toBe(true);
    expect(puzzle.tries).toBeGreaterThanOrEqual(seen[seen.length - 1]!);
  });
});

describe('grading', () => {
  it("a made puzzle grades at its level; its steps are the answer's moves, in the cells they fill", async () => {
    for (const [seed, difficulty] of [
      [2, 'medium'],
      [2, 'hard'],
      [4, 'easy'],
    ] as const) {
      const { puzzle, instance, answer } = await checkMade(
        seed,
        difficulty,
        {},
        difficulty === 'easy' ? 2 : 3,
        difficulty === 'easy' ? 'chains=2' : 'chains=3',
      );
      const grade = (await solver.grade!(instance, {})) as Grade;
      expect(grade.level).toBe(puzzle.difficulty);
      expect(grade.size).toBe('6x12');
      const moves = answer.split(', ');
      expect(grade.steps).toHaveLength(moves.length);
      grade.steps.forEach((step, i) => {
        const [pair, place] = moves[i]!.split(' ') as [string, string];
        expect(step.text).toContain(`Place ${pair} with ${pair[0]} in column ${place[0]} and ${pair[1]} `);
        expect(step.cells).toHaveLength(2);
        expect(step.moves).toEqual([{ type: 'drop', column: Number(place[0]) - 1, rotation: ['up', 'right', 'down', 'left'].indexOf(place.slice(1)) }]);
        expect(generator.levels).toContain(step.level);
      });
      expect(grade.steps[grade.steps.length - 1]).toMatchObject({ rule: 'trigger', level: 'easy' });
      expect(grade.steps[grade.steps.length - 1]!.text).toMatch(/it sets off \d chains, and the goal \(chains=\d\) is met\.$/);
    }
  });

  it('the cells: where the puyos land on the play board (rows 14 and 13, a divider, rows 12 to 1)', async () => {
    const instance = parseInstance({ ...defaults, nazo: true, pairs: 'RR', goal: 'clear' }, { name: 'p.txt', text: 'RR....\n' });
    const grade = (await solver.grade!(instance, {})) as Grade;
    // The best answer (fewest pairs, most points, then first searched): RR 1up, in column 1 on the R of
    // row 1, so rows 2 and 3: board rows 13 and 12 (counted from 0, the divider being row 2).
    expect(grade.steps.map((s) => [s.rule, s.level, s.cells, s.text])).toEqual([
      ['trigger', 'easy', [12 * 6 + 0, 13 * 6 + 0], 'Place RR with R in column 1 and R on top of it: it sets off 1 chain, and the goal (clear) is met.'],
    ]);
  });

  it('refuses what it cannot grade, in one line', async () => {
    expect(lineOf(() => solver.grade!(parseInstance(defaults, { name: 'f.txt', text: 'RR....\n' }), {}))).toMatch(/^grading takes a chain puzzle/);
    const none = parseInstance({ ...defaults, nazo: true, pairs: 'GG', goal: 'clear' }, { name: 'p.txt', text: 'RR....\n' });
    expect(lineOf(() => solver.grade!(none, {}))).toBe('the puzzle has no answer (goal clear), so it cannot be graded');
  });
});
