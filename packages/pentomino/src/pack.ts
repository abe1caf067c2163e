import { boardFromRows } from './boards.js';
import { prepare, runAll } from './engine.js';
import type { SymmetryMethod } from '@kit/cover';
import { type PieceSet, pentominoSet, selectPieces } from './pieces.js';

/** What {@link pack} packs and how it counts. */
export interface PackOptions {
  /** Rows: '.' a cell to fill, '#' or ' ' a hole. */
  board: readonly string[];
  /** Letters from FILNPTUVWXYZ (repeats allowed) or a parsed piece set; default all 12. */
  pieces?: string | PieceSet;
  /** Raw placements instead of distinct solutions. */
  all?: boolean;
  /** Stop after this many packings (default: find them all). */
  limit?: number;
  /** Called with each packing as found, one string a row, a piece's name a cell. */
  onSolution?: (rows: string[]) => void;
  /** Advanced: how to remove symmetric copies (default `auto`). */
  method?: SymmetryMethod | 'auto';
}

/** Resolves `pieces` as PackOptions takes it: letters out of the pentominoes, or a set as it is. */
export function resolvePieces(pieces: string | PieceSet | undefined): PieceSet {
  if (pieces === undefined) return pentominoSet();
  return typeof pieces === 'string' ? selectPieces(pentominoSet(), pieces, 'pieces') : pieces;
}

/**
 * Packs the pieces into the board and counts the packings: distinct ones (symmetric copies under the
 * board's own symmetry group removed) by default, every one with `all`. Throws InputError for a bad
 * board, unknown letters or an area mismatch.
 */
export function pack(options: PackOptions): { solutions: number; tries: number } {
  const board = boardFromRows(options.board);
  const prepared = prepare(board, resolvePieces(options.pieces), {
    all: options.all ?? false,
    ...(options.method !== undefined ? { method: options.method } : {}),
  });
  const { solutions, tries } = runAll(prepared, {
    ...(options.limit !== undefined ? { limit: options.limit } : {}),
    ...(options.onSolution ? { solution: options.onSolution } : {}),
  });
  return { solutions, tries };
}
