// Pieces already laid on a board file: a piece's letter on its cells (`LLXW......`). A challenge is
// such a board: the laid pieces are fixed, the rest of the set is to be placed. The solver sees the
// laid cells as holes and the pieces left; solutions and the play board show the laid pieces again.
import { InputError } from '@kit/core';
import { type Board, normalize, orientations, shapeKey, splitLines } from '@kit/grid';
import { boardFromText } from './boards.js';
import type { PieceSet } from './pieces.js';

/** A piece fixed on the board: its name and its cells, row by row in the cropped board. */
export interface LaidPiece {
  /** The piece's name (its letter). */
  name: string;
  /** Its cells, ascending. */
  cells: number[];
}

/** A board file with laid pieces, read: the board (laid cells are cells), the laid pieces, the pieces left. */
export interface LaidBoard {
  /** The cropped board; laid cells are cells. */
  board: Board;
  /** The laid pieces, in reading order of their first cell. */
  laid: LaidPiece[];
  /** The pieces not laid. */
  left: PieceSet;
}

/**
 * Reads a board whose cells may carry the letter of a laid piece, or that starts with blank lines
 * (a blanked `kit generate` header); undefined for a plain board (`.`, `#`, space only), which the
 * plain board reader takes as before. Each laid piece is one connected group of its letter, in one
 * of the piece's orientations; errors name the line and column.
 */
export function readLaidBoard(text: string, pieces: PieceSet, file?: string): LaidBoard | undefined {
  const names = new Set(pieces.kinds.map((kind) => kind.name));
  const lines = splitLines(text);
  let skipped = 0;
  while (skipped < lines.length && lines[skipped] === '') skipped++;
  const body = lines.slice(skipped);
  const lettered = body.some((line) => [...line].some((char) => names.has(char)));
  if (!lettered && skipped === 0) return undefined;
  const where = (line: number, column?: number) => ({
    ...(file !== undefined ? { file } : {}),
    line: line + skipped + 1,
    ...(column !== undefined ? { column: column + 1 } : {}),
  });
  // The plain reader checks the shape and the characters; letters are cells to it.
  const plain = `${body.map((line) => [...line].map((char) => (names.has(char) ? '.' : char)).join('')).join('\n')}\n`;
  let board: Board;
  try {
    board = boardFromText(plain, file);
  } catch (error) {
    if (error instanceof InputError && error.where.line !== undefined)
      throw new InputError(error.message, { ...error.where, line: error.where.line + skipped });
    throw error;
  }
  // The cropped board's box in the file: the first row and column holding a cell.
  let top = Infinity;
  let left = Infinity;
  body.forEach((line, row) => {
    [...line].forEach((char, col) => {
      if (char === '.' || names.has(char)) {
        top = Math.min(top, row);
        left = Math.min(left, col);
      }
    });
  });
  const letterAt = (row: number, col: number) => {
    const char = body[row + top]?.[col + left];
    return char !== undefined && names.has(char) ? char : undefined;
  };
  const seen = new Uint8Array(board.rows * board.cols);
  const laid: LaidPiece[] = [];
  const used = new Map<string, number>();
  for (let row = 0; row < board.rows; row++) {
    for (let col = 0; col < board.cols; col++) {
      const name = letterAt(row, col);
      if (name === undefined || seen[row * board.cols + col]) continue;
      const group: { row: number; col: number }[] = [];
      const stack = [{ row, col }];
      seen[row * board.cols + col] = 1;
      while (stack.length > 0) {
        const at = stack.pop()!;
        group.push(at);
        for (const [dr, dc] of [
          [-1, 0],
          [1, 0],
          [0, -1],
          [0, 1],
        ] as const) {
          const next = { row: at.row + dr, col: at.col + dc };
          if (next.row < 0 || next.col < 0 || next.row >= board.rows || next.col >= board.cols) continue;
          if (seen[next.row * board.cols + next.col] || letterAt(next.row, next.col) !== name) continue;
          seen[next.row * board.cols + next.col] = 1;
          stack.push(next);
        }
      }
      const kind = pieces.kinds.find((k) => k.name === name)!;
      const shapes = new Set(orientations(kind.shape).map(shapeKey));
      if (!shapes.has(shapeKey(normalize(group)))) {
        throw new InputError(`the ${group.length} cells marked ${JSON.stringify(name)} here are not one ${name} piece`, where(row + top, col + left));
      }
      const count = (used.get(name) ?? 0) + 1;
      if (count > kind.count) {
        throw new InputError(`${name} is laid ${count} times but the pieces have ${kind.count === 1 ? 'one' : kind.count}`, where(row + top, col + left));
      }
      used.set(name, count);
      laid.push({ name, cells: group.map((at) => at.row * board.cols + at.col).sort((a, b) => a - b) });
    }
  }
  const kinds = pieces.kinds.map((kind) => ({ ...kind, count: kind.count - (used.get(kind.name) ?? 0) })).filter((kind) => kind.count > 0);
  return { board, laid, left: { kinds } };
}

/**
 * A solution of the board with the laid cells as holes (rows of the solver's board, cropped to its
 * free cells) drawn on the whole board, laid pieces included.
 */
export function withLaid(board: readonly string[], laid: readonly LaidPiece[], rows: readonly string[]): string[] {
  const cols = board[0]?.length ?? 0;
  // Holes are '.' in a solution, cells not yet covered a space.
  const out = board.map((row) => [...row].map((char): string => (char === '.' ? ' ' : '.')));
  for (const piece of laid) for (const cell of piece.cells) out[Math.floor(cell / cols)]![cell % cols] = piece.name;
  // The solver's board is the free cells' bounding box: find where it starts.
  let top = Infinity;
  let left = Infinity;
  board.forEach((row, r) => {
    [...row].forEach((char, c) => {
      if (char === '.') {
        top = Math.min(top, r);
        left = Math.min(left, c);
      }
    });
  });
  rows.forEach((row, r) => {
    [...row].forEach((char, c) => {
      if (char !== '.' && char !== ' ') out[r + top]![c + left] = char;
    });
  });
  return out.map((row) => row.join(''));
}
