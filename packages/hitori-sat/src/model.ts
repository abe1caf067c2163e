/**
 * A Hitori puzzle: a grid of numbers, row-major, `0` for a blank cell (no number, never shaded).
 * Plain data so it crosses worker boundaries.
 */
export interface Hitori {
  width: number;
  height: number;
  numbers: number[];
}

/** The largest side the parsers accept. */
export const MAX_SIDE = 100;

/** A shading, row-major: 1 shaded, 0 not. */
export type Shading = Uint8Array;

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

/** Connected regions of unshaded cells (blank cells count as unshaded). */
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

/** Every rule checked directly, for tests and for the generator: undefined when valid, else why not. */
export function checkShading(puzzle: Hitori, shaded: ArrayLike<number>): string | undefined {
  const { width, height, numbers } = puzzle;
  for (let cell = 0; cell < width * height; cell++) {
    if (!shaded[cell]) continue;
    if (numbers[cell] === 0) return `blank cell ${cell} is shaded`;
    for (const next of neighbours(width, height, cell)) if (shaded[next]) return `shaded cells ${cell} and ${next} touch`;
  }
  for (let y = 0; y < height; y++) {
    const seen = new Set<number>();
    for (let x = 0; x < width; x++) {
      const cell = y * width + x;
      if (shaded[cell] || numbers[cell] === 0) continue;
      if (seen.has(numbers[cell]!)) return `row ${y + 1} repeats ${numbers[cell]}`;
      seen.add(numbers[cell]!);
    }
  }
  for (let x = 0; x < width; x++) {
    const seen = new Set<number>();
    for (let y = 0; y < height; y++) {
      const cell = y * width + x;
      if (shaded[cell] || numbers[cell] === 0) continue;
      if (seen.has(numbers[cell]!)) return `column ${x + 1} repeats ${numbers[cell]}`;
      seen.add(numbers[cell]!);
    }
  }
  if (unshadedRegions(width, height, shaded).length !== 1) return 'unshaded cells are not connected';
  return undefined;
}
