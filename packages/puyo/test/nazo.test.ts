import { AbortedError, solveAll, solveInProcess, type SolveEvent } from '@kit/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type NazoSolution, type PuyoField, cellIndex, fieldFromGrid, gridFromField, parseField, parseInstance, plugin,
  simulate, ROWS,
} from '../src/index.js';

const instance = (field: string, pairs: string, goal: string) =>
  parseInstance({ nazo: true, pairs, goal }, { name: 'puzzle.txt', text: field });

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
      solutions: 4, tries: 22, goal: 'chains>=2', best: 'GY 2up', chains: 2, score: 360, cleared: 8, allClear: false, garbage: 5,
    });
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
      'RR 1up', 'RR 2up', 'RR 3up', 'RR 4up', 'RR 1right', 'RR 2right', 'RR 3right', 'RR 4right',
    ]);
    expect(done.summary).toMatchObject({ solutions: 8, tries: 11, score: 100, allClear: true });
  });

  it('clear-colour goals: every B gone', async () => {
    const { solutions } = await solveAll(plugin, instance('BBB...\nRRRY..', 'BY', 'clear-colour=B'));
    expect((solutions as NazoSolution[]).map((s) => s.notation)).toEqual([
      'BY 1up', 'BY 2up', 'BY 3up', 'BY 4up', 'BY 1right', 'BY 2right', 'BY 3right', 'BY 4right', 'BY 2left', 'BY 3left', 'BY 4left',
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
    expect(done.summary.solutions).toBe(bruteForce(parseField(field), pairs, 2));
    expect(done.summary.solutions).toBeGreaterThan(0);
  });

  it('agrees with the brute force on random small puzzles', async () => {
    const puzzle = fc.record({
      columns: fc.array(fc.array(fc.constantFrom('R', 'G', 'B', 'Y'), { maxLength: 5 }), { minLength: 6, maxLength: 6 }),
      pairs: fc.array(fc.tuple(fc.constantFrom('R', 'G', 'B', 'Y'), fc.constantFrom('R', 'G', 'B', 'Y')).map(([a, b]) => a + b), { minLength: 2, maxLength: 2 }),
      goal: fc.constantFrom('chains>=1', 'chains>=2', 'all-clear'),
    });
    let solved = 0;
    await fc.assert(
      fc.asyncProperty(puzzle, async ({ columns, pairs, goal }) => {
        const rows = Array.from({ length: 5 }, (_, i) => columns.map((column) => column[4 - i] ?? '.').join(''));
        const text = rows.join('\n');
        const { done } = await solveAll(plugin, instance(text, pairs.join(','), goal), { wantSolutions: false });
        const expected = goal === 'all-clear' ? bruteForce(parseField(text), pairs, 0, true) : bruteForce(parseField(text), pairs, Number(goal.slice(8)));
        expect(done.summary.solutions).toBe(expected);
        if (expected > 0) solved++;
      }),
      { numRuns: 40 },
    );
    expect(solved).toBeGreaterThan(5);
  });

  it('rejects bad puzzles', () => {
    const bad = (options: Record<string, string | boolean>) => () => parseInstance(options, { name: 'p.txt', text: 'R' });
    expect(bad({ nazo: true, pairs: 'RX', goal: 'all-clear' })).toThrow('--pairs: "RX" is not a pair: each pair is two colours from R G B Y P (e.g. RG,BY,RR)');
    expect(bad({ nazo: true, pairs: 'RG', goal: 'win' })).toThrow('--goal must be chains>=N, all-clear or clear-colour=R (got "win")');
    expect(bad({ nazo: true, goal: 'all-clear' })).toThrow('--nazo needs --pairs, e.g. --pairs RG,BY,RR');
    expect(bad({ nazo: true, pairs: 'RG' })).toThrow('--nazo needs --goal: chains>=N, all-clear or clear-colour=R');
    expect(bad({ pairs: 'RG' })).toThrow('--pairs and --goal belong to a chain puzzle: add --nazo');
  });
});

/** Every sequence, placed cell by cell on the plain grid and simulated by the reference simulator. */
function bruteForce(start: PuyoField, pairs: string[], minChains: number, allClear = false): number {
  const placements: [number, number][] = [];
  for (let x = 0; x < 6; x++) placements.push([x, 0], [x, 2]);
  for (let x = 0; x < 5; x++) placements.push([x, 1]);
  for (let x = 1; x < 6; x++) placements.push([x, 3]);
  const heightOf = (grid: Uint8Array, x: number) => {
    let h = 0;
    while (h < ROWS - 1 && grid[cellIndex(x, h + 1)]) h++;
    return h;
  };
  const codes = '.RGBYP';
  let count = 0;
  const visit = (field: PuyoField, level: number) => {
    const pair = pairs[level]!;
    const seen = new Set<string>();
    for (const [x, rotation] of placements) {
      const grid = gridFromField(field);
      const axis = codes.indexOf(pair[0]!);
      const child = codes.indexOf(pair[1]!);
      const childX = rotation === 1 ? x + 1 : rotation === 3 ? x - 1 : x;
      const drops: [number, number][] = rotation === 2 ? [[childX, child], [x, axis]] : [[x, axis], [childX, child]];
      let legal = true;
      for (const [col, code] of drops) {
        const h = heightOf(grid, col);
        if (h + 1 > ROWS - 1) legal = false;
        else grid[cellIndex(col, h + 1)] = code;
      }
      if (!legal) continue;
      // A one-colour pair: placements that leave the same field are one placement.
      const key = fieldFromGrid(grid).rows.join('/');
      if (pair[0] === pair[1] && seen.has(key)) continue;
      seen.add(key);
      const result = simulate(fieldFromGrid(grid));
      if (allClear ? result.allClear : result.chains >= minChains) count++;
      else if (level + 1 < pairs.length) visit(result.field, level + 1);
    }
  };
  visit(simulate(start).field, 0);
  return count;
}

describe('chain puzzle progress', () => {
  it('reports progress with the placements tried when someone watches', async () => {
    const events: SolveEvent[] = [];
    await solveInProcess(plugin, instance('......', 'RG,BY,RG', 'chains>=1'), {
      wantProgress: true,
      progressIntervalMs: 0,
      onEvent: (e) => events.push(e),
    });
    const progress = events.filter((e) => e.type === 'progress') as Extract<SolveEvent, { type: 'progress' }>[];
    expect(progress.map((e) => e.counters.tries)).toEqual([1024, 2048, 3072, 4096, 5120, 6144, 7168, 8192, 9216, 10240]);
    expect((progress[0]!.state as { rows: string[] }).rows).toHaveLength(14);
  });
});
