/** A designer's pattern: labels row-major, 0 a free cell, -1 blank, equal non-zero labels in a line share a number. */
export interface Pattern {
  /** Cells in a row. */
  width: number;
  /** Rows. */
  height: number;
  /** `width * height` labels, row by row. */
  labels: number[];
}

/** Cells that must carry one number, and the lines (rows first, then columns) each class meets. */
export interface Classes {
  classOf: Int32Array; // -1 for a blank cell
  count: number;
  /** Per line (rows first, then columns): the distinct classes in it. */
  lines: number[][];
  /** Per class: its cells, row-major. */
  cells: number[][];
  /** Per class: the lines it meets (row y is y, column x is height + x). */
  linesOf: number[][];
}

/**
 * Cells that must carry the same number: equal non-zero labels in a row or column, joined
 * transitively. Two classes meeting in a line must differ, so a filling is a colouring of the
 * classes with max(width, height) numbers.
 */
export function classesOf(pattern: Pattern): Classes {
  const { width, height, labels } = pattern;
  const size = width * height;
  const parent = Int32Array.from({ length: size }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  const lineCells: number[][] = [];
  for (let y = 0; y < height; y++) lineCells.push(Array.from({ length: width }, (_, x) => y * width + x));
  for (let x = 0; x < width; x++) lineCells.push(Array.from({ length: height }, (_, y) => y * width + x));
  for (const cells of lineCells) {
    const first = new Map<number, number>();
    for (const cell of cells) {
      const label = labels[cell]!;
      if (label <= 0) continue;
      const earlier = first.get(label);
      if (earlier === undefined) first.set(label, cell);
      else parent[find(cell)] = find(earlier);
    }
  }
  const classOf = new Int32Array(size).fill(-1);
  const ids = new Map<number, number>();
  const cells: number[][] = [];
  for (let cell = 0; cell < size; cell++) {
    if (labels[cell]! < 0) continue;
    const root = find(cell);
    let id = ids.get(root);
    if (id === undefined) {
      id = ids.size;
      ids.set(root, id);
      cells.push([]);
    }
    classOf[cell] = id;
    cells[id]!.push(cell);
  }
  const lines = lineCells.map((line) => [...new Set(line.map((c) => classOf[c]!).filter((k) => k >= 0))]);
  const linesOf = cells.map((list) => [...new Set(list.flatMap((c) => [Math.floor(c / width), height + (c % width)]))]);
  return { classOf, count: ids.size, lines, cells, linesOf };
}
