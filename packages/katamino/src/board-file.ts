// A Katamino challenge as a file: a line `pieces LETTERS` (the set, one of each; the board is 5 x
// their number), then, for a challenge with pieces laid, the board's 5 rows with a laid piece's
// letter on its cells and `.` for a cell to fill. The pieces line alone is the booklet's form: the
// set, to lay on the empty board. `kit generate` writes a header line above it, which is skipped.
import { InputError, type TextFile } from '@kit/core';
import { skipGeneratedHeader } from '@kit/core/make';
import { type LaidPiece, type PieceSet, pentominoSet, readLaidBoard } from '@kit/pentomino/packing';
import { ROWS, lettersOf, parseLetters, popcount } from './pieces.js';

/** A challenge file, read: the set (piece ids), and the laid pieces if it draws a board. */
export interface ChallengeFile {
  pieces: number;
  width: number;
  laid?: {
    /** The board's rows, laid cells as `#`. */
    board: string[];
    laid: LaidPiece[];
    left: PieceSet;
  };
}

const PIECES_LINE = /^pieces[ \t]+(\S+)[ \t]*\r?$/;

export function readChallengeFile(file: TextFile): ChallengeFile {
  const lines = skipGeneratedHeader(file.text).split('\n');
  const first = lines.findIndex((line) => line.trim() !== '');
  const match = first < 0 ? null : PIECES_LINE.exec(lines[first]!);
  if (!match) {
    throw new InputError('a Katamino challenge starts with a line "pieces LETTERS", for example "pieces LNPUVY"', {
      file: file.name,
      ...(first >= 0 ? { line: first + 1 } : {}),
    });
  }
  let pieces: number;
  try {
    pieces = parseLetters(match[1]!, 'the pieces line');
  } catch (error) {
    if (error instanceof InputError) throw new InputError(error.message, { file: file.name, line: first + 1 });
    throw error;
  }
  const width = popcount(pieces);
  if (lines.slice(first + 1).every((line) => line.trim() === '')) return { pieces, width };
  // The board: the lines above it blanked, so that errors keep the file's line numbers.
  const letters = lettersOf(pieces);
  const set = { kinds: pentominoSet().kinds.filter((kind) => letters.includes(kind.name)) };
  const board = lines.map((line, i) => (i <= first ? '' : line)).join('\n');
  const read = readLaidBoard(board, set, file.name)!;
  if (read.board.rows !== ROWS || read.board.cols !== width || read.board.cells.some((cell) => !cell)) {
    throw new InputError(
      `the board must be ${ROWS} x ${width} cells with no holes, one column a piece (got ${read.board.rows}x${read.board.cols} around its cells)`,
      { file: file.name },
    );
  }
  if (read.left.kinds.length === 0) throw new InputError('every piece is already laid: nothing is left to place', { file: file.name });
  const rows = Array.from({ length: ROWS }, () => '.'.repeat(width).split(''));
  for (const piece of read.laid) for (const cell of piece.cells) rows[Math.floor(cell / width)]![cell % width] = '#';
  return { pieces, width, laid: { board: rows.map((row) => row.join('')), laid: read.laid, left: read.left } };
}
