// Plans change how the search runs, never what it finds: the WebAssembly listing equals the
// JavaScript one, and every plan the planner can choose counts the same packings.
import { describe, expect, it } from 'vitest';
import { compileProblem } from '../src/compile.js';
import { prepare, runAll } from '../src/engine.js';
import { namedSet } from '../src/sets.js';
import { boxTarget, targetFromLayers } from '../src/target.js';
import { images, key } from './support.js';

describe('plans', () => {
  it('lists the same placements in WebAssembly and in JavaScript, in every axis order', () => {
    const tower = targetFromLayers([['...', '...', '...'], ['...', '.#.', '...'], ['..#', '...', '#..']]);
    for (const [target, pieces] of [[boxTarget('2x5x6'), namedSet('solid-pentominoes').pieces], [tower, namedSet('tetracubes').pieces]] as const) {
      for (const axes of [[0, 1, 2], [2, 0, 1], [1, 2, 0]] as [number, number, number][]) {
        const wasm = compileProblem(target, pieces, axes);
        const js = compileProblem(target, pieces, axes, { wasm: false });
        expect(wasm.placements).toEqual(js.placements);
        expect(wasm.masks).toEqual(js.masks);
      }
    }
  });

  it('finds the same distinct packings whatever the plan', { timeout: 120_000 }, () => {
    const set = namedSet('solid-pentominoes');
    const target = boxTarget('2x3x10');
    const standard = prepare(target, set.pieces, { planAbove: Infinity });
    const planned = prepare(target, set.pieces, { planAbove: 0 });
    const found = (prepared: typeof standard) => {
      const out: string[][][] = [];
      runAll(prepared, { solution: (layers) => out.push(layers) });
      return out;
    };
    const a = found(standard);
    const b = found(planned);
    expect(a).toHaveLength(12);
    expect(b).toHaveLength(12);
    // The same orbits: every solution of one plan is an image of a solution of the other.
    const orbits = (list: string[][][]) => new Set(list.map((layers) => [...images(layers, true, (n) => n)].sort()[0]));
    expect(orbits(b)).toEqual(orbits(a));
    expect(new Set(a.map(key)).size).toBe(12);
  });
});
