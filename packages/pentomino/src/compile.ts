import { type Board, type Transform, boardSymmetries, orientations, transformInBox } from '@kit/grid';
import type { PieceSet } from './pieces.js';

/** One way to put one piece on the board. */
export interface Placement {
  kind: number;
  /** Index of the piece's orientation in `orientations(shape)`. */
  orientation: number;
  /** Covered cells as search indices, ascending. */
  cells: number[];
}

/**
 * A packing problem in the search's own cell numbering. Cells run along the board's SHORT side
 * first (index = long * short + across), so the "first empty cell" frontier stays at most one short
 * side wide and a placement's cells lie close together.
 */
export interface Problem {
  rows: number;
  cols: number;
  /** Length of the short side: neighbours are +-1 (within a line) and +-short. */
  short: number;
  /** Number of search cells (the bounding box, holes included). */
  size: number;
  /** For each search index, the row-major index in the board. */
  boardIndex: Int32Array;
  hole: Uint8Array;
  holeCount: number;
  kindNames: string[];
  kindCounts: number[];
  kindSizes: number[];
  /** Distinct orientations per kind (8 = asymmetric). */
  kindOrientations: number[];
  pieces: number;
  /** Every placement that does not cut off a cell against the border or holes on its own. */
  placements: Placement[];
  /** Skip placements that leave an empty cell with no empty neighbour (off with 1-cell pieces). */
  prune: boolean;
  /** The board's symmetry group as permutations of search indices; the identity first. */
  group: Int32Array[];
  groupTransforms: Transform[];
}

export function compileProblem(board: Board, set: PieceSet): Problem {
  const { rows, cols } = board;
  const wide = rows <= cols;
  const short = wide ? rows : cols;
  const size = rows * cols;
  const searchIndex = (row: number, col: number) => (wide ? col * rows + row : row * cols + col);
  const boardIndex = new Int32Array(size);
  const hole = new Uint8Array(size);
  let holeCount = 0;
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const i = searchIndex(row, col);
      boardIndex[i] = row * cols + col;
      if (!board.get({ row, col })) {
        hole[i] = 1;
        holeCount++;
      }
    }
  }
  const kinds = set.kinds;
  const prune = kinds.every((kind) => kind.shape.length > 1);
  const neighbours = cellNeighbours(rows, cols, searchIndex);
  const placements: Placement[] = [];
  const mark = new Uint8Array(size);
  const shapes = kinds.map((kind) => orientations(kind.shape));
  kinds.forEach((_kind, k) => {
    shapes[k]!.forEach((shape, orientation) => {
      const height = shape.reduce((most, at) => Math.max(most, at.row), 0) + 1;
      const width = shape.reduce((most, at) => Math.max(most, at.col), 0) + 1;
      for (let dr = 0; dr + height <= rows; dr++) {
        for (let dc = 0; dc + width <= cols; dc++) {
          const cells = shape.map((at) => searchIndex(at.row + dr, at.col + dc));
          if (cells.some((i) => hole[i])) continue;
          cells.sort((a, b) => a - b);
          if (prune && isolatesCell(cells, hole, neighbours, mark)) continue;
          placements.push({ kind: k, orientation, cells });
        }
      }
    });
  });
  const groupTransforms = boardSymmetries(board);
  const group = groupTransforms.map((t) => {
    const perm = new Int32Array(size);
    for (let row = 0; row < rows; row++) {
      for (let col = 0; col < cols; col++) {
        const to = transformInBox(t, { row, col }, rows, cols);
        perm[searchIndex(row, col)] = searchIndex(to.row, to.col);
      }
    }
    return perm;
  });
  return {
    rows, cols, short, size, boardIndex, hole, holeCount,
    kindNames: kinds.map((kind) => kind.name),
    kindCounts: kinds.map((kind) => kind.count),
    kindSizes: kinds.map((kind) => kind.shape.length),
    kindOrientations: shapes.map((list) => list.length),
    pieces: kinds.reduce((n, kind) => n + kind.count, 0),
    placements, prune, group, groupTransforms,
  };
}

/** Neighbours of each search cell, in search indices. */
export function cellNeighbours(rows: number, cols: number, searchIndex: (row: number, col: number) => number): number[][] {
  const out: number[][] = new Array(rows * cols);
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const list: number[] = [];
      if (row > 0) list.push(searchIndex(row - 1, col));
      if (row + 1 < rows) list.push(searchIndex(row + 1, col));
      if (col > 0) list.push(searchIndex(row, col - 1));
      if (col + 1 < cols) list.push(searchIndex(row, col + 1));
      out[searchIndex(row, col)] = list;
    }
  }
  return out;
}

function isolatesCell(cells: number[], hole: Uint8Array, neighbours: number[][], mark: Uint8Array): boolean {
  mark.set(hole);
  for (const c of cells) mark[c] = 1;
  for (const c of cells) {
    for (const n of neighbours[c]!) {
      if (mark[n]) continue;
      let open = false;
      for (const m of neighbours[n]!) if (!mark[m]) open = true;
      if (!open) return true;
    }
  }
  return false;
}

/** An empty cell with no empty neighbour on the bare board: nothing bigger than one cell can cover it. */
export function hasIsolatedCell(problem: Problem): boolean {
  const { rows, cols, hole } = problem;
  const wide = rows <= cols;
  const neighbours = cellNeighbours(rows, cols, (r, c) => (wide ? c * rows + r : r * cols + c));
  for (let i = 0; i < problem.size; i++) {
    if (!hole[i] && neighbours[i]!.every((n) => hole[n] === 1)) return true;
  }
  return false;
}
