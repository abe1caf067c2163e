// A flat piece for a play tray: its distinct orientations under turns and flips, and the maps from
// one orientation to the next for R (a quarter turn clockwise) and F (a mirror image, left to right).
import type { TrayPiece } from './spec.js';

type Shape = Array<[number, number]>;

function normalized(cells: ReadonlyArray<readonly [number, number]>): Shape {
  let top = Infinity;
  let left = Infinity;
  for (const [row, col] of cells) {
    top = Math.min(top, row);
    left = Math.min(left, col);
  }
  return cells.map(([row, col]): [number, number] => [row - top, col - left]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

const keyOf = (shape: Shape) => shape.map(([row, col]) => `${row},${col}`).join(' ');
const turned = (shape: Shape) => normalized(shape.map(([row, col]) => [col, -row]));
const mirrored = (shape: Shape) => normalized(shape.map(([row, col]) => [row, -col]));

/** How {@link planarPiece} builds a tray piece. */
export interface PlanarPieceOptions {
  /** Copies in the tray (default 1). */
  count?: number;
  /** Palette key it is drawn with (default: its name). */
  fill?: string;
  /** Mirror images allowed (default true; a one-sided set says false). */
  flips?: boolean;
  /** Orientations the rules allow (Katamino's booklet: I lies flat); turning skips the others. */
  allow?: (cells: ReadonlyArray<readonly [number, number]>) => boolean;
}

/** A tray piece from its cells (`[row, col]`), with every orientation the rules allow and R and F. */
export function planarPiece(name: string, cells: ReadonlyArray<readonly [number, number]>, options: PlanarPieceOptions = {}): TrayPiece {
  const flips = options.flips ?? true;
  const all: Shape[] = [];
  const index = new Map<string, number>();
  const add = (shape: Shape) => {
    const key = keyOf(shape);
    if (!index.has(key)) {
      index.set(key, all.length);
      all.push(shape);
    }
  };
  let shape = normalized(cells);
  for (let turn = 0; turn < 4; turn++, shape = turned(shape)) add(shape);
  if (flips) {
    shape = mirrored(normalized(cells));
    for (let turn = 0; turn < 4; turn++, shape = turned(shape)) add(shape);
  }
  const allowed = all.filter((each) => options.allow?.(each) ?? true);
  if (allowed.length === 0) throw new Error(`piece ${name}: the rules allow none of its orientations`);
  const position = new Map(allowed.map((each, i) => [keyOf(each), i]));
  // The next allowed orientation that repeated turning (or a flip, then turning) reaches.
  const follow = (from: Shape, step: (shape: Shape) => Shape): number => {
    let next = step(from);
    for (let tries = 0; tries < 8; tries++, next = turned(next)) {
      const at = position.get(keyOf(next));
      if (at !== undefined) return at;
    }
    return position.get(keyOf(from))!;
  };
  const turns = [{ key: 'r', label: 'rotate', next: allowed.map((each) => follow(each, turned)) }];
  if (flips) turns.push({ key: 'f', label: 'flip', next: allowed.map((each) => follow(each, mirrored)) });
  return {
    name,
    count: options.count ?? 1,
    ...(options.fill !== undefined ? { fill: options.fill } : {}),
    orientations: allowed,
    turns,
  };
}
