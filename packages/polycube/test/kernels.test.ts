// The WebAssembly kernel and the byte-board kernel run one search: the same solutions in the same
// order, the same tries, the same progress ticks and stops; a split search adds up to the whole.
// And both agree with the independent naive packer on many small random puzzles.
import { seededRandom as random } from '@kit/core';
import { describe, expect, it } from 'vitest';
import { type EngineSettings, type KernelName, prepare, runAll, runRoots } from '../src/engine.js';
import { parsePieceFile, type PieceSet } from '../src/pieces.js';
import { namedSet } from '../src/sets.js';
import { splitRoots } from '@kit/cover';
import { type Target, boxTarget, targetFromLayers } from '../src/target.js';
import { mirrorClosed, naiveCount } from './naive.js';
import { naiveKinds } from './support.js';

interface Trace {
  solutions: string[];
  ticks: number[];
  tries: number;
  stopped: boolean;
}

function trace(kernel: KernelName, target: Target, pieces: PieceSet, settings: EngineSettings = {}, stopAtTick = 0, limit?: number): Trace {
  const prepared = prepare(target, pieces, { ...settings, kernel });
  expect(prepared.kernel).toBe(kernel);
  const solutions: string[] = [];
  const ticks: number[] = [];
  const result = runAll(prepared, {
    solution: (layers) => solutions.push(layers.map((layer) => layer.join('/')).join('|')),
    tick: (draw, tries) => {
      ticks.push(tries);
      draw();
      return ticks.length === stopAtTick;
    },
    ...(limit !== undefined ? { limit } : {}),
  });
  return { solutions, ticks, tries: result.tries, stopped: result.stopped };
}

function expectSameSearch(target: Target, pieces: PieceSet, settings: EngineSettings = {}): Trace {
  const wasm = trace('wasm', target, pieces, settings);
  expect(trace('wide', target, pieces, settings)).toEqual(wasm);
  return wasm;
}

/** A random face-connected shape of `cells` cubes inside an x*y*z box, as target layers. */
function randomTarget(next: () => number, [X, Y, Z]: [number, number, number], cells: number): Target {
  const grid = Array.from({ length: Z }, () => Array.from({ length: Y }, () => new Array<string>(X).fill('#')));
  const inside: [number, number, number][] = [[Math.floor(next() * X), Math.floor(next() * Y), Math.floor(next() * Z)]];
  grid[inside[0]![2]]![inside[0]![1]]![inside[0]![0]] = '.';
  while (inside.length < cells) {
    const [x, y, z] = inside[Math.floor(next() * inside.length)]!;
    const [dx, dy, dz] = (
      [
        [1, 0, 0],
        [-1, 0, 0],
        [0, 1, 0],
        [0, -1, 0],
        [0, 0, 1],
        [0, 0, -1],
      ] as const
    )[Math.floor(next() * 6)]!;
    const [nx, ny, nz] = [x + dx, y + dy, z + dz];
    if (nx < 0 || nx >= X || ny < 0 || ny >= Y || nz < 0 || nz >= Z || grid[nz]![ny]![nx] === '.') continue;
    grid[nz]![ny]![nx] = '.';
    inside.push([nx, ny, nz]);
  }
  return targetFromLayers(grid.map((layer) => layer.map((row) => row.join(''))));
}

// Small pieces: a domino, the two tricubes and the eight tetracubes.
const POOL = parsePieceFile(`
DD III VV  QQQQ OO LLL TTT SS.  AA BB PP
.. ... V.  .... OO L.. .T. .SS  A. .B P.

.. ... ..  .... .. ... ... ...  .A B. P.
.. ... ..  .... .. ... ... ...  .. .. ..
`);

/** Random pieces from the pool covering exactly `cells` cubes (repeats allowed). */
function randomPieces(next: () => number, cells: number): PieceSet {
  for (;;) {
    const counts = new Map<number, number>();
    let left = cells;
    while (left > 1) {
      const k = Math.floor(next() * POOL.kinds.length);
      const size = POOL.kinds[k]!.shape.length;
      if (size > left) continue;
      counts.set(k, (counts.get(k) ?? 0) + 1);
      left -= size;
    }
    if (left !== 0) continue;
    return { kinds: [...counts.keys()].sort((a, b) => a - b).map((k) => ({ ...POOL.kinds[k]!, min: counts.get(k)!, max: counts.get(k)! })) };
  }
}

