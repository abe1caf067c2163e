import { type Cell, type Frame, frameFromRows } from '@kit/core';

/** A tiling with `--pieces`: one string a row, a piece letter per cell. */
/** With `--pieces`: one tiling of the 5 x N board. */
export interface TilingSolution {
  /** One string a row, each cell the letter of the piece that covers it. */
  rows: string[];
}

/** With `--n`: one event per piece set that tiles, with its count and its smallest tiling. */
export interface SubsetSolution {
  /** The set's letters, in FILNPTUVWXYZ order. */
  pieces: string;
  /** Its distinct tilings (every tiling with `--all`). */
  count: number;
  /** Its smallest tiling, one string a row. */
  rows: string[];
}

/** With `--challenge`: one event per board of the booklet's rows (count 0: no tiling; rows empty cells). */
export interface PentaSolution extends SubsetSolution {
  /** The challenge's id (`small-slam`). */
  challenge: string;
  /** The row's letter. */
  row: string;
}

/** What the plugin's solver reports, by job: a tiling, a tiling piece set, or a challenge's board. */
export type KataminoSolution = TilingSolution | SubsetSolution | PentaSolution;

/** A partial tiling while searching (space: not yet covered). */
export interface KataminoState {
  /** The board so far, one string a row: a piece's letter, or a space where nothing lies yet. */
  rows: string[];
  /** Placements tried so far in the search. */
  tries?: number;
}

function cellFor(char: string): Cell {
  if (char === ' ') return {};
  if (char === '.') return { hole: true };
  // The pentomino letters are keys of core's palette.
  return { fill: char, label: char };
}

function titleOf(state: KataminoSolution | KataminoState, index: number | undefined): string | undefined {
  if ('challenge' in state)
    return `${state.challenge} ${state.row}${state.pieces.length}: ${state.pieces}, ${state.count} solution${state.count === 1 ? '' : 's'}`;
  if ('pieces' in state) return `${state.pieces}: ${state.count} solution${state.count === 1 ? '' : 's'}`;
  if (index !== undefined) return `No. ${index}`;
  if ('tries' in state && state.tries !== undefined) return `tries ${state.tries}`;
  return undefined;
}

/** A tiling (or a partial one) as a frame: a piece's letter is its fill and label. */
export function viewKatamino(state: KataminoSolution | KataminoState, options: { index?: number } = {}): Frame {
  return frameFromRows(state.rows, cellFor, titleOf(state, options.index));
}
