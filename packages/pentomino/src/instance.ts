import { InputError, type ParsedOptions, type TextFile } from '@kit/core';
import { skipGeneratedHeader } from '@kit/core/make';
import { boardToRows } from '@kit/grid';
import { boardFromRows, boardFromText, boardName, quickCellCount, seedBoard } from './boards.js';
import { checkArea } from './area.js';
import { type LaidPiece, readLaidBoard } from './laid.js';
import { checkSearchable } from './limits.js';
import { type PieceSet, parsePieceSet, pentominoSet, selectPieces } from './pieces.js';

/** What the plugin hands its solver: plain data. */
export interface PackingInstance {
  /** The board, cropped to its cells' bounding box: `.` a cell, `#` a hole. */
  board: string[];
  /** `6x10`, or the bounding box of a custom board. */
  name: string;
  /** The pieces to pack (`--pieces`, `--piece-file`), without the ones a challenge lays. */
  pieces: PieceSet;
  /** `--all`: count every packing, symmetric copies included. */
  all: boolean;
  /** The board file, for messages. */
  file?: string;
  /**
   * Pieces the board file lays (a challenge): their cells are holes in `board` and they are not in
   * `pieces`; solutions and the play board show them.
   */
  laid?: LaidPiece[];
}

/** Options (and the positional board file) to an instance; throws InputError. */
export function parseInstance(options: ParsedOptions, input?: TextFile): PackingInstance {
  const boardOption = options.board as TextFile | undefined;
  if (boardOption && input) throw new InputError('give the board once: either --board FILE or a file argument');
  const file = boardOption ?? input;
  const pieceFile = options['piece-file'] as TextFile | undefined;
  let pieces: PieceSet = pieceFile ? parsePieceSet(pieceFile.text, pieceFile.name) : pentominoSet();
  const letters = options.pieces as string | undefined;
  if (letters !== undefined) pieces = selectPieces(pieces, letters);
  // A board file may lay some of the pieces (a challenge); `kit generate` puts a header line above it.
  const text = file ? skipGeneratedHeader(file.text) : undefined;
  const withLaid = file ? readLaidBoard(text!, pieces, file.name) : undefined;
  if (withLaid) {
    checkArea(withLaid.board, pieces, file?.name);
    if (withLaid.left.kinds.length === 0) throw new InputError('every piece is already laid: nothing is left to place', { file: file!.name });
    const holed = withLaid.board.map((cell) => cell);
    for (const piece of withLaid.laid) for (const cell of piece.cells) holed.cells[cell] = false;
    checkSearchable(holed, withLaid.left, file?.name);
    return {
      board: boardToRows(holed),
      name: boardName(withLaid.board),
      pieces: withLaid.left,
      all: options.all === true,
      ...(file ? { file: file.name } : {}),
      laid: withLaid.laid,
    };
  }
  // The checks that can fail come before the work that grows with the board: a 2000x2000 board
  // with the wrong area is refused after one pass over its text, not after building its grid.
  const cells = text !== undefined ? quickCellCount(text) : undefined;
  if (cells !== undefined && cells > 0) checkArea(cells, pieces, file?.name);
  const board = file ? boardFromText(text!, file.name) : boardFromRows(seedBoard(Number(options.size ?? 6)));
  checkArea(board, pieces, file?.name);
  checkSearchable(board, pieces, file?.name);
  return {
    board: boardToRows(board),
    name: boardName(board),
    pieces,
    all: options.all === true,
    ...(file ? { file: file.name } : {}),
  };
}
