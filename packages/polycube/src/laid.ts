// Pieces already laid in a target: a challenge. In a target file a letter or digit is a cube already
// covered by the piece of that name (each connected group of one letter is one piece, in one of its
// rotations), and `set: NAME` / `pieces: LETTERS` lines above the first layer name the pieces, so a
// challenge file carries everything `kit run` needs. The pieces left are the set's minus the laid
// ones; the laid cubes become holes of the search, and the laid pieces are drawn back into every
// solution.
import { InputError } from '@kit/core';
import { type Voxel, normalize, rotationKey } from './geometry.js';
import { splitLayers, where } from './layers.js';
import type { PieceKind, PieceSet } from './pieces.js';
import { type Target, parseTarget, targetSize } from './target.js';

/** A piece a challenge has already laid: its name and its cubes as box indices `x + X * (y + Y * z)`, ascending. */
export interface LaidPiece {
  /** The piece's name in the set (its letter in the file). */
  name: string;
  /** Its cubes as box indices, ascending: the play board's numbering. */
  cells: number[];
}

/** A target file read with its laid pieces and header lines. */
export interface LaidTarget {
  /** The whole target, laid cubes included (as cubes to fill). */
  target: Target;
  laid: LaidPiece[];
  /** Where each laid piece was first drawn, for messages. */
  at: Array<{ line: number; column: number }>;
  /** `set: NAME`, when given. */
  set?: string;
  /** `pieces: LETTERS`, when given. */
  pieces?: string;
}

const HEADER_LINE = /^\s*([A-Za-z][\w-]*)\s*:\s*(.*?)\s*$/;
const LAID = /[A-Za-z0-9]/;

/** Reads a target file that may hold laid pieces and `set:` / `pieces:` lines; throws InputError. */
export function readLaidTarget(text: string, file?: string): LaidTarget {
  const lines = text.split('\n');
  let set: string | undefined;
  let pieces: string | undefined;
  // Header lines come before the first layer; they are blanked so that line numbers stay the file's.
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/\r$/, '');
    if (line.trim() === '' || line.trimStart().startsWith('//')) continue;
    const header = HEADER_LINE.exec(line);
    if (!header) break;
    const [, key, value] = header as unknown as [string, string, string];
    if (key === 'set') set = value;
    else if (key === 'pieces') pieces = value;
    else throw new InputError(`unknown header line "${key}:" (a target file's header takes set: and pieces:)`, where(file, i + 1, 1));
    lines[i] = '';
  }
  const stack = splitLayers(lines.join('\n'), file, false)[0] ?? [];
  const drawn: Array<{ name: string; x: number; y: number; z: number; line: number; column: number }> = [];
  stack.forEach((layer, z) => {
    layer.rows.forEach((row, y) => {
      if (!LAID.test(row)) return;
      for (let x = 0; x < row.length; x++) if (LAID.test(row[x]!)) drawn.push({ name: row[x]!, x, y, z, line: layer.line + y, column: x + 1 });
      const index = layer.line + y - 1;
      lines[index] = lines[index]!.replace(/[A-Za-z0-9]/g, '.');
    });
  });
  const target = parseTarget(lines.join('\n'), file);
  if (drawn.length === 0) return { target, laid: [], at: [], ...(set !== undefined ? { set } : {}), ...(pieces !== undefined ? { pieces } : {}) };
  // parseTarget cropped hole-only margins: the laid cubes move with it.
  const origin = [Infinity, Infinity, Infinity];
  stack.forEach((layer, z) => {
    layer.rows.forEach((row, y) => {
      for (let x = 0; x < row.length; x++) {
        if (row[x] === '.' || LAID.test(row[x]!))
          [origin[0], origin[1], origin[2]] = [Math.min(origin[0]!, x), Math.min(origin[1]!, y), Math.min(origin[2]!, z)];
      }
    });
  });
  const [X, Y] = targetSize(target);
  const nameAt = new Map<number, string>();
  const first = new Map<number, { line: number; column: number }>();
  for (const cube of drawn) {
    const cell = cube.x - origin[0]! + X * (cube.y - origin[1]! + Y * (cube.z - origin[2]!));
    nameAt.set(cell, cube.name);
    first.set(cell, { line: cube.line, column: cube.column });
  }
  const laid: LaidPiece[] = [];
  const at: Array<{ line: number; column: number }> = [];
  const seen = new Set<number>();
  // Cells in file order (layer, row, column) so pieces come out in the order they are drawn.
  for (const cube of drawn) {
    const start = cube.x - origin[0]! + X * (cube.y - origin[1]! + Y * (cube.z - origin[2]!));
    if (seen.has(start)) continue;
    const cells = groupOf(start, nameAt, seen, targetSize(target));
    laid.push({ name: cube.name, cells });
    at.push(first.get(start)!);
  }
  return { target, laid, at, ...(set !== undefined ? { set } : {}), ...(pieces !== undefined ? { pieces } : {}) };
}

