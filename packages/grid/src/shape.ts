import { InputError } from '@kit/core';
import { type Coord, DIRECTIONS4, compareCoords, coordKey, sortCoords } from './coord.js';
import { ALL_TRANSFORMS, TRANSFORMS, type Transform } from './transform.js';

/** A polyomino: its cells, normalised (smallest row and column 0, sorted row-major). */
export type Shape = readonly Coord[];

/** Shifts cells so the smallest row and column are 0, sorts them and drops duplicates. */
export function normalize(cells: readonly Coord[]): Shape {
  if (cells.length === 0) return [];
  // A loop, not Math.min(...cells): spreading a big piece (400x400 cells) overflows the call stack.
  let minRow = Infinity;
  let minCol = Infinity;
  for (const at of cells) {
    if (at.row < minRow) minRow = at.row;
    if (at.col < minCol) minCol = at.col;
  }
  const moved = sortCoords(cells.map((at) => ({ row: at.row - minRow, col: at.col - minCol })));
  // Sorted, a duplicate sits right after its twin.
  return moved.filter((at, i) => i === 0 || compareCoords(at, moved[i - 1]!) !== 0);
}

/** The shape turned or mirrored by a symmetry of the square, normalised again. */
export function transformShape(shape: Shape, t: Transform): Shape {
  const apply = TRANSFORMS[t]!.apply;
  // Indexing, not `const [row, col] =`: cold, array destructuring allocates an iterator per cell.
  return normalize(
    shape.map((at) => {
      const image = apply(at.row, at.col);
      return { row: image[0], col: image[1] };
    }),
  );
}

/** A string that is equal for equal normalised shapes. */
export function shapeKey(shape: Shape): string {
  return shape.map(coordKey).join(' ');
}

/** The distinct orientations of a shape (up to 8), in transform order, the shape itself first. */
export function orientations(shape: Shape): Shape[] {
  const out: Shape[] = [];
  for (const t of ALL_TRANSFORMS) {
    const image = transformShape(shape, t);
    if (!out.some((seen) => sameShape(seen, image))) out.push(image);
  }
  return out;
}

/** Equal normalised shapes: the same cells in the same order. */
function sameShape(a: Shape, b: Shape): boolean {
  return a.length === b.length && a.every((at, i) => compareCoords(at, b[i]!) === 0);
}

/** The transforms that map a shape onto itself (its symmetry group; `[0]` for an asymmetric one). */
export function shapeSymmetries(shape: Shape): Transform[] {
  const base = shapeKey(normalize(shape));
  return ALL_TRANSFORMS.filter((t) => shapeKey(transformShape(shape, t)) === base);
}

/** True when the cells are 4-connected (a real polyomino). */
export function isConnected(shape: Shape): boolean {
  if (shape.length === 0) return false;
  const cells = new Set(shape.map(coordKey));
  const seen = new Set([coordKey(shape[0]!)]);
  const stack = [shape[0]!];
  while (stack.length > 0) {
    const at = stack.pop() as Coord;
    for (const d of DIRECTIONS4) {
      const key = coordKey({ row: at.row + d.row, col: at.col + d.col });
      if (cells.has(key) && !seen.has(key)) {
        seen.add(key);
        stack.push({ row: at.row + d.row, col: at.col + d.col });
      }
    }
  }
  return seen.size === cells.size;
}

/** A shape drawn as text: any character but `.` and space is a cell. */
export function shapeFromRows(lines: readonly string[]): Shape {
  const cells: Coord[] = [];
  lines.forEach((line, row) => {
    for (let col = 0; col < line.length; col++) if (line[col] !== '.' && line[col] !== ' ') cells.push({ row, col });
  });
  return normalize(cells);
}

/** Draws a shape with `#` cells and `.` gaps. */
export function shapeToRows(shape: Shape, char = '#'): string[] {
  const rows = shape.reduce((most, at) => Math.max(most, at.row + 1), 0);
  const cols = shape.reduce((most, at) => Math.max(most, at.col + 1), 0);
  const lines = Array.from({ length: rows }, () => Array.from({ length: cols }, () => '.'));
  for (const at of shape) lines[at.row]![at.col] = char;
  return lines.map((line) => line.join(''));
}

/** The twelve pentominoes under their usual letters. */
export const PENTOMINOES: Readonly<Record<string, Shape>> = Object.freeze({
  F: shapeFromRows(['.##', '##.', '.#.']),
  I: shapeFromRows(['#####']),
  L: shapeFromRows(['####', '#...']),
  N: shapeFromRows(['##..', '.###']),
  P: shapeFromRows(['##', '##', '#.']),
  T: shapeFromRows(['###', '.#.', '.#.']),
  U: shapeFromRows(['#.#', '###']),
  V: shapeFromRows(['#..', '#..', '###']),
  W: shapeFromRows(['#..', '##.', '.##']),
  X: shapeFromRows(['.#.', '###', '.#.']),
  Y: shapeFromRows(['.#..', '####']),
  Z: shapeFromRows(['##.', '.#.', '.##']),
});

/** Checks that a shape is a non-empty connected polyomino, or throws an InputError. */
export function checkPolyomino(shape: Shape, name: string): Shape {
  if (shape.length === 0) throw new InputError(`piece ${name} has no cells`);
  if (!isConnected(shape)) throw new InputError(`piece ${name} is not connected`);
  return shape;
}
