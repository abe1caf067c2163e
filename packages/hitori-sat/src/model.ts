/**
 * A Hitori puzzle: a grid of numbers, row-major, `0` for a blank cell (no number, never shaded).
 * Plain data so it crosses worker boundaries.
 */
export interface Hitori {
  /** Cells in a row. */
  width: number;
  /** Rows. */
  height: number;
  /** `width * height` numbers, row by row; 0 for a blank cell. */
  numbers: number[];
}

/**
 * The largest side the parsers accept (puzzles and --fill patterns). Measured on a shared 2-core
 * machine (load about 15): a generated 200x200 solves with its uniqueness proof in 21 s and 290 MB,
 * 150x150 in 5 s, 100x100 in 3 s; an all-free 200x200 pattern fills in 0.9 s. Past 200 the
 * uniqueness proof grows into minutes.
 */
export const MAX_SIDE = 200;

/** The largest side --generate makes: generating took 12 s at 100x100, 35 s at 150x150, 3 minutes at 200x200. */
export const GENERATE_MAX_SIDE = 100;

/**
 * The sides a graded generator (`kit generate`) takes. Easy puzzles get rarer as the board grows: at
 * 20x20 one candidate in 20-60 grades easy (about 1-2 s), at 25x25 200 tries often find none, so 20 is the most.
 */
export const MAKE_MIN_SIDE = 4;
export const MAKE_MAX_SIDE = 20;

/** A shading, row-major: 1 shaded, 0 not. */
export type Shading = Uint8Array;

/** A shading as one string a row, `#` shaded and `.` not, for printing and for tests. */
export function shadingRows(width: number, shading: ArrayLike<number>): string[] {
  const rows: string[] = [];
  for (let start = 0; start < shading.length; start += width) {
    let row = '';
    for (let x = 0; x < width; x++) row += shading[start + x] ? '#' : '.';
    rows.push(row);
  }
  return rows;
}

export function numberRows(puzzle: Hitori): number[][] {
  const rows: number[][] = [];
  for (let y = 0; y < puzzle.height; y++) rows.push(puzzle.numbers.slice(y * puzzle.width, (y + 1) * puzzle.width));
  return rows;
}

/** The four orthogonal neighbours of a cell that lie on the board. */
export function neighbours(width: number, height: number, cell: number): number[] {
  const x = cell % width;
  const y = (cell - x) / width;
  const result: number[] = [];
  if (y > 0) result.push(cell - width);
  if (x > 0) result.push(cell - 1);
  if (x < width - 1) result.push(cell + 1);
  if (y < height - 1) result.push(cell + width);
  return result;
}

/**
 * Connected regions of unshaded cells (blank cells count as unshaded). Flat indices rather than
 * @kit/grid's coordinate objects: this runs after every SAT call and for every cell the generator shades.
 */
export function unshadedRegions(width: number, height: number, shaded: ArrayLike<number>): number[][] {
  const size = width * height;
  const region = new Int32Array(size).fill(-1);
  const regions: number[][] = [];
  const stack: number[] = [];
  for (let start = 0; start < size; start++) {
    if (shaded[start] || region[start]! >= 0) continue;
    const cells: number[] = [];
    region[start] = regions.length;
    stack.push(start);
    while (stack.length > 0) {
      const cell = stack.pop()!;
      cells.push(cell);
      for (const next of neighbours(width, height, cell)) {
        if (!shaded[next] && region[next]! < 0) {
          region[next] = regions.length;
          stack.push(next);
        }
      }
    }
    regions.push(cells);
  }
  return regions;
}
