import { type Coord, DIRECTIONS4 } from './coord.js';

/** A rectangular grid of values, stored row-major. */
export class Grid<T> {
  /** How many rows the grid has (its height). */
  readonly rows: number;
  /** How many columns the grid has (its width). */
  readonly cols: number;
  /** The values row by row: the cell at (row, col) is `cells[row * cols + col]`. */
  readonly cells: T[];

  constructor(rows: number, cols: number, cells: T[]) {
    if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 0 || cols < 0) {
      throw new RangeError(`bad grid size ${rows}x${cols}`);
    }
    if (cells.length !== rows * cols) throw new RangeError(`a ${rows}x${cols} grid needs ${rows * cols} cells, got ${cells.length}`);
    this.rows = rows;
    this.cols = cols;
    this.cells = cells;
  }

  /** A `rows` x `cols` grid with `value` in every cell (the same value, not a copy, in each). */
  static filled<T>(rows: number, cols: number, value: T): Grid<T> {
    return new Grid(
      rows,
      cols,
      Array.from({ length: rows * cols }, () => value),
    );
  }

  /** A `rows` x `cols` grid whose cells `make` computes from their coordinates, row by row. */
  static from<T>(rows: number, cols: number, make: (at: Coord) => T): Grid<T> {
    const cells: T[] = [];
    for (let row = 0; row < rows; row++) for (let col = 0; col < cols; col++) cells.push(make({ row, col }));
    return new Grid(rows, cols, cells);
  }

  /** One character a cell from equal-length strings. */
  static fromRows(lines: readonly string[]): Grid<string> {
    const cols = lines[0]?.length ?? 0;
    for (const line of lines) if (line.length !== cols) throw new RangeError('rows differ in length');
    return new Grid(
      lines.length,
      cols,
      lines.flatMap((line) => [...line]),
    );
  }

  /** Whether a coordinate lies inside the grid. */
  inBounds(at: Coord): boolean {
    return at.row >= 0 && at.row < this.rows && at.col >= 0 && at.col < this.cols;
  }

  /** The position of a coordinate in {@link Grid.cells} (no bounds check). */
  index(at: Coord): number {
    return at.row * this.cols + at.col;
  }

  /** The coordinate of a position in {@link Grid.cells}: the inverse of {@link Grid.index}. */
  coordOf(index: number): Coord {
    return { row: Math.floor(index / this.cols), col: index % this.cols };
  }

  /** The value at a coordinate; a RangeError outside the grid. */
  get(at: Coord): T {
    if (!this.inBounds(at)) throw new RangeError(`(${at.row}, ${at.col}) is outside a ${this.rows}x${this.cols} grid`);
    return this.cells[this.index(at)] as T;
  }

  /** Replaces the value at a coordinate; a RangeError outside the grid. */
  set(at: Coord, value: T): void {
    if (!this.inBounds(at)) throw new RangeError(`(${at.row}, ${at.col}) is outside a ${this.rows}x${this.cols} grid`);
    this.cells[this.index(at)] = value;
  }

  /** The in-bounds orthogonal neighbours of a cell, in the order up, right, down, left. */
  neighbours(at: Coord): Coord[] {
    const out: Coord[] = [];
    for (const d of DIRECTIONS4) {
      const next = { row: at.row + d.row, col: at.col + d.col };
      if (this.inBounds(next)) out.push(next);
    }
    return out;
  }

  /** A new grid of the same size with `fn` applied to every cell. */
  map<U>(fn: (value: T, at: Coord) => U): Grid<U> {
    return Grid.from(this.rows, this.cols, (at) => fn(this.get(at), at));
  }

  /** Every coordinate in row-major order. */
  *coords(): IterableIterator<Coord> {
    for (let row = 0; row < this.rows; row++) for (let col = 0; col < this.cols; col++) yield { row, col };
  }

  /**
   * The 4-connected components of the cells `member` accepts, each listed in row-major order,
   * components ordered by their first cell.
   */
  components(member: (value: T, at: Coord) => boolean): Coord[][] {
    const seen = new Uint8Array(this.rows * this.cols);
    const result: Coord[][] = [];
    for (const start of this.coords()) {
      const startIndex = this.index(start);
      if (seen[startIndex] || !member(this.get(start), start)) continue;
      seen[startIndex] = 1;
      const component: Coord[] = [];
      const stack = [start];
      while (stack.length > 0) {
        const at = stack.pop() as Coord;
        component.push(at);
        for (const next of this.neighbours(at)) {
          const i = this.index(next);
          if (!seen[i] && member(this.get(next), next)) {
            seen[i] = 1;
            stack.push(next);
          }
        }
      }
      component.sort((a, b) => a.row - b.row || a.col - b.col);
      result.push(component);
    }
    return result;
  }

  /** One string a row, `char` turning each value into one character. */
  toRows(char: (value: T, at: Coord) => string): string[] {
    const lines: string[] = [];
    for (let row = 0; row < this.rows; row++) {
      let line = '';
      for (let col = 0; col < this.cols; col++) line += char(this.cells[row * this.cols + col] as T, { row, col });
      lines.push(line);
    }
    return lines;
  }
}
