// The named sets are what they say: checked against an independent enumeration of polycubes and
// against @kit/grid's pentominoes.
import { PENTOMINOES } from '@kit/grid';
import { describe, expect, it } from 'vitest';
import { ROTATIONS, TRANSFORMS3, isChiral, mirrorShape, normalize, rotationKey, transformShape, type Voxel } from '../src/geometry.js';
import { pieceLetters } from '../src/pieces.js';
import { checkPieces } from '../src/checks.js';
import { SET_NAMES, namedSet } from '../src/sets.js';
import { rotations } from './naive.js';

/** Every polycube of n cubes up to rotation, grown cube by cube (the naive packer's rotations). */
function polycubes(n: number): Set<string> {
  const turns = rotations();
  const canonical = (cubes: number[][]) => {
    let best: string | undefined;
    for (const m of turns) {
      const image = cubes.map((c) => m.map((row) => row[0]! * c[0]! + row[1]! * c[1]! + row[2]! * c[2]!));
      const min = [0, 1, 2].map((i) => Math.min(...image.map((c) => c[i]!)));
      const key = image
        .map((c) => c.map((v, i) => v - min[i]!).join(','))
        .sort()
        .join(' ');
      if (best === undefined || key < best) best = key;
    }
    return best!;
  };
  let shapes = new Set([canonical([[0, 0, 0]])]);
  for (let size = 1; size < n; size++) {
    const next = new Set<string>();
    for (const key of shapes) {
      const cubes = key.split(' ').map((c) => c.split(',').map(Number));
      const have = new Set(key.split(' '));
      for (const [x, y, z] of cubes) {
        for (const [dx, dy, dz] of [
          [1, 0, 0],
          [-1, 0, 0],
          [0, 1, 0],
          [0, -1, 0],
          [0, 0, 1],
          [0, 0, -1],
        ]) {
          const cube = [x! + dx!, y! + dy!, z! + dz!];
          if (!have.has(cube.join(','))) next.add(canonical([...cubes, cube]));
        }
      }
    }
    shapes = next;
  }
  return shapes;
}

const keyOf = (shape: readonly Voxel[]) => {
  // The same canonical form as polycubes(), for comparisons.
  const turns = rotations();
  let best: string | undefined;
  for (const m of turns) {
    const image = shape.map((c) => m.map((row) => row[0]! * c[0] + row[1]! * c[1] + row[2]! * c[2]));
    const min = [0, 1, 2].map((i) => Math.min(...image.map((c) => c[i]!)));
    const key = image
      .map((c) => c.map((v, i) => v - min[i]!).join(','))
      .sort()
      .join(' ');
    if (best === undefined || key < best) best = key;
  }
  return best!;
};

describe('geometry', () => {
  it('has the 48 symmetries of the cube, 24 of them rotations', () => {
    expect(TRANSFORMS3).toHaveLength(48);
    expect(ROTATIONS).toHaveLength(24);
    expect(new Set(TRANSFORMS3.map((t) => `${t.axis}${t.sign}`)).size).toBe(48);
  });

  it('rotationKey: equal exactly when a rotation turns one shape into the other (all pentacubes, their mirrors, every turn)', () => {
    const shapes = namedSet('pentacubes').pieces.kinds.flatMap((kind) => [kind.shape, mirrorShape(kind.shape)]);
    const independent = shapes.map(keyOf);
    shapes.forEach((a, i) => {
      for (const t of ROTATIONS) expect(rotationKey(transformShape(t, a))).toBe(rotationKey(a));
      // Unnormalized cubes (moved away from 0) have the same key.
      expect(rotationKey(a.map(([x, y, z]): Voxel => [x - 3, y + 5, z - 1]))).toBe(rotationKey(a));
      shapes.forEach((b, j) => {
        expect(rotationKey(a) === rotationKey(b)).toBe(independent[i] === independent[j]);
      });
    });
    // A straight piece and an L of the same length: the longest side is the same, the keys are not.
    expect(
      rotationKey(
        normalize([
          [0, 0, 0],
          [1, 0, 0],
          [2, 0, 0],
        ]),
      ),
    ).not.toBe(
      rotationKey(
        normalize([
          [0, 0, 0],
          [1, 0, 0],
          [1, 1, 0],
        ]),
      ),
    );
  });
});

