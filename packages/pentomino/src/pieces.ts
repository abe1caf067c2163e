import { InputError } from '@kit/core';
import { PENTOMINOES, type Shape, isConnected, normalize, splitLines } from '@kit/grid';

/** One kind of piece: a single-character name (its label in solutions), its shape, how many copies. */
export interface PieceKind {
  /** One character, written on the cells the piece covers in a solution. */
  name: string;
  /** Its cells, normalised; the search tries every orientation. */
  shape: Shape;
  /** How many copies are to be packed. */
  count: number;
}

/** The pieces to pack: plain data, so it crosses worker boundaries. */
export interface PieceSet {
  /** The kinds of piece, each with how many copies to pack. */
  kinds: PieceKind[];
}

export const PENTOMINO_LETTERS = 'FILNPTUVWXYZ';

/** The twelve pentominoes, once each, in the order FILNPTUVWXYZ. */
export function pentominoSet(): PieceSet {
  return { kinds: [...PENTOMINO_LETTERS].map((name) => ({ name, shape: PENTOMINOES[name]!, count: 1 })) };
}

export function pieceCount(set: PieceSet): number {
  return set.kinds.reduce((n, kind) => n + kind.count, 0);
}

export function pieceArea(set: PieceSet): number {
  return set.kinds.reduce((n, kind) => n + kind.count * kind.shape.length, 0);
}

/** The piece names with repeats, e.g. `FFILL`. */
export function pieceLetters(set: PieceSet): string {
  return set.kinds.map((kind) => kind.name.repeat(kind.count)).join('');
}

/**
 * Picks pieces from a set by name, repeats allowed (`FFILL`: two F, one I, two L). The kinds keep the
 * set's order, so the search order does not depend on how the letters were typed.
 */
export function selectPieces(set: PieceSet, letters: string, what = '--pieces'): PieceSet {
  const wanted = new Map<string, number>();
  for (const letter of letters.replace(/[\s,]/g, '')) {
    const name = set.kinds.some((kind) => kind.name === letter) ? letter : letter.toUpperCase();
    if (!set.kinds.some((kind) => kind.name === name)) {
      throw new InputError(`unknown piece ${JSON.stringify(letter)} in ${what} (choose from ${set.kinds.map((kind) => kind.name).join('')})`);
    }
    wanted.set(name, (wanted.get(name) ?? 0) + 1);
  }
  if (wanted.size === 0) throw new InputError(`${what} names no pieces`);
  return { kinds: set.kinds.filter((kind) => wanted.has(kind.name)).map((kind) => ({ ...kind, count: wanted.get(kind.name)! })) };
}

/**
 * Reads polyominoes drawn as text, e.g. the tetrominoes:
 *
 *     IIII  OO  TTT  SS.  L.
 *           OO  .T.  .SS  L.
 *                         LL
 *
 * Every character other than `.` and space is a cell of the piece it names (one character, its
 * label in solutions); `.` and space are gaps; blank lines separate blocks of drawings; lines
 * starting with `//` are comments. Each piece must be drawn once and be connected.
 */
export function parsePieceSet(text: string, fileName?: string): PieceSet {
  const where = (line?: number, column?: number) => ({
    ...(fileName !== undefined ? { file: fileName } : {}),
    ...(line !== undefined ? { line } : {}),
    ...(column !== undefined ? { column } : {}),
  });
  const cells = new Map<string, { row: number; col: number }[]>();
  const firstSeen = new Map<string, { line: number; column: number; block: number }>();
  let block = 0;
  let blockStart = 0;
  let inBlock = false;
  splitLines(text).forEach((line, index) => {
    if (line.trimStart().startsWith('//')) return;
    if (line.trim() === '') {
      if (inBlock) block++;
      inBlock = false;
      return;
    }
    if (!inBlock) blockStart = index;
    inBlock = true;
    for (let col = 0; col < line.length; col++) {
      const char = line[col]!;
      if (char === '.' || char === ' ') continue;
      if (char === '\t' || char.charCodeAt(0) < 33) {
        throw new InputError(`unexpected ${JSON.stringify(char)} in piece file (draw pieces with letters, '.' or space for gaps)`, where(index + 1, col + 1));
      }
      const seen = firstSeen.get(char);
      if (seen && seen.block !== block) {
        throw new InputError(`piece ${JSON.stringify(char)} is drawn twice (first on line ${seen.line})`, where(index + 1, col + 1));
      }
      if (!seen) firstSeen.set(char, { line: index + 1, column: col + 1, block });
      const list = cells.get(char) ?? [];
      list.push({ row: index - blockStart, col });
      cells.set(char, list);
    }
  });
  if (cells.size === 0) throw new InputError('piece file has no pieces', where());
  const kinds: PieceKind[] = [];
  for (const [name, list] of cells) {
    const shape = normalize(list);
    if (!isConnected(shape)) {
      const at = firstSeen.get(name)!;
      throw new InputError(`piece ${JSON.stringify(name)} is not connected`, where(at.line, at.column));
    }
    kinds.push({ name, shape, count: 1 });
  }
  return { kinds };
}
