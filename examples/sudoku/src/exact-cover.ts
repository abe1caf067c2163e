/**
 * Knuth's Algorithm X with dancing links: rows are subsets of columns; a solution picks rows that
 * cover every column exactly once. Links live in typed arrays (one slot per 1 in the matrix), so
 * covering and uncovering a column are a handful of array writes and nothing is allocated while
 * searching.
 */
export interface CoverVisitor {
  /** Called with the chosen rows (preselected ones excluded) each time every column is covered. */
  solution(chosen: readonly number[]): void;
  /** Polled before each new branch; true ends the search. */
  stop(): boolean;
  /** Called each time a row is tried, with the rows chosen so far (for progress displays). */
  node?(chosen: readonly number[]): void;
}

export class ExactCover {
  readonly #left: Int32Array;
  readonly #right: Int32Array;
  readonly #up: Int32Array;
  readonly #down: Int32Array;
  readonly #column: Int32Array;
  readonly #rowOf: Int32Array;
  readonly #size: Int32Array;
  readonly #covered: Uint8Array;
  /** The first node of each row, or -1 for an empty row. */
  readonly #rowStart: Int32Array;

  constructor(columnCount: number, rows: readonly (readonly number[])[]) {
    const ones = rows.reduce((sum, row) => sum + row.length, 0);
    const nodes = 1 + columnCount + ones;
    this.#left = new Int32Array(nodes);
    this.#right = new Int32Array(nodes);
    this.#up = new Int32Array(nodes);
    this.#down = new Int32Array(nodes);
    this.#column = new Int32Array(nodes);
    this.#rowOf = new Int32Array(nodes).fill(-1);
    this.#size = new Int32Array(columnCount + 1);
    this.#covered = new Uint8Array(columnCount + 1);
    this.#rowStart = new Int32Array(rows.length).fill(-1);

    // Node 0 is the root; nodes 1..columnCount are the column headers, in a ring.
    for (let c = 0; c <= columnCount; c++) {
      this.#left[c] = c === 0 ? columnCount : c - 1;
      this.#right[c] = c === columnCount ? 0 : c + 1;
      this.#up[c] = c;
      this.#down[c] = c;
      this.#column[c] = c;
    }
    let next = columnCount + 1;
    rows.forEach((row, rowIndex) => {
      let first = -1;
      for (const columnIndex of row) {
        if (!Number.isInteger(columnIndex) || columnIndex < 0 || columnIndex >= columnCount) {
          throw new RangeError(`row ${rowIndex} names column ${columnIndex}, outside 0..${columnCount - 1}`);
        }
        const header = columnIndex + 1;
        const node = next++;
        this.#column[node] = header;
        this.#rowOf[node] = rowIndex;
        this.#up[node] = this.#up[header]!;
        this.#down[node] = header;
        this.#down[this.#up[header]!] = node;
        this.#up[header] = node;
        this.#size[header]!++;
        if (first < 0) {
          first = node;
          this.#left[node] = node;
          this.#right[node] = node;
        } else {
          this.#left[node] = this.#left[first]!;
          this.#right[node] = first;
          this.#right[this.#left[first]!] = node;
          this.#left[first] = node;
        }
      }
      this.#rowStart[rowIndex] = first;
    });
  }

  /**
   * Takes a row as given (a Sudoku clue) before searching. False when it clashes with a row taken
   * before (one of its columns is already covered); nothing changes then.
   */
  select(row: number): boolean {
    const first = this.#rowStart[row];
    if (first === undefined) throw new RangeError(`no row ${row}`);
    if (first < 0) return true;
    for (let node = first; ; ) {
      if (this.#covered[this.#column[node]!]) return false;
      node = this.#right[node]!;
      if (node === first) break;
    }
    for (let node = first; ; ) {
      this.#cover(this.#column[node]!);
      node = this.#right[node]!;
      if (node === first) break;
    }
    return true;
  }

  /** Runs the search; returns how many rows it tried. */
  search(visitor: CoverVisitor): number {
    const chosen: number[] = [];
    let tries = 0;
    const left = this.#left;
    const right = this.#right;
    const down = this.#down;
    const column = this.#column;
    const size = this.#size;

    const recurse = (): void => {
      if (right[0] === 0) {
        visitor.solution(chosen);
        return;
      }
      // The column with the fewest rows left: the branching that fails fastest.
      let best = right[0]!;
      for (let c = right[best]!; c !== 0 && size[best]! > 1; c = right[c]!) {
        if (size[c]! < size[best]!) best = c;
      }
      if (size[best] === 0) return;
      this.#cover(best);
      for (let node = down[best]!; node !== best && !visitor.stop(); node = down[node]!) {
        chosen.push(this.#rowOf[node]!);
        tries++;
        visitor.node?.(chosen);
        for (let j = right[node]!; j !== node; j = right[j]!) this.#cover(column[j]!);
        recurse();
        for (let j = left[node]!; j !== node; j = left[j]!) this.#uncover(column[j]!);
        chosen.pop();
      }
      this.#uncover(best);
    };

    recurse();
    return tries;
  }

  #cover(header: number): void {
    const left = this.#left;
    const right = this.#right;
    const up = this.#up;
    const down = this.#down;
    this.#covered[header] = 1;
    right[left[header]!] = right[header]!;
    left[right[header]!] = left[header]!;
    for (let i = down[header]!; i !== header; i = down[i]!) {
      for (let j = right[i]!; j !== i; j = right[j]!) {
        down[up[j]!] = down[j]!;
        up[down[j]!] = up[j]!;
        this.#size[this.#column[j]!]!--;
      }
    }
  }

  #uncover(header: number): void {
    const left = this.#left;
    const right = this.#right;
    const up = this.#up;
    const down = this.#down;
    for (let i = up[header]!; i !== header; i = up[i]!) {
      for (let j = left[i]!; j !== i; j = left[j]!) {
        this.#size[this.#column[j]!]!++;
        down[up[j]!] = j;
        up[down[j]!] = j;
      }
    }
    right[left[header]!] = header;
    left[right[header]!] = header;
    this.#covered[header] = 0;
  }
}