describe('named sets', () => {
  it('pentacubes: all 29, each drawn once, mirror pairs as capital and lower case', () => {
    const set = namedSet('pentacubes').pieces;
    expect(set.kinds).toHaveLength(29);
    expect(new Set(set.kinds.map((kind) => keyOf(kind.shape)))).toEqual(polycubes(5));
    for (const kind of set.kinds) {
      const twin = set.kinds.find((other) => other.name === (kind.name === kind.name.toUpperCase() ? kind.name.toLowerCase() : kind.name.toUpperCase()));
      if (twin && twin !== kind) expect(rotationKey(twin.shape)).toBe(rotationKey(mirrorShape(kind.shape)));
      else expect(isChiral(kind.shape)).toBe(false);
    }
    expect(set.kinds.filter((kind) => isChiral(kind.shape))).toHaveLength(12);
  });

  it('tetracubes: all 8; soma: the 7 pieces that are not flat boxes and not straight', () => {
    expect(new Set(namedSet('tetracubes').pieces.kinds.map((kind) => keyOf(kind.shape)))).toEqual(polycubes(4));
    const soma = namedSet('soma').pieces;
    expect(pieceLetters(soma)).toBe('VLTZABP');
    const somaKeys = new Set(soma.kinds.map((kind) => keyOf(kind.shape)));
    // Every tetracube but the straight one and the square, and the bent tricube.
    const expected = new Set([...polycubes(4)].filter((key) => !['0,0,0 0,0,1 0,0,2 0,0,3', '0,0,0 0,0,1 0,1,0 0,1,1'].includes(key)));
    expected.add(
      keyOf([
        [0, 0, 0],
        [1, 0, 0],
        [0, 1, 0],
      ]),
    );
    expect(somaKeys).toEqual(expected);
  });

  it('solid pentominoes: the twelve of @kit/grid, one cube thick', () => {
    const set = namedSet('solid-pentominoes').pieces;
    expect(pieceLetters(set)).toBe('FILNPTUVWXYZ');
    for (const kind of set.kinds) {
      const flat = PENTOMINOES[kind.name]!.map((at): Voxel => [at.col, at.row, 0]);
      expect(keyOf(kind.shape)).toBe(keyOf(flat));
    }
  });

  it('bedlam: twelve pentacubes and a tetracube, 64 cubes, with its 4x4x4 target', () => {
    const bedlam = namedSet('bedlam');
    expect(pieceLetters(bedlam.pieces)).toBe('FWXABCdEGJMqS');
    expect(bedlam.pieces.kinds.reduce((n, kind) => n + kind.shape.length, 0)).toBe(64);
    expect(bedlam.target!.layers).toHaveLength(4);
    const pentacubes = new Set(namedSet('pentacubes').pieces.kinds.map((kind) => keyOf(kind.shape)));
    expect(bedlam.pieces.kinds.filter((kind) => pentacubes.has(keyOf(kind.shape)))).toHaveLength(12);
    // Seven of them are chiral and none has its mirror image in the set: no reflections.
    expect(bedlam.pieces.kinds.filter((kind) => isChiral(kind.shape))).toHaveLength(7);
  });

  // parseInstance skips these checks for a named set in its own target: this is why it may.
  it('every set with a target of its own passes the checks a drawn target gets', () => {
    const withTargets = SET_NAMES.map((name) => namedSet(name)).filter((set) => set.target !== undefined);
    expect(withTargets.map((set) => set.name)).toEqual(['soma', 'tetracubes', 'solid-pentominoes', 'bedlam']);
    for (const set of withTargets) expect(() => checkPieces(set.target!, set.pieces)).not.toThrow();
  });
});
