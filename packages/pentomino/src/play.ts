// Pentomino (and any polyomino set) in play: pieces laid from a tray onto the board, R turns the
// piece in hand, F flips it. A region of empty cells that the pieces left cannot fill shows at
// once; the referee counts every completion (symmetric copies included, as `--all` does with the
// laid cells as holes and the remaining pieces), in play-referee.ts.
import type { Cell } from '@kit/core';
import {
  coverOf,
  piecesLeft,
  planarPiece,
  type PiecesPosition,
  type PiecesSetup,
  type PlayPosition,
  type PlaySetup,
  type PlaySpec,
  type PlayViolation,
} from '@kit/core/play';
import { openRegions } from '@kit/grid';
import type { PackingInstance } from './instance.js';
import type { PackingState } from './view.js';
import { fillFor } from './view.js';

/** The setup's board for a packing: the instance's board (`.` a cell, `#` a hole), its pieces in a tray. */
export function packingSetup(
  board: readonly string[],
  kinds: PackingInstance['pieces']['kinds'],
  allow?: (name: string, cells: ReadonlyArray<readonly [number, number]>) => boolean,
): PiecesSetup {
  const height = board.length;
  const width = board[0]?.length ?? 0;
  const holes: number[] = [];
  for (const [r, row] of board.entries()) for (const [c, char] of [...row].entries()) if (char !== '.') holes.push(r * width + c);
  const tray = kinds.map((kind) =>
    planarPiece(
      kind.name,
      kind.shape.map(({ row, col }) => [row, col] as [number, number]),
      {
        count: kind.count,
        fill: fillFor(kind.name),
        ...(allow ? { allow: (cells: ReadonlyArray<readonly [number, number]>) => allow(kind.name, cells) } : {}),
      },
    ),
  );
  return { kind: 'pieces', width, height, holes, tray };
}

function piecesOf(setup: PlaySetup, position: PlayPosition): { setup: PiecesSetup; position: PiecesPosition } {
  if (setup.kind !== 'pieces' || position.kind !== 'pieces') throw new Error('a packing is played with pieces');
  return { setup, position };
}

/** The board with its laid pieces: a piece's name and colour on its cells. */
export function packingFrame(setup: PiecesSetup, position: PiecesPosition): { width: number; height: number; cells: Cell[] } {
  const owner = coverOf(setup, position);
  const holes = new Set(setup.holes ?? []);
  const cells: Cell[] = [];
  for (let cell = 0; cell < setup.width * setup.height; cell++) {
    if (holes.has(cell)) cells.push({ hole: true });
    else if (owner[cell]! < 0) cells.push({ fill: 'empty' });
    else {
      const piece = setup.tray[position.placed[owner[cell]!]!.piece]!;
      cells.push({ fill: piece.fill ?? piece.name, label: piece.name });
    }
  }
  return { width: setup.width, height: setup.height, cells };
}

/** Regions of empty cells no choice of the pieces left can fill: too small, or not a multiple of a common size. */
export function unfillable(setup: PiecesSetup, position: PiecesPosition): PlayViolation[] {
  const { width, height } = setup;
  const left = piecesLeft(setup, position);
  const sizes = setup.tray.flatMap((piece, i) => (left[i]! > 0 ? [piece.orientations[0]!.length] : []));
  if (sizes.length === 0) return [];
  const smallest = sizes.reduce((a, b) => Math.min(a, b));
  const common = sizes.reduce((a, b) => gcd(a, b));
  const blocked = coverOf(setup, position);
  for (const hole of setup.holes ?? []) blocked[hole] = -2;
  const flagged = openRegions((cell) => blocked[cell] === -1, width, height).filter((region) => region.length < smallest || region.length % common !== 0);
  // A pocket cut off leaves the rest of the board a size no piece count makes too: with the empty
  // cells a multiple of the pieces' size in all, the largest region's fault is the others', so it is
  // not shown (a board in red hides the pocket that is the mistake). Only its own fault shows.
  const empty = flagged.length > 1 ? blocked.reduce((sum, owner) => sum + (owner === -1 ? 1 : 0), 0) : 0;
  if (flagged.length > 1 && empty % common === 0) {
    const largest = flagged.reduce((most, region) => (region.length > most.length ? region : most));
    if (largest.length >= smallest) flagged.splice(flagged.indexOf(largest), 1);
  }
  return flagged.map((region) => {
    const what = region.length === 1 ? '1 cell' : `${region.length} cells`;
    const why = region.length < smallest ? `the smallest has ${smallest}` : `${region.length} is not a multiple of ${common}`;
    return { message: `these ${what} cannot be filled by the pieces left: ${why}`, cells: region };
  });
}

/**
 * Pieces left that no orientation fits anywhere on the empty cells: every piece must be laid, so
 * such a piece is the mistake even where every region has a size the pieces make. Each search
 * stops at the first fit, so a board with room answers at once.
 */
export function fitsNowhere(setup: PiecesSetup, position: PiecesPosition): PlayViolation[] {
  const { width, height } = setup;
  const free = Array.from(coverOf(setup, position), (owner) => owner === -1);
  for (const hole of setup.holes ?? []) free[hole] = false;
  const fits = (shape: ReadonlyArray<readonly number[]>) => {
    const rows = Math.max(...shape.map(([row]) => row!)) + 1;
    const cols = Math.max(...shape.map(([, col]) => col!)) + 1;
    for (let top = 0; top + rows <= height; top++) {
      for (let left = 0; left + cols <= width; left++) if (shape.every(([row, col]) => free[(top + row!) * width + left + col!])) return true;
    }
    return false;
  };
  const left = piecesLeft(setup, position);
  return setup.tray.flatMap((piece, i) =>
    left[i]! > 0 && !piece.orientations.some(fits) ? [{ message: `the ${piece.name} fits nowhere in the cells left`, cells: [] }] : [],
  );
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Every piece is on the board. */
export const allLaid = (setup: PiecesSetup, position: PiecesPosition): boolean => piecesLeft(setup, position).every((n) => n === 0);

export const play: PlaySpec<PackingInstance, PackingState> = {
  setup: (instance) => packingSetup(instance.board, instance.pieces.kinds),
  view(instance, setup, position) {
    const pieces = piecesOf(setup, position);
    const frame = packingFrame(pieces.setup, pieces.position);
    // A challenge's laid pieces are holes to play on, drawn as the pieces they are.
    for (const piece of instance.laid ?? []) for (const cell of piece.cells) frame.cells[cell] = { fill: fillFor(piece.name), label: piece.name };
    return { frame };
  },
  check(_instance, setup, position) {
    const pieces = piecesOf(setup, position);
    // A pocket says it all; only a board with none is searched for a piece with no room.
    const pockets = unfillable(pieces.setup, pieces.position);
    return pockets.length > 0 ? pockets : fitsNowhere(pieces.setup, pieces.position);
  },
  complete(_instance, setup, position) {
    const pieces = piecesOf(setup, position);
    return allLaid(pieces.setup, pieces.position);
  },
  referee: () => import('./play-referee.js').then((module) => module.referee),
};
