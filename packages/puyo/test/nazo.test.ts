import { type SolveEvent, AbortedError, solveAll, solveInProcess } from '@kit/core/host';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bruteNazo } from './brute-nazo.js';
import { type NazoSolution, parseField, plugin, simulate } from '../src/index.js';
import { parseInstance } from '../src/plugin.js';

const instance = (field: string, pairs: string, goal: string, all = true) =>
  parseInstance({ nazo: true, pairs, goal, all }, { name: 'puzzle.txt', text: field });

// Three G stand in column 1 under an R; G must touch them (column 2, rows 2-3) to pop,
// and the R then drops onto the floor beside R R R for a second chain.
const TWO_CHAIN = 'R.....\nG.....\nG.....\nGRRR..';

describe('chain puzzle solver', () => {
  it('finds every placement of GY that makes a 2-chain', async () => {
    const { solutions, done } = await solveAll(plugin, instance(TWO_CHAIN, 'GY', 'chains>=2'));
    const found = solutions as NazoSolution[];
    expect(found.map((s) => s.notation)).toEqual(['GY 2up', 'GY 2right', 'GY 2down', 'GY 2left']);
    expect(found.every((s) => s.chains === 2 && s.score === 360 && !s.allClear)).toBe(true);
    expect(found[0]!.moves).toEqual([{ pair: 'GY', column: 2, rotation: 'up' }]);
    expect(done.summary).toMatchObject({
      solutions: 4,
      tries: 22,
      goal: 'chains>=2',
      best: 'GY 2up',
      chains: 2,
      score: 360,
      cleared: 8,
      allClear: false,
      garbage: 5,
      // The field, pair GY (Y x 12 + G x 2 = 38, "C") with no placement ("1") or 2up ("2"), 2 chains or more ("v02").
      link: 'https://puyop.com/s/800g00g00h90_C1__v02',
      answerLink: 'https://puyop.com/s/800g00g00h90_C2__v02',
    });
  });

  it('without --all only the best answer is reported: fewest pairs, then most points, then search order', async () => {
    const { solutions, done } = await solveAll(plugin, instance(TWO_CHAIN, 'GY,GY', 'chains>=2', false));
    expect(done.summary.solutions).toBe(bruteNazo(parseField(TWO_CHAIN), ['GY', 'GY'], 'chains>=2').length);
    expect(done.summary.solutions).toBe(74);
    expect((solutions as NazoSolution[]).map((s) => s.notation)).toEqual(['GY 2up']);
  });

  it('a solution draws as the field it leaves, titled with its number and moves', async () => {
    const { solutions } = await solveAll(plugin, instance(TWO_CHAIN, 'GY', 'chains>=2'));
    const first = solutions[0] as NazoSolution;
    expect(first.rows.slice(-2)).toEqual(['......', '.Y....']);
    const frame = plugin.view(first, { index: 1 });
    expect(frame.title).toBe('No. 1: GY 2up');
    expect(frame.cells[14 * 6 + 1]).toEqual({ fill: 'yellow' });
  });

  it('reports no solution cleanly', async () => {
    const { solutions, done } = await solveAll(plugin, instance(TWO_CHAIN, 'GY', 'chains>=3'));
    expect(solutions).toEqual([]);
    expect(done.summary).toMatchObject({ solutions: 0, tries: 22, best: null, chains: 0, score: 0 });
    expect(plugin.summarize!(done.summary, undefined as never)).toBe('no solution (goal chains>=3, 22 placements tried)');
  });

  it('a one-colour pair counts each distinct placement once', async () => {
    const { solutions, done } = await solveAll(plugin, instance('RRR...', 'RR', 'all-clear'));
    expect((solutions as NazoSolution[]).map((s) => s.notation)).toEqual([
      'RR 1up',
      'RR 2up',
      'RR 3up',
      'RR 4up',
      'RR 1right',
      'RR 2right',
      'RR 3right',
      'RR 4right',
    ]);
    expect(done.summary).toMatchObject({ solutions: 8, tries: 11, score: 100, allClear: true });
  });

  it('clear-colour goals: every B gone', async () => {
    const { solutions } = await solveAll(plugin, instance('BBB...\nRRRY..', 'BY', 'clear-colour=B'));
    expect((solutions as NazoSolution[]).map((s) => s.notation)).toEqual([
      'BY 1up',
      'BY 2up',
      'BY 3up',
      'BY 4up',
      'BY 1right',
      'BY 2right',
      'BY 3right',
      'BY 4right',
      'BY 2left',
      'BY 3left',
      'BY 4left',
    ]);
  });

  it('animates the best answer move by move', async () => {
    const events: SolveEvent[] = [];
    await solveInProcess(plugin, instance(TWO_CHAIN, 'GY', 'chains>=2'), { onEvent: (e) => events.push(e) });
    const steps = events.filter((e) => e.type === 'step').map((e) => (e as { data?: { kind?: string } }).data?.kind);
    expect(steps).toEqual(['start', 'place', 'pop', 'gravity', 'pop', 'gravity']);
  });

  it('honours --limit', async () => {
    const { solutions, done } = await solveAll(plugin, instance(TWO_CHAIN, 'GY', 'chains>=2'), { limit: 2 });
    expect(solutions).toHaveLength(2);
    expect(done.summary.solutions).toBe(2);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    let seen = 0;
    const run = solveInProcess(plugin, instance('......', 'RR,RR,GG,GG', 'chains>=1'), {
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'solution') {
          seen++;
          controller.abort();
        }
      },
    });
    await expect(run).rejects.toBeInstanceOf(AbortedError);
    expect(seen).toBe(1);
  });

  it('agrees with a plain brute force over two pairs', async () => {
    const field = TWO_CHAIN;
    const pairs = ['YY', 'GB'];
    const { done } = await solveAll(plugin, instance(field, pairs.join(','), 'chains>=2'), { wantSolutions: false });
    expect(done.summary.solutions).toBe(bruteNazo(parseField(field), pairs, 'chains>=2').length);
    expect(done.summary.solutions).toBeGreaterThan(0);
  });

  it('agrees with the independent enumerator on random puzzles of every goal kind, tall columns included', async () => {
    const colour = fc.constantFrom('R', 'G', 'B', 'Y', 'O');
    const puzzle = fc.record({
      // Tall columns (up to 13) make the movement rules and game over matter.
      columns: fc.array(fc.oneof(fc.array(colour, { maxLength: 4 }), fc.array(colour, { minLength: 10, maxLength: 13 })), { minLength: 6, maxLength: 6 }),
      pairs: fc.array(
        fc.tuple(fc.constantFrom('R', 'G', 'B', 'Y'), fc.constantFrom('R', 'G', 'B', 'Y')).map(([a, b]) => a + b),
        { minLength: 1, maxLength: 2 },
      ),
      goal: fc.oneof(
        fc
          .tuple(fc.constantFrom('chains', 'colours', 'total-colours'), fc.constantFrom('=', '>='), fc.integer({ min: 1, max: 3 }))
          .map(([k, o, n]) => `${k}${o}${n}`),
        fc
          .tuple(
            fc.constantFrom('puyos', 'groups', 'connected', 'total-puyos'),
            fc.constantFrom('', ':R', ':G', ':colours'),
            fc.constantFrom('=', '>='),
            fc.integer({ min: 1, max: 7 }),
          )
          .map(([k, c, o, n]) => `${k}${c}${o}${k === 'groups' ? Math.min(n, 2) : n + 3}`),
        fc.constantFrom('clear', 'clear:R', 'clear:O', 'clear:colours', 'chains=1+clear:G', 'chains>=1+clear', 'puyos:O>=1'),
      ),
    });
    let solved = 0;
    let none = 0;
    await fc.assert(
      fc.asyncProperty(puzzle, async ({ columns, pairs, goal }) => {
        const rows = Array.from({ length: 13 }, (_, i) => columns.map((column) => column[12 - i] ?? '.').join(''));
        const text = rows.join('\n');
        const field = parseField(text);
        if (simulate(field).field.rows[2]![2] !== '.') return; // game over before the first pair: refused
        const { solutions } = await solveAll(plugin, instance(text, pairs.join(','), goal));
        const expected = bruteNazo(field, pairs, goal);
        expect((solutions as NazoSolution[]).map((s) => s.notation)).toEqual(expected);
        if (expected.length > 0) solved++;
        else none++;
      }),
      { numRuns: 300 },
    );
    expect(solved).toBeGreaterThan(20);
    expect(none).toBeGreaterThan(20);
  });

  it('rejects bad puzzles', () => {
    const bad = (options: Record<string, string | boolean>) => () => parseInstance(options, { name: 'p.txt', text: 'R' });
    expect(bad({ nazo: true, pairs: 'RX', goal: 'all-clear' })).toThrow('--pairs: "RX" is not a pair: each pair is two colours from R G B Y P (e.g. RG,BY,RR)');
    expect(bad({ nazo: true, pairs: 'RG', goal: 'win' })).toThrow(
      '--goal: "win" is not a goal: KIND=N or KIND>=N (chains, colours, total-colours; puyos, groups, connected, total-puyos with :COLOUR), clear[:COLOUR] or all-clear, or chains=N+clear[:COLOUR]; COLOUR is R G B Y P, O (garbage), colours or all',
    );
    expect(bad({ nazo: true, pairs: 'RG', goal: 'chains=0' })).toThrow('--goal: n is from 1 to 63 (got 0 in "chains=0")');
    expect(bad({ nazo: true, pairs: 'RG', goal: 'chains:R=2' })).toThrow('--goal: chains takes no colour (got "chains:R=2")');
    expect(bad({ nazo: true, pairs: 'RG', goal: 'connected:O>=4' })).toThrow('--goal: garbage does not form groups (got "connected:O>=4")');
    expect(bad({ nazo: true, pairs: 'RG', goal: 'puyos=4+clear' })).toThrow(
      '--goal: clear can only be added to a chains goal, as nazo puyo links allow (got "puyos=4+clear")',
    );
    expect(bad({ nazo: true, goal: 'all-clear' })).toThrow(
      '--nazo needs --pairs (e.g. --pairs RG,BY,RR) or a nazo link with pairs (https://puyop.com/s/FIELD_PAIRS__GOAL)',
    );
    expect(bad({ nazo: true, pairs: 'RG' })).toThrow(
      '--nazo needs --goal (e.g. chains=2, chains>=3, clear:R, all-clear) or a nazo link with a goal (..._PAIRS__u02)',
    );
    expect(bad({ pairs: 'RG' })).toThrow('--pairs, --goal and --all belong to a chain puzzle: add --nazo');
  });
});

describe('chain puzzle progress', () => {
  it('reports progress with the placements tried when someone watches', async () => {
    const events: SolveEvent[] = [];
    // Four of each colour (field and pairs) but none can ever touch: no chain, and no bound cuts
    // chains>=1, so every one of the 22^3 placements is tried.
    await solveInProcess(plugin, instance('YGYRYR\nBRBGBY', 'RG,BY,RG', 'chains>=1'), {
      wantProgress: true,
      progressIntervalMs: 0,
      onEvent: (e) => events.push(e),
    });
    const progress = events.filter((e) => e.type === 'progress') as Extract<SolveEvent, { type: 'progress' }>[];
    expect(progress.map((e) => e.counters.tries)).toEqual([1024, 2048, 3072, 4096, 5120, 6144, 7168, 8192, 9216, 10240]);
    expect((progress[0]!.state as { rows: string[] }).rows).toHaveLength(14);
  });
});
