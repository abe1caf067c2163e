// The field model shared by everything else: 6 columns, rows 1..14 (1 is the floor, 12 the top
// visible row, 13 the hidden row, 14 the row above it). Plain data, so it crosses worker boundaries.

export const WIDTH = 6;
/** Rows a field holds: 12 visible, the hidden 13th, and the 14th. */
export const ROWS = 14;
/** Rows whose puyos can join a group and pop. */
export const VISIBLE_ROWS = 12;

/** Cell codes used by the simulators: 0 empty, 1..5 colours, 6 garbage. */
export const EMPTY = 0;
export const GARBAGE = 6;
export const COLOUR_LETTERS = ['R', 'G', 'B', 'Y', 'P'] as const;
export type ColourLetter = (typeof COLOUR_LETTERS)[number];
/** Letter of each cell code; `.` is empty, `O` garbage. */
export const CELL_LETTERS = '.RGBYPO';

/**
 * A field as plain data: `rows[0]` is row 14 (top) and `rows[13]` is row 1 (the floor); each row is
 * six characters from `.RGBYPO`.
 */
export interface PuyoField {
  /** Fourteen rows of six characters, top (row 14) first. */
  rows: string[];
}

/** Cell codes column by column: index `x * ROWS + (row - 1)`. */
export type CellGrid = Uint8Array;

export const cellIndex = (x: number, row: number): number => x * ROWS + (row - 1);

export function emptyGrid(): CellGrid {
  return new Uint8Array(WIDTH * ROWS);
}

/** A field as the simulators' cell codes, column by column ({@link CellGrid}). */
export function gridFromField(field: PuyoField): CellGrid {
  const grid = emptyGrid();
  for (let row = 1; row <= ROWS; row++) {
    const line = field.rows[ROWS - row] ?? '';
    for (let x = 0; x < WIDTH; x++) {
      const code = CELL_LETTERS.indexOf(line[x] ?? '.');
      grid[cellIndex(x, row)] = code < 0 ? EMPTY : code;
    }
  }
  return grid;
}

export function fieldFromGrid(grid: CellGrid): PuyoField {
  const rows: string[] = [];
  for (let row = ROWS; row >= 1; row--) {
    let line = '';
    for (let x = 0; x < WIDTH; x++) line += CELL_LETTERS[grid[cellIndex(x, row)]!];
    rows.push(line);
  }
  return { rows };
}

export function emptyField(): PuyoField {
  return { rows: Array.from({ length: ROWS }, () => '......') };
}

/** The letter at column `x` (0..5) and `row` (1..14). */
export function cellLetter(field: PuyoField, x: number, row: number): string {
  return field.rows[ROWS - row]?.[x] ?? '.';
}

/** Puyos (colours and garbage) in rows `from`..`to`. */
export function countPuyos(field: PuyoField, from = 1, to = ROWS): number {
  let count = 0;
  for (let row = from; row <= to; row++) {
    for (const char of field.rows[ROWS - row] ?? '') if (char !== '.') count++;
  }
  return count;
}