describe('kernels', () => {
  it('agree on the Soma cube, every symmetry mode', () => {
    const soma = namedSet('soma');
    for (const symmetry of ['auto', 'rotations', 'none'] as const) expectSameSearch(soma.target!, soma.pieces, { symmetry });
  });

  it('agree on the solid pentominoes in 2x3x10, and on a target with holes', { timeout: 120_000 }, () => {
    const set = namedSet('solid-pentominoes');
    expect(expectSameSearch(boxTarget('2x3x10'), set.pieces).solutions).toHaveLength(12);
    // A 3x3x4 tower with a hollow core and two corners cut off: 32 cubes, holes inside and out.
    const tower = targetFromLayers([
      ['...', '...', '...'],
      ['...', '.#.', '...'],
      ['...', '.#.', '...'],
      ['..#', '...', '#..'],
    ]);
    const tetracubes = namedSet('tetracubes').pieces;
    const found = expectSameSearch(tower, tetracubes);
    expect(found.solutions.length).toBe(naiveCount(tower.layers, naiveKinds(tetracubes), true).distinct);
  });

  it('tick and stop at the same points', () => {
    const soma = namedSet('soma');
    const wasm = trace('wasm', soma.target!, soma.pieces, { symmetry: 'none' }, 3);
    expect(wasm.ticks).toHaveLength(3);
    expect(wasm.stopped).toBe(true);
    expect(trace('wide', soma.target!, soma.pieces, { symmetry: 'none' }, 3)).toEqual(wasm);
    const limited = trace('wasm', soma.target!, soma.pieces, {}, 0, 7);
    expect(limited.solutions).toHaveLength(7);
    expect(trace('wide', soma.target!, soma.pieces, {}, 0, 7)).toEqual(limited);
  });

  it('split into subtrees that add up to the whole search, in the same order', () => {
    const set = namedSet('tetracubes');
    for (const kernel of ['wasm', 'wide'] as const) {
      const prepared = prepare(set.target!, set.pieces, { kernel });
      const whole: string[] = [];
      const all = runAll(prepared, { solution: (layers) => whole.push(JSON.stringify(layers)) });
      const { roots, tries } = splitRoots(prepared, 40);
      expect(roots.length).toBeGreaterThanOrEqual(40);
      const parts: string[] = [];
      let partTries = 0;
      for (const root of roots) partTries += runRoots(prepared, [root], { solution: (layers) => parts.push(JSON.stringify(layers)) }).tries;
      expect(parts).toEqual(whole);
      expect(partTries + tries + prepared.plan.rootTries).toBe(all.tries);
    }
  });

  it('agree with the naive packer on 150 random small puzzles', { timeout: 300_000 }, () => {
    const next = random(2026);
    let solved = 0;
    let none = 0;
    for (let round = 0; round < 150; round++) {
      const box: [number, number, number] = [2 + Math.floor(next() * 3), 2 + Math.floor(next() * 2), 1 + Math.floor(next() * 3)];
      const cells = Math.min(box[0] * box[1] * box[2], 6 + Math.floor(next() * 9));
      const target = randomTarget(next, box, cells);
      const pieces = randomPieces(next, cells);
      const naive = naiveCount(target.layers, naiveKinds(pieces), mirrorClosed(naiveKinds(pieces)));
      const distinct = expectSameSearch(target, pieces);
      const all = expectSameSearch(target, pieces, { symmetry: 'none' });
      const context = JSON.stringify({ round, target: target.layers, pieces: pieces.kinds.map((k) => k.name.repeat(k.max)).join('') });
      expect({ context, raw: all.solutions.length, distinct: distinct.solutions.length }).toEqual({ context, raw: naive.raw, distinct: naive.distinct });
      if (naive.raw === 0) none++;
      else solved++;
    }
    // Both verdicts are exercised: puzzles with packings and puzzles without.
    expect(solved).toBeGreaterThan(20);
    expect(none).toBeGreaterThan(20);
  });
});
