// Pieces: polycubes drawn in layers, one letter or digit per piece, and how many of each to use.
import { InputError } from '@kit/core';
import { type Shape, type Voxel, isConnected, normalize } from './geometry.js';
import { checkRowCounts, splitLayers, where } from './layers.js';

/**
 * One kind of piece: a one-character name (its label in solutions), its shape and how many copies
 * go in: exactly `min` when min equals max (named sets, piece files), else any number in the range
 * (BurrTools problems may say so).
 */
export interface PieceKind {
  /** One letter or digit, written on the cubes the piece covers in a solution. */
  name: string;
  /** Its cubes, normalised; the search tries every rotation. */
  shape: Shape;
  /** The fewest copies a packing uses. */
  min: number;
  /** The most copies a packing uses. */
  max: number;
}

/** The pieces to pack: plain data, so it crosses worker boundaries. */
export interface PieceSet {
  /** The kinds of piece, each with its number of copies. */
  kinds: PieceKind[];
}

export const PIECE_NAME = /^[A-Za-z0-9]$/;
/** At most this many pieces in one packing (copies counted). */
export const MAX_PIECES = 1000;

export function pieceCount(set: PieceSet): { min: number; max: number } {
  return set.kinds.reduce((n, kind) => ({ min: n.min + kind.min, max: n.max + kind.max }), { min: 0, max: 0 });
}

/** The piece names with repeats, e.g. `VLTZABP`. */
export function pieceLetters(set: PieceSet): string {
  return set.kinds.map((kind) => kind.name.repeat(kind.max)).join('');
}

/**
 * Picks pieces from a set by name, repeats allowed (`LLTT`: two L, two T). The kinds keep the set's
 * order, so the search order does not depend on how the letters were typed. Names are case
 * sensitive where the set uses both cases (the pentacubes' mirror pairs), else either case works.
 */
export function selectPieces(set: PieceSet, letters: string, what = '--pieces'): PieceSet {
  const wanted = new Map<string, number>();
  for (const letter of letters.replace(/[\s,]/g, '')) {
    const name = set.kinds.some((kind) => kind.name === letter) ? letter : set.kinds.find((kind) => kind.name.toLowerCase() === letter.toLowerCase())?.name;
    if (name === undefined) {
      throw new InputError(`unknown piece ${JSON.stringify(letter)} in ${what} (choose from ${set.kinds.map((kind) => kind.name).join('')})`);
    }
    wanted.set(name, (wanted.get(name) ?? 0) + 1);
  }
  if (wanted.size === 0) throw new InputError(`${what} names no pieces`);
  const total = [...wanted.values()].reduce((a, b) => a + b, 0);
  if (total > MAX_PIECES) throw new InputError(`${what} names ${total} pieces, over the limit of ${MAX_PIECES}`);
  return {
    kinds: set.kinds.filter((kind) => wanted.has(kind.name)).map((kind) => ({ ...kind, min: wanted.get(kind.name)!, max: wanted.get(kind.name)! })),
  };
}

/**
 * Reads polycubes drawn in layers (see layers.ts), pieces side by side, e.g. the Soma pieces:
 *
 *     VV LLL TTT ZZ.  AA BB PP
 *     V. L.. .T. .ZZ  A. B. P.
 *
 *     .. ... ... ...  .A .. P.
 *     .. ... ... ...  .. B. ..
 *
 * Letters and digits are cubes of the piece they name; `.` and space are gaps. A line of dashes
 * starts a new stack of layers. Each piece must be drawn in one stack and be connected face to face.
 */
export function parsePieceFile(text: string, file?: string): PieceSet {
  const stacks = splitLayers(text, file, true);
  const cubes = new Map<string, Voxel[]>();
  const firstSeen = new Map<string, { line: number; column: number; stack: number }>();
  stacks.forEach((stack, s) => {
    checkRowCounts(stack, file, 'piece drawing');
    stack.forEach((layer, z) => {
      layer.rows.forEach((row, y) => {
        const line = layer.line + y;
        for (let x = 0; x < row.length; x++) {
          const char = row[x]!;
          if (char === '.' || char === ' ') continue;
          if (!PIECE_NAME.test(char)) {
            throw new InputError(
              `unexpected ${JSON.stringify(char)} in piece file (name pieces with letters or digits; '.' or space for gaps)`,
              where(file, line, x + 1),
            );
          }
          const seen = firstSeen.get(char);
          if (seen && seen.stack !== s) {
            throw new InputError(`piece ${JSON.stringify(char)} is drawn twice (first on line ${seen.line})`, where(file, line, x + 1));
          }
          if (!seen) firstSeen.set(char, { line, column: x + 1, stack: s });
          const list = cubes.get(char) ?? [];
          list.push([x, y, z]);
          cubes.set(char, list);
        }
      });
    });
  });
  if (cubes.size === 0) throw new InputError('the piece file has no pieces', where(file));
  const kinds: PieceKind[] = [];
  for (const [name, list] of cubes) {
    if (!isConnected(list)) {
      const at = firstSeen.get(name)!;
      throw new InputError(`piece ${JSON.stringify(name)} is not connected face to face`, where(file, at.line, at.column));
    }
    kinds.push({ name, shape: normalize(list), min: 1, max: 1 });
  }
  return { kinds };
}

/** A piece as layers of text (its name for each cube), as parsePieceFile reads it. */
export function drawPiece(kind: PieceKind): string[][] {
  let [sx, sy, sz] = [0, 0, 0];
  for (const [x, y, z] of kind.shape) [sx, sy, sz] = [Math.max(sx, x + 1), Math.max(sy, y + 1), Math.max(sz, z + 1)];
  const layers = Array.from({ length: sz }, () => Array.from({ length: sy }, () => new Array<string>(sx).fill('.')));
  for (const [x, y, z] of kind.shape) layers[z]![y]![x] = kind.name;
  return layers.map((layer) => layer.map((row) => row.join('')));
}
