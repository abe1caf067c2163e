import { type Frame, type Palette, frameFromRows } from '@kit/core';
import { PIECE_PALETTE, pieceCell, pieceFill } from '@kit/grid';

/** What the solver reports: a packing (or a partial one while searching) as rows of piece names. */
export interface PackingState {
  /** The board, one string a row: a piece's name on each cell it covers, `.` a hole, a space a cell not yet covered. */
  rows: string[];
  /** Search nodes so far, on progress states. */
  tries?: number;
}

/** The palette key a piece name is drawn with. */
export const fillFor = pieceFill;

/** Colours for piece names beyond the twelve pentomino letters (those come from core's palette). */
export const POLYOMINO_PALETTE: Palette = PIECE_PALETTE;

/** A packing as a frame: a piece's name is its fill and label; holes are holes. */
export function viewPacking(state: PackingState, options: { index?: number } = {}): Frame {
  const title = options.index !== undefined ? `No. ${options.index}` : state.tries !== undefined ? `tries ${state.tries}` : undefined;
  return frameFromRows(state.rows, pieceCell, title);
}
