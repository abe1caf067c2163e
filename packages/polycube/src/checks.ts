// What can be said about pieces and a target before any search: said at once, in one line.
import { InputError } from '@kit/core';
import { extent, orientations } from './geometry.js';
import { where } from './layers.js';
import { type PieceSet, pieceCount } from './pieces.js';
import { type Target, cubeCount, isCube, targetName, targetSize } from './target.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The pieces' cubes must add up to the target's, and every piece that must go in must fit somewhere. */
export function checkPieces(target: Target, set: PieceSet, file?: string): void {
  const cells = cubeCount(target);
  const { min, max } = pieceCount(set);
  const fixed = set.kinds.every((kind) => kind.min === kind.max);
  if (fixed) {
    const area = set.kinds.reduce((n, kind) => n + kind.max * kind.shape.length, 0);
    if (area !== cells) {
      throw new InputError(`the target has ${plural(cells, 'cube')} but the ${plural(max, 'piece')} cover ${area}`, where(file));
    }
  } else if (!reachable(set, cells)) {
    const low = set.kinds.reduce((n, kind) => n + kind.min * kind.shape.length, 0);
    const high = set.kinds.reduce((n, kind) => n + kind.max * kind.shape.length, 0);
    throw new InputError(
      `the target has ${plural(cells, 'cube')} but no choice of ${min} to ${max} pieces covers exactly that (they cover ${low} to ${high})`,
      where(file),
    );
  }
  for (const kind of set.kinds) {
    if (kind.min > 0 && !fitsSomewhere(target, kind.shape)) {
      throw new InputError(
        `piece ${JSON.stringify(kind.name)} (${extent(kind.shape).join('x')}) fits nowhere in the ${targetName(target)} target`,
        where(file),
      );
    }
  }
}

/** Can some counts within the kinds' ranges cover exactly `cells` cubes? (A bounded subset sum.) */
function reachable(set: PieceSet, cells: number): boolean {
  let can = new Uint8Array(cells + 1);
  can[0] = 1;
  for (const kind of set.kinds) {
    const next = new Uint8Array(cells + 1);
    const size = kind.shape.length;
    for (let total = 0; total <= cells; total++) {
      if (!can[total]) continue;
      for (let copies = kind.min; copies <= kind.max && total + copies * size <= cells; copies++) next[total + copies * size] = 1;
    }
    can = next;
  }
  return can[cells] === 1;
}

/** Is there a rotation and a position that puts every cube of the shape on a cube of the target? */
export function fitsSomewhere(target: Target, shape: readonly (readonly [number, number, number])[]): boolean {
  const [X, Y, Z] = targetSize(target);
  const box = extent(shape).sort((a, b) => a - b);
  const room = [X, Y, Z].sort((a, b) => a - b);
  if (box.some((side, i) => side > room[i]!)) return false;
  for (const oriented of orientations(shape)) {
    const [ex, ey, ez] = extent(oriented);
    for (let dz = 0; dz + ez <= Z; dz++) {
      for (let dy = 0; dy + ey <= Y; dy++) {
        for (let dx = 0; dx + ex <= X; dx++) {
          if (oriented.every(([x, y, z]) => isCube(target, x + dx, y + dy, z + dz))) return true;
        }
      }
    }
  }
  return false;
}
