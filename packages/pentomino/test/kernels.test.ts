// The WebAssembly kernel must be the JavaScript bitboard kernel's search exactly: same solutions in
// the same order, same tries, same progress ticks, same stops. The byte-board kernel must agree too.
import { seededRandom as random } from '@kit/core';
import { PENTOMINOES, type Shape } from '@kit/grid';
import { seedCounts } from './seed-counts.js';
import reference from '@kit/tooling/reference-counts.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import type { EngineSettings, Prepared, RunResult } from '../src/engine.js';
import { boardFromRows, pentominoSet, seedBoard } from '../src/index.js';
import { prepare, runAll, runRoots } from '../src/engine.js';
import { splitRoots } from '@kit/cover';
import type { PieceSet } from '../src/pieces.js';

type KernelName = 'js' | 'wasm' | 'wide';

interface Trace {
  result: RunResult;
  solutions: string[];
  ticks: number[];
}

function settingsFor(kernel: KernelName, settings: EngineSettings): EngineSettings {
  return kernel === 'wide' ? { ...settings, wide: true } : { ...settings, kernel };
}

function prepareWith(kernel: KernelName, rows: readonly string[], set: PieceSet, settings: EngineSettings = {}): Prepared {
  const prepared = prepare(boardFromRows(rows), set, settingsFor(kernel, settings));
  expect(prepared.kernel).toBe(kernel);
  return prepared;
}

/** The whole search, recording each solution and the tries at each progress tick. */
function trace(kernel: KernelName, rows: readonly string[], set: PieceSet, settings: EngineSettings = {}, stopAtTick = 0, limit?: number): Trace {
  const solutions: string[] = [];
  const ticks: number[] = [];
  const result = runAll(prepareWith(kernel, rows, set, settings), {
    solution: (board) => solutions.push(board.join('/')),
    tick: (draw, tries) => {
      ticks.push(tries);
      draw();
      return ticks.length === stopAtTick;
    },
    ...(limit !== undefined ? { limit } : {}),
  });
  return { result, solutions, ticks };
}

/** js and wasm: everything equal, ticks included; wide (its own tick schedule): solutions and tries. */
function expectSameSearch(rows: readonly string[], set: PieceSet, settings: EngineSettings = {}, withWide = true): Trace {
  const js = trace('js', rows, set, settings);
  expect(trace('wasm', rows, set, settings)).toEqual(js);
  if (withWide) {
    const wide = trace('wide', rows, set, settings);
    expect({ ...wide, ticks: [] }).toEqual({ ...js, ticks: [] });
  }
  return js;
}

