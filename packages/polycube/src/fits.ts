// Where pieces can go in a box: every placement of each kind (its rotations, never its mirror
// image), as box indices `x + X * (y + Y * z)`, and whether a placement leaves the free cubes
// fillable at a glance. The generator and the grader reason with these; the search is the engine's.
import { extent, orientations } from './geometry.js';
import type { PieceKind } from './pieces.js';

/** One way to put a piece in the box: its kind (index into the kinds) and its cubes, ascending. */
export interface Fit {
  kind: number;
  cells: number[];
}

/** Every placement of every kind in an empty box of `size` (columns, rows, layers), kind by kind. */
export function boxFits(size: readonly [number, number, number], kinds: readonly PieceKind[]): Fit[] {
  const [X, Y, Z] = size;
  const fits: Fit[] = [];
  kinds.forEach((kind, k) => {
    for (const shape of orientations(kind.shape)) {
      const [ex, ey, ez] = extent(shape);
      for (let dz = 0; dz + ez <= Z; dz++) {
        for (let dy = 0; dy + ey <= Y; dy++) {
          for (let dx = 0; dx + ex <= X; dx++) {
            const cells = shape.map(([x, y, z]) => x + dx + X * (y + dy + Y * (z + dz))).sort((a, b) => a - b);
            fits.push({ kind: k, cells });
          }
        }
      }
    }
  });
  return fits;
}

/** Does the placement lie on free cubes only? */
export function fitsFree(fit: Fit, free: Uint8Array): boolean {
  for (const cell of fit.cells) if (!free[cell]) return false;
  return true;
}

/**
 * With `fit` laid, does some pocket of free cubes (joined face to face) stay that the pieces left
 * (`sizes`: their cube counts) plainly cannot fill: smaller than the smallest, or not a multiple of
 * the sizes' common divisor? The test a person makes by eye.
 */
export function cutsOffPocket(fit: Fit, free: Uint8Array, size: readonly [number, number, number], sizes: readonly number[]): boolean {
  if (sizes.length === 0) return false;
  const [X, Y, Z] = size;
  const smallest = Math.min(...sizes);
  const common = sizes.reduce(gcd);
  const open = Uint8Array.from(free);
  for (const cell of fit.cells) open[cell] = 0;
  const stack: number[] = [];
  for (let start = 0; start < open.length; start++) {
    if (!open[start]) continue;
    open[start] = 0;
    stack.push(start);
    let pocket = 0;
    while (stack.length > 0) {
      const cell = stack.pop()!;
      pocket++;
      const x = cell % X;
      const y = Math.floor(cell / X) % Y;
      const z = Math.floor(cell / (X * Y));
      if (x > 0 && open[cell - 1]) {
        open[cell - 1] = 0;
        stack.push(cell - 1);
      }
      if (x < X - 1 && open[cell + 1]) {
        open[cell + 1] = 0;
        stack.push(cell + 1);
      }
      if (y > 0 && open[cell - X]) {
        open[cell - X] = 0;
        stack.push(cell - X);
      }
      if (y < Y - 1 && open[cell + X]) {
        open[cell + X] = 0;
        stack.push(cell + X);
      }
      if (z > 0 && open[cell - X * Y]) {
        open[cell - X * Y] = 0;
        stack.push(cell - X * Y);
      }
      if (z < Z - 1 && open[cell + X * Y]) {
        open[cell + X * Y] = 0;
        stack.push(cell + X * Y);
      }
    }
    if (pocket < smallest || pocket % common !== 0) return true;
  }
  return false;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
