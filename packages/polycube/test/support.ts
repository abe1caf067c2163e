// Helpers shared by the tests: running the engine to a list of solutions, and the symmetry images of
// a packing written independently of src/ (the naive packer's matrices over plain layer strings).
import { type EngineSettings, prepare, runAll } from '../src/engine.js';
import type { PieceSet } from '../src/pieces.js';
import type { Target } from '../src/target.js';
import { type NaiveKind, symmetries } from './naive.js';

export function solveAll(target: Target, pieces: PieceSet, settings: EngineSettings = {}): { solutions: string[][][]; tries: number } {
  const solutions: string[][][] = [];
  const result = runAll(prepare(target, pieces, settings), { solution: (layers) => solutions.push(layers) });
  return { solutions, tries: result.tries };
}

export function naiveKinds(pieces: PieceSet): NaiveKind[] {
  return pieces.kinds.map((kind) => ({ name: kind.name, cubes: kind.shape, count: kind.max }));
}

/** `a/b/c|d/e/f`: a packing's layers as one string. */
export const key = (layers: readonly (readonly string[])[]) => layers.map((layer) => layer.join('/')).join('|');

/**
 * Every image of a packing under the symmetries of its box (rotations, and with `mirror` the
 * reflections, each piece renamed to its mirror twin by `twin`), as keys.
 */
export function images(layers: readonly (readonly string[])[], mirror: boolean, twin: (name: string) => string): Set<string> {
  const size = [layers[0]![0]!.length, layers[0]!.length, layers.length];
  const out = new Set<string>();
  for (const { m, mirror: reflected } of symmetries()) {
    if (reflected && !mirror) continue;
    // Row i of m picks one axis with a sign: the image box must be the same box.
    const from = m.map((row) => row.findIndex((n) => n !== 0));
    const sign = m.map((row, i) => row[from[i]!]!);
    if (from.some((axis, i) => size[axis]! !== size[i]!)) continue;
    const grid = Array.from({ length: size[2]! }, () => Array.from({ length: size[1]! }, () => new Array<string>(size[0]!).fill('?')));
    for (const [z, layer] of layers.entries()) {
      for (const [y, row] of layer.entries()) {
        for (const [x, name] of [...row].entries()) {
          const v = [x, y, z];
          const c = from.map((axis, i) => (sign[i] === 1 ? v[axis]! : size[axis]! - 1 - v[axis]!));
          grid[c[2]!]![c[1]!]![c[0]!] = reflected && name !== '.' ? twin(name) : name;
        }
      }
    }
    out.add(key(grid.map((layer) => layer.map((row) => row.join('')))));
  }
  return out;
}