/** A random 4-connected region of `cells` cells in a rows x cols box, as board rows. */
function randomRegion(next: () => number, rows: number, cols: number, cells: number): string[] {
  const grid = Array.from({ length: rows }, () => new Array<string>(cols).fill('#'));
  const inside: [number, number][] = [[Math.floor(next() * rows), Math.floor(next() * cols)]];
  grid[inside[0]![0]]![inside[0]![1]] = '.';
  while (inside.length < cells) {
    const [r, c] = inside[Math.floor(next() * inside.length)]!;
    const [dr, dc] = (
      [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const
    )[Math.floor(next() * 4)]!;
    const nr = r + dr;
    const nc = c + dc;
    if (nr < 0 || nr >= rows || nc < 0 || nc >= cols || grid[nr]![nc] === '.') continue;
    grid[nr]![nc] = '.';
    inside.push([nr, nc]);
  }
  return grid.map((row) => row.join(''));
}

const SMALL_SHAPES: Record<string, Shape> = {
  a: [{ row: 0, col: 0 }],
  b: [
    { row: 0, col: 0 },
    { row: 0, col: 1 },
  ],
  c: [
    { row: 0, col: 0 },
    { row: 0, col: 1 },
    { row: 1, col: 0 },
  ],
  d: [
    { row: 0, col: 0 },
    { row: 0, col: 1 },
    { row: 0, col: 2 },
    { row: 1, col: 1 },
  ],
  e: [
    { row: 0, col: 0 },
    { row: 0, col: 1 },
    { row: 1, col: 0 },
    { row: 1, col: 1 },
  ],
  f: [
    { row: 0, col: 0 },
    { row: 1, col: 0 },
    { row: 1, col: 1 },
    { row: 2, col: 1 },
  ],
};

/** A random multiset of pieces: pentominoes only, or small polyominoes (1-cell ones turn pruning off). */
function randomPieces(next: () => number, small: boolean, maxCells: number): PieceSet {
  const names = small ? Object.keys(SMALL_SHAPES) : Object.keys(PENTOMINOES);
  const shapes = small ? SMALL_SHAPES : PENTOMINOES;
  const counts = new Map<string, number>();
  let area = 0;
  const target = 4 + Math.floor(next() * (maxCells - 4));
  while (area < target) {
    const name = names[Math.floor(next() * names.length)]!;
    if (area + shapes[name]!.length > maxCells) {
      if (area > 0) break;
      continue;
    }
    counts.set(name, (counts.get(name) ?? 0) + 1);
    area += shapes[name]!.length;
  }
  return { kinds: names.filter((name) => counts.has(name)).map((name) => ({ name, shape: shapes[name]!, count: counts.get(name)! })) };
}

const area = (set: PieceSet) => set.kinds.reduce((n, kind) => n + kind.count * kind.shape.length, 0);

describe('the WebAssembly kernel searches exactly like the JavaScript kernels', () => {
  it.each([3, 4, 5, 6, 7, 8])('seed board %i: same solutions in the same order, same tries and ticks', (size) => {
    const { result, solutions, ticks } = expectSameSearch(seedBoard(size), pentominoSet(), {}, false);
    expect(result.solutions).toBe(seedCounts(size).distinct);
    expect(new Set(solutions).size).toBe(result.solutions);
    if (size === 6) {
      expect(result.tries).toBe(reference.pentomino['6x10'].tries);
      expect(ticks.length).toBeGreaterThan(50);
    }
  });

  it('agrees with every symmetry method and with all packings', () => {
    for (const method of ['first', 'orient', 'canon'] as const) expectSameSearch(seedBoard(4), pentominoSet(), { method });
    expect(expectSameSearch(seedBoard(3), pentominoSet(), { all: true }).result.solutions).toBe(reference.pentomino['3x20'].all);
    expect(expectSameSearch(seedBoard(8), pentominoSet(), { all: true }, false).result.solutions).toBe(reference.pentomino['8x8'].all);
  });

  it('agrees on 300 random boards and piece sets (repeats, holes, 1-cell pieces, up to 64 cells)', () => {
    const next = random(11);
    let solved = 0;
    for (let i = 0; i < 300; i++) {
      const small = i % 2 === 1;
      const rows = 2 + Math.floor(next() * 7);
      const cols = 3 + Math.floor(next() * Math.min(13, Math.floor(64 / rows) - 2));
      const set = randomPieces(next, small, Math.min(rows * cols, small ? 24 : 30));
      const board = randomRegion(next, rows, cols, area(set));
      const all = next() < 0.3;
      const { result } = expectSameSearch(board, set, { all });
      if (result.solutions > 0) solved++;
    }
    // Not only dead ends: many of the random cases have packings to put in order.
    expect(solved).toBeGreaterThan(30);
  });

  it('agrees on the 64th cell: a board whose last cell is first empty last', () => {
    // 8x8 bounding box, the two corners open: two monominoes, the second placed on cell 63.
    const board = ['.#######', ...Array.from({ length: 6 }, () => '########'), '#######.'];
    const set: PieceSet = { kinds: [{ name: 'a', shape: SMALL_SHAPES.a!, count: 2 }] };
    const { result, solutions } = expectSameSearch(board, set, { all: true });
    expect(result).toEqual({ solutions: 1, tries: 2, stopped: false });
    // Holes draw as '.', the second copy of a piece in the other case.
    expect(solutions).toEqual(['a......./......../......../......../......../......../......../.......A']);
  });

  it('stops at the same point: a solution limit and a stop at a progress tick', () => {
    for (const kernel of ['js', 'wasm', 'wide'] as const) {
      expect(trace(kernel, seedBoard(6), pentominoSet(), {}, 0, 7).result).toEqual({ solutions: 7, tries: expect.any(Number), stopped: true });
    }
    const limited = (['js', 'wasm', 'wide'] as const).map((kernel) => trace(kernel, seedBoard(6), pentominoSet(), {}, 0, 7));
    expect(limited[1]).toEqual(limited[0]);
    expect(limited[2]!.result).toEqual(limited[0]!.result);
    expect(limited[2]!.solutions).toEqual(limited[0]!.solutions);
    const ticked = (['js', 'wasm'] as const).map((kernel) => trace(kernel, seedBoard(5), pentominoSet(), { all: true }, 5));
    expect(ticked[0]!.result.stopped).toBe(true);
    expect(ticked[0]!.ticks).toHaveLength(5);
    expect(ticked[1]).toEqual(ticked[0]);
  });

  it('agrees subtree by subtree on a split search, one kernel serving many roots', () => {
    for (const settings of [{}, { all: true }] as EngineSettings[]) {
      const runs = (['js', 'wasm'] as const).map((kernel) => {
        const prepared = prepareWith(kernel, seedBoard(4), pentominoSet(), settings);
        const { roots } = splitRoots(prepared, 16);
        return roots.map((root) => {
          const solutions: string[] = [];
          const result = runRoots(prepared, [root], { solution: (rows) => solutions.push(rows.join('/')) });
          return { result, solutions };
        });
      });
      expect(runs[0]!.length).toBeGreaterThanOrEqual(16);
      expect(runs[1]).toEqual(runs[0]);
    }
  });
});
