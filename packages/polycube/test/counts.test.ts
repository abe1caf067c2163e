// The published counts, each cross-checked a second way: by the independent naive packer where it is
// fast enough, and by expanding every distinct solution through the target's symmetries back to
// the full set of packings that --symmetry none finds.
import { describe, expect, it } from 'vitest';
import { boxTarget } from '../src/target.js';
import { namedSet } from '../src/sets.js';
import { naiveCount } from './naive.js';
import { images, key, naiveKinds, solveAll } from './support.js';

/** Every distinct packing expands to |orbit| packings; together they are exactly the full set. */
function expectExpansion(distinct: string[][][], all: string[][][], mirror: boolean, twin: (name: string) => string = (n) => n): void {
  const expanded = new Set<string>();
  for (const layers of distinct) for (const image of images(layers, mirror, twin)) expanded.add(image);
  const everything = new Set(all.map(key));
  expect(everything.size).toBe(all.length);
  expect(expanded.size).toBe(everything.size);
  for (const k of expanded) expect(everything.has(k)).toBe(true);
  // No two distinct solutions are images of one another.
  const seen = new Set<string>();
  for (const layers of distinct) {
    const orbit = images(layers, mirror, twin);
    for (const k of orbit) expect(seen.has(k)).toBe(false);
    for (const k of orbit) seen.add(k);
  }
}

describe('published counts', () => {
  it('the Soma cube: 240 up to rotations and reflections, 11,520 packings in all', { timeout: 300_000 }, () => {
    const soma = namedSet('soma');
    const distinct = solveAll(soma.target!, soma.pieces);
    const all = solveAll(soma.target!, soma.pieces, { symmetry: 'none' });
    expect(distinct.solutions).toHaveLength(240);
    expect(all.solutions).toHaveLength(11520);
    // A and B are each other's mirror image; the others are their own.
    expectExpansion(distinct.solutions, all.solutions, true, (n) => ({ A: 'B', B: 'A' })[n] ?? n);
    const naive = naiveCount(soma.target!.layers, naiveKinds(soma.pieces), true);
    expect(naive).toMatchObject({ raw: 11520, distinct: 240 });
    // Up to rotations only, each mirror pair counts twice.
    expect(solveAll(soma.target!, soma.pieces, { symmetry: 'rotations' }).solutions).toHaveLength(480);
  });

  it('the solid pentominoes in 2x3x10: 12', { timeout: 300_000 }, () => {
    const set = namedSet('solid-pentominoes');
    const target = boxTarget('2x3x10');
    const distinct = solveAll(target, set.pieces);
    const all = solveAll(target, set.pieces, { symmetry: 'none' });
    expect(distinct.solutions).toHaveLength(12);
    expect(all.solutions).toHaveLength(96);
    expectExpansion(distinct.solutions, all.solutions, true);
  });

  it('the solid pentominoes in 2x5x6: 264', { timeout: 300_000 }, () => {
    const set = namedSet('solid-pentominoes');
    const target = boxTarget('2x5x6');
    const distinct = solveAll(target, set.pieces);
    const all = solveAll(target, set.pieces, { symmetry: 'none' });
    expect(distinct.solutions).toHaveLength(264);
    expect(all.solutions).toHaveLength(264 * 8);
    expectExpansion(distinct.solutions, all.solutions, true);
  });

  it('the eight tetracubes in 2x4x4, against the naive packer', { timeout: 300_000 }, () => {
    const set = namedSet('tetracubes');
    const distinct = solveAll(set.target!, set.pieces);
    const all = solveAll(set.target!, set.pieces, { symmetry: 'none' });
    const naive = naiveCount(set.target!.layers, naiveKinds(set.pieces), true);
    expect(naive).toMatchObject({ raw: 11120, distinct: 695 });
    expect(distinct.solutions).toHaveLength(695);
    expect(all.solutions).toHaveLength(11120);
    // Up to rotations only: 1,390, the count usually quoted for this box.
    expect(solveAll(set.target!, set.pieces, { symmetry: 'rotations' }).solutions).toHaveLength(1390);
    expectExpansion(distinct.solutions, all.solutions, true, (n) => ({ A: 'B', B: 'A' })[n] ?? n);
  });
});
