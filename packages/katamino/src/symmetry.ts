import { ALL_TRANSFORMS, TRANSFORMS, transformInBox } from '@kit/grid';
import { ROWS } from './pieces.js';

/**
 * The symmetry group of the 5 x width board as permutations of cells (index col * 5 + row),
 * identity first: 4 elements (mirrors and half turn), 8 for the 5 x 5 square unless `rectangleOnly`.
 */
export function boardGroup(width: number, rectangleOnly = false): Int32Array[] {
  const perms: Int32Array[] = [];
  for (const t of ALL_TRANSFORMS) {
    if (TRANSFORMS[t]!.swapsAxes && (width !== ROWS || rectangleOnly)) continue;
    const perm = new Int32Array(ROWS * width);
    for (let col = 0; col < width; col++) {
      for (let row = 0; row < ROWS; row++) {
        const to = transformInBox(t, { row, col }, ROWS, width);
        perm[col * ROWS + row] = to.col * ROWS + to.row;
      }
    }
    perms.push(perm);
  }
  return perms;
}

const groups = new Map<string, Int32Array[]>();

export function cachedGroup(width: number, rectangleOnly: boolean): Int32Array[] {
  const key = `${width}/${rectangleOnly || width !== ROWS}`;
  let group = groups.get(key);
  if (!group) {
    group = boardGroup(width, rectangleOnly);
    groups.set(key, group);
  }
  return group;
}
