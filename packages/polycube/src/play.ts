// Polycubes in play: pieces laid from a tray into the target's box, layer by layer. The board is
// the box's layers stacked top to bottom, the bottom layer (z = 0) first, so a board cell is
// `x + X * (y + Y * z)`, the cell index the play contract gives a box. A piece in hand turns about
// the vertical axis (R) and tips over about the rows' axis (T); the two reach all 24 rotations. No
// flip: a solid piece cannot be turned into its mirror image. A pocket of empty cubes the pieces
// left cannot fill shows at once; the referee (play-referee.ts) counts every completion.
import { InputError, type Cell, type Frame } from '@kit/core';
import { coverOf, piecesLeft, PLAY_LIMITS } from '@kit/core/play';
import type { PiecesPosition, PiecesSetup, PlayPosition, PlaySetup, PlaySpec, PlayViolation, TrayPiece } from '@kit/core/play';
import { openRegions } from '@kit/grid';
import { type Shape, type Voxel, normalize, orientations, shapeKey } from './geometry.js';
import type { PackingInstance } from './instance.js';
import type { PieceKind } from './pieces.js';
import { isCube, targetSize } from './target.js';
import { fillFor, type PackingState } from './view.js';

/** A quarter turn about the vertical (z) axis, seen from above. */
const turn = (shape: Shape): Shape => normalize(shape.map(([x, y, z]): Voxel => [-y, x, z]));
/** A quarter turn about the x axis: the piece tips over towards the viewer. */
const tip = (shape: Shape): Shape => normalize(shape.map(([x, y, z]): Voxel => [x, -z, y]));

/** A piece's tray entry: its rotations as `[layer, row, col]`, and where R and T take each. */
export function trayPiece(kind: PieceKind): TrayPiece {
  const all = orientations(kind.shape);
  const index = new Map(all.map((shape, i) => [shapeKey(shape), i]));
  const next = (step: (shape: Shape) => Shape) => all.map((shape) => index.get(shapeKey(step(shape)))!);
  return {
    name: kind.name,
    fill: fillFor(kind.name),
    count: kind.max,
    orientations: all.map((shape) => shape.map(([x, y, z]) => [z, y, x])),
    turns: [
      { key: 'r', label: 'turn', next: next(turn) },
      { key: 't', label: 'tip over', next: next(tip) },
    ],
  };
}

/** The target's box as a board: cells outside the target are holes; the pieces in a tray. */
export function packingSetup(instance: PackingInstance): PiecesSetup {
  const [width, height, depth] = targetSize(instance.target);
  const copies = instance.pieces.kinds.reduce((n, kind) => n + kind.max, 0);
  if (copies > PLAY_LIMITS.pieces) throw new InputError(`${copies} pieces are too many to play (at most ${PLAY_LIMITS.pieces})`);
  const holes: number[] = [];
  for (let z = 0; z < depth; z++) {
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (!isCube(instance.target, x, y, z)) holes.push(x + width * (y + height * z));
  }
  return { kind: 'pieces', width, height, depth, holes, tray: instance.pieces.kinds.map(trayPiece) };
}

function piecesOf(setup: PlaySetup, position: PlayPosition): { setup: PiecesSetup; position: PiecesPosition } {
  if (setup.kind !== 'pieces' || position.kind !== 'pieces') throw new Error('a polycube packing is played with pieces');
  return { setup, position };
}

/** The board with its laid pieces, one row of cells per row of each layer, bottom layer first. */
export function packingFrame(setup: PiecesSetup, position: PiecesPosition): Frame {
  const owner = coverOf(setup, position);
  const holes = new Set(setup.holes ?? []);
  const cells: Cell[] = [];
  for (let cell = 0; cell < owner.length; cell++) {
    if (holes.has(cell)) cells.push({ hole: true });
    else if (owner[cell]! < 0) cells.push({ fill: 'empty' });
    else {
      const piece = setup.tray[position.placed[owner[cell]!]!.piece]!;
      cells.push({ fill: piece.fill ?? piece.name, label: piece.name });
    }
  }
  const depth = setup.depth ?? 1;
  const frame: Frame = { width: setup.width, height: setup.height * depth, cells };
  if (depth > 1) frame.title = `${depth} layers of ${setup.height} rows, the bottom layer first`;
  return frame;
}

/** Pockets of empty cubes (face to face) no choice of the pieces left can fill: too small, or not a multiple of a common size. */
export function unfillable(setup: PiecesSetup, position: PiecesPosition): PlayViolation[] {
  const { width, height } = setup;
  const depth = setup.depth ?? 1;
  const left = piecesLeft(setup, position);
  const sizes = setup.tray.flatMap((piece, i) => (left[i]! > 0 ? [piece.orientations[0]!.length] : []));
  if (sizes.length === 0) return [];
  const smallest = Math.min(...sizes);
  const common = sizes.reduce((a, b) => gcd(a, b));
  const blocked = coverOf(setup, position);
  for (const hole of setup.holes ?? []) blocked[hole] = -2;
  const found: PlayViolation[] = [];
  for (const pocket of openRegions((cell) => blocked[cell] === -1, width, height, depth)) {
    if (pocket.length >= smallest && pocket.length % common === 0) continue;
    const what = pocket.length === 1 ? 'this cube' : `these ${pocket.length} cubes`;
    const why = pocket.length < smallest ? `the smallest has ${smallest}` : `${pocket.length} is not a multiple of ${common}`;
    found.push({ message: `${what} cannot be filled by the pieces left: ${why}`, cells: pocket });
  }
  return found;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Every cube of the target is covered, with at least the least count of each piece. */
export function packed(instance: PackingInstance, setup: PiecesSetup, position: PiecesPosition): boolean {
  const left = piecesLeft(setup, position);
  if (instance.pieces.kinds.some((kind, i) => kind.max - left[i]! < kind.min)) return false;
  const covered = position.placed.reduce((n, placed) => n + placed.cells.length, 0);
  return covered + (setup.holes?.length ?? 0) === setup.width * setup.height * (setup.depth ?? 1);
}

export const play: PlaySpec<PackingInstance, PackingState> = {
  setup: (instance) => packingSetup(instance),
  view(_instance, setup, position) {
    const pieces = piecesOf(setup, position);
    return { frame: packingFrame(pieces.setup, pieces.position) };
  },
  check(_instance, setup, position) {
    const pieces = piecesOf(setup, position);
    return unfillable(pieces.setup, pieces.position);
  },
  complete(instance, setup, position) {
    const pieces = piecesOf(setup, position);
    return packed(instance, pieces.setup, pieces.position);
  },
  referee: () => import('./play-referee.js').then((module) => module.referee),
};
