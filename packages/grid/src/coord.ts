import { sortShort } from './sort-short.js';

/** A cell position: `row` counts down from 0, `col` counts right from 0. */
export interface Coord {
  /** The row, 0 at the top. */
  readonly row: number;
  /** The column, 0 at the left. */
  readonly col: number;
}

/** A {@link Coord} from its row and column, for code that builds many. */
export function coord(row: number, col: number): Coord {
  return { row, col };
}

/** A stable string key (`"3,7"`) for sets and maps of coordinates. */
export function coordKey(at: Coord): string {
  return `${at.row},${at.col}`;
}

/** Up, right, down, left: the 4-neighbourhood as row/column offsets. */
export const DIRECTIONS4: readonly Coord[] = [
  { row: -1, col: 0 },
  { row: 0, col: 1 },
  { row: 1, col: 0 },
  { row: 0, col: -1 },
];

/** The four orthogonal neighbours of a cell, without any bounds check. */
export function neighbours4(at: Coord): Coord[] {
  return DIRECTIONS4.map((d) => ({ row: at.row + d.row, col: at.col + d.col }));
}

/** Row-major order: by row, then by column. */
export function compareCoords(a: Coord, b: Coord): number {
  return a.row - b.row || a.col - b.col;
}

/** Sorts cells row-major in place (see sortShort: no allocation for a piece's few cells). */
export function sortCoords<T extends Coord>(cells: T[]): T[] {
  return sortShort(cells, compareCoords);
}