/** The cubes face to face with `start` that carry its name. */
function groupOf(start: number, nameAt: Map<number, string>, seen: Set<number>, [X, Y, Z]: [number, number, number]): number[] {
  const name = nameAt.get(start)!;
  const cells: number[] = [];
  const stack = [start];
  seen.add(start);
  while (stack.length > 0) {
    const cell = stack.pop()!;
    cells.push(cell);
    const x = cell % X;
    const y = Math.floor(cell / X) % Y;
    const z = Math.floor(cell / (X * Y));
    const around = [
      x > 0 ? cell - 1 : -1,
      x < X - 1 ? cell + 1 : -1,
      y > 0 ? cell - X : -1,
      y < Y - 1 ? cell + X : -1,
      z > 0 ? cell - X * Y : -1,
      z < Z - 1 ? cell + X * Y : -1,
    ];
    for (const next of around) {
      if (next >= 0 && !seen.has(next) && nameAt.get(next) === name) {
        seen.add(next);
        stack.push(next);
      }
    }
  }
  return cells.sort((a, b) => a - b);
}

function voxelsOf(cells: readonly number[], [X, Y]: readonly [number, number, number]): Voxel[] {
  return cells.map((cell): Voxel => [cell % X, Math.floor(cell / X) % Y, Math.floor(cell / (X * Y))]);
}

/**
 * The search a challenge leaves: its laid cubes as holes and the set without the laid pieces. Each
 * laid piece must be a piece of the set, in one of its rotations, and no more often than the set has it.
 */
export function withoutLaid(
  target: Target,
  set: PieceSet,
  laid: readonly LaidPiece[],
  at: ReadonlyArray<{ line: number; column: number }>,
  file?: string,
): { target: Target; pieces: PieceSet } {
  const size = targetSize(target);
  const [X, Y] = size;
  const left = new Map(set.kinds.map((kind) => [kind.name, kind.max]));
  laid.forEach((piece, i) => {
    const kind = set.kinds.find((k) => k.name === piece.name);
    const place = where(file, at[i]?.line, at[i]?.column);
    if (!kind) throw new InputError(`laid piece "${piece.name}" is not one of the pieces (${set.kinds.map((k) => k.name).join('')})`, place);
    if (rotationKey(normalize(voxelsOf(piece.cells, size))) !== rotationKey(kind.shape)) {
      throw new InputError(
        `the ${piece.cells.length} cubes marked "${piece.name}" are not the shape of piece ${piece.name} (${kind.shape.length} cubes, turned any way but not mirrored)`,
        place,
      );
    }
    const remaining = left.get(piece.name)! - 1;
    if (remaining < 0) throw new InputError(`piece "${piece.name}" is laid more often than the set has it (${kind.max})`, place);
    left.set(piece.name, remaining);
  });
  const holes = new Set(laid.flatMap((piece) => piece.cells));
  const layers = target.layers.map((layer, z) => layer.map((row, y) => [...row].map((char, x) => (holes.has(x + X * (y + Y * z)) ? '#' : char)).join('')));
  const kinds: PieceKind[] = [];
  for (const kind of set.kinds) {
    const count = left.get(kind.name)!;
    const laidCount = kind.max - count;
    if (count > 0) kinds.push({ ...kind, min: Math.max(0, kind.min - laidCount), max: count });
  }
  return { target: { layers }, pieces: { kinds } };
}

/** A solution's layers (laid cubes drawn as holes) with the laid pieces drawn back in. */
export function drawLaid(layers: string[][], laid: readonly LaidPiece[]): string[][] {
  if (laid.length === 0) return layers;
  const X = layers[0]![0]!.length;
  const Y = layers[0]!.length;
  const out = layers.map((layer) => layer.map((row) => [...row]));
  for (const piece of laid) for (const cell of piece.cells) out[Math.floor(cell / (X * Y))]![Math.floor(cell / X) % Y]![cell % X] = piece.name;
  return out.map((layer) => layer.map((row) => row.join('')));
}

/** A challenge as a target file: header lines, then the layers with the laid pieces' letters. */
export function challengeText(target: Target, laid: readonly LaidPiece[], header: { set?: string; pieces?: string }): string {
  const lines: string[] = [];
  if (header.set !== undefined) lines.push(`set: ${header.set}`);
  if (header.pieces !== undefined) lines.push(`pieces: ${header.pieces}`);
  const drawn = drawLaid(target.layers, laid);
  return `${[...lines, '', drawn.map((layer) => layer.join('\n')).join('\n\n')].join('\n')}\n`;
}
