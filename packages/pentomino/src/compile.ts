import { type ListingShape, type PackingProblem, boxNeighbours, isolatesCell, listPlacementsInWasm } from '@kit/cover';
import { type Board, type Transform, TRANSFORMS, boardSymmetries, orientations, sortShort, transformInBox } from '@kit/grid';
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
 * A packing problem in the search's own cell numbering: the plane as @kit/cover's geometry, a box of
 * `short x long x 1` cells. Cells run along the board's SHORT side first (index = long * short +
 * across), so the "first empty cell" frontier stays at most one short side wide and a placement's
 * cells lie close together.
 */
export interface Problem extends PackingProblem {
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
  /** Copies of each kind (`kindMin` and `kindMax` both). */
  kindCounts: number[];
  kindSizes: number[];
  /** Distinct orientations per kind (8 = asymmetric). */
  kindOrientations: number[];
  /** Pieces in a packing (`maxPieces`). */
  pieces: number;
  /** Every placement that does not cut off a cell against the border or holes on its own. */
  placements: Placement[];
  /** Skip placements that leave an empty cell with no empty neighbour (off with 1-cell pieces). */
  prune: boolean;
  /** The board's symmetry group as permutations of search indices; the identity first. */
  group: Int32Array[];
  groupTransforms: Transform[];
  /** Boards of up to 64 cells: each placement's cells as a bitmask, cells 0..31 and 32..63. */
  masks?: { lo: Int32Array; hi: Int32Array };
}

/** One orientation of one kind, as search-index offsets from its anchor, ascending; `extent` along the search's A, B and C. */
interface OrientedShape extends ListingShape {
  kind: number;
  orientation: number;
  height: number;
  width: number;
  offsets: number[];
}

export interface CompileOptions {
  /** false: list placements in JavaScript even where the WebAssembly listing could run (tests). */
  wasm?: boolean;
}

export function compileProblem(board: Board, set: PieceSet, options: CompileOptions = {}): Problem {
  const { rows, cols } = board;
  const wide = rows <= cols;
  const short = wide ? rows : cols;
  const size = rows * cols;
  const sides: [number, number, number] = [short, size / short, 1];
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
  const placements: Placement[] = [];
  // Up to 64 cells the checks are bitmask operations on two 32-bit halves (plain integer code that
  // is cheap before the JIT warms up, and the kernels want the masks anyway); else cell by cell.
  const bits = size <= 64 ? new BoardBits(size, short, hole) : undefined;
  const maskLo: number[] = [];
  const maskHi: number[] = [];
  const shapes = kinds.map((kind) => orientations(kind.shape));
  const step = wide ? rows : 1;
  const across = wide ? 1 : cols;
  const oriented = orientedShapes(shapes, wide, across, step);
  const listed =
    // Anchors in listInJavaScript's order, the row outer and the column inner: the row is axis A on a
    // wide board (A changes slowest) and axis B on a tall one (C, of one cell, is outermost there).
    bits && options.wasm !== false ? listPlacementsInWasm(oriented, sides, bits.holes, prune, wide ? [0, 1] : [2, 1]) : undefined;
  if (listed) {
    const { count, records } = listed;
    for (let i = 0; i < count; i++) {
      const shape = oriented[records[4 * i]!]!;
      const anchor = records[4 * i + 1]!;
      const offsets = shape.offsets;
      const cells = new Array<number>(offsets.length);
      for (let c = 0; c < offsets.length; c++) cells[c] = anchor + offsets[c]!;
      placements.push({ kind: shape.kind, orientation: shape.orientation, cells });
      maskLo.push(records[4 * i + 2]!);
      maskHi.push(records[4 * i + 3]!);
    }
  } else {
    listInJavaScript(oriented, { rows, cols, across, step, sides, hole, prune, bits }, { placements, maskLo, maskHi });
  }
  const groupTransforms = boardSymmetries(board);
  const group = symmetryPermutations(groupTransforms, rows, cols, searchIndex);
  const kindCounts = kinds.map((kind) => kind.count);
  const pieces = kinds.reduce((n, kind) => n + kind.count, 0);
  return {
    rows,
    cols,
    short,
    sides,
    size,
    boardIndex,
    hole,
    holeCount,
    kindNames: kinds.map((kind) => kind.name),
    kindCounts,
    kindMin: kindCounts,
    kindMax: kindCounts,
    ranges: false,
    kindSizes: kinds.map((kind) => kind.shape.length),
    kindOrientations: shapes.map((list) => list.length),
    // Eight orientations: no symmetry of the square maps the piece to itself.
    asymmetric: shapes.map((list) => list.length === 8),
    pieces,
    maxPieces: pieces,
    placements,
    prune,
    group,
    groupTransforms,
    ...(bits ? { masks: { lo: Int32Array.from(maskLo), hi: Int32Array.from(maskHi) } } : {}),
  };
}

/**
 * Each orientation of each kind with its cells as search-index offsets from its anchor, sorted once:
 * a shape's search indices are its anchor's plus these, at every position.
 */
function orientedShapes(shapes: readonly ReturnType<typeof orientations>[], wide: boolean, across: number, step: number): OrientedShape[] {
  const oriented: OrientedShape[] = [];
  shapes.forEach((list, k) => {
    list.forEach((shape, orientation) => {
      let height = 0;
      let width = 0;
      for (const at of shape) {
        if (at.row >= height) height = at.row + 1;
        if (at.col >= width) width = at.col + 1;
      }
      const offsets = sortShort(
        shape.map((at) => at.row * across + at.col * step),
        (a, b) => a - b,
      );
      oriented.push({ kind: k, orientation, height, width, extent: wide ? [height, width, 1] : [width, height, 1], offsets });
    });
  });
  return oriented;
}

interface ListingGrid {
  rows: number;
  cols: number;
  /** Search-index steps of one row and one column. */
  across: number;
  step: number;
  sides: [number, number, number];
  hole: Uint8Array;
  prune: boolean;
  /** Boards of up to 64 cells: the checks as bitmask operations. */
  bits: BoardBits | undefined;
}

/** The listing in JavaScript, where the WebAssembly one cannot run: every position, row by row, then column by column. */
function listInJavaScript(oriented: readonly OrientedShape[], grid: ListingGrid, out: { placements: Placement[]; maskLo: number[]; maskHi: number[] }): void {
  const { rows, cols, across, step, sides, hole, prune, bits } = grid;
  // Past 64 cells the check is cell by cell: each cell's neighbours, and the holes plus the cells
  // of the placement being checked (set, checked, cleared again).
  const neighbours = bits ? [] : boxNeighbours(sides);
  const mark = bits ? hole : Uint8Array.from(hole);
  for (const shape of oriented) {
    const { height, width, offsets } = shape;
    const n = offsets.length;
    for (let dr = 0; dr + height <= rows; dr++) {
      for (let dc = 0; dc + width <= cols; dc++) {
        const anchor = dr * across + dc * step;
        if (bits) {
          let lo = 0;
          let hi = 0;
          for (let i = 0; i < n; i++) {
            const cell = anchor + offsets[i]!;
            if (cell < 32) lo |= 1 << cell;
            else hi |= 1 << (cell - 32);
          }
          if (!bits.fits(lo, hi) || (prune && bits.isolates(lo, hi))) continue;
          out.maskLo.push(lo);
          out.maskHi.push(hi);
          out.placements.push({ kind: shape.kind, orientation: shape.orientation, cells: offsets.map((offset) => anchor + offset) });
        } else {
          let blocked = false;
          for (let i = 0; i < n; i++) if (hole[anchor + offsets[i]!]) blocked = true;
          if (blocked) continue;
          const cells = offsets.map((offset) => anchor + offset);
          if (prune && isolatesCell(cells, neighbours, mark)) continue;
          out.placements.push({ kind: shape.kind, orientation: shape.orientation, cells });
        }
      }
    }
  }
}

/** The board's symmetries as permutations of search indices, in the order of its transforms. */
function symmetryPermutations(transforms: Transform[], rows: number, cols: number, searchIndex: (row: number, col: number) => number): Int32Array[] {
  const size = rows * cols;
  return transforms.map((t) => {
    // A transform is linear plus a shift back into the box: the shift is where the origin lands.
    const origin = transformInBox(t, { row: 0, col: 0 }, rows, cols);
    const apply = TRANSFORMS[t]!.apply;
    const perm = new Int32Array(size);
    for (let row = 0; row < rows; row++) {
      for (let col = 0; col < cols; col++) {
        // Indexing, not `const [r, c] =`: cold, array destructuring allocates an iterator per cell.
        const image = apply(row, col);
        perm[searchIndex(row, col)] = searchIndex(image[0] + origin.row, image[1] + origin.col);
      }
    }
    return perm;
  });
}

/**
 * A board of up to 64 search cells as bitmasks in two 32-bit halves (`lo` cells 0..31, `hi` 32..63):
 * which placements fit, and which would cut off a cell (the same test as isolatesCell).
 */
class BoardBits {
  private readonly validLo: number;
  private readonly validHi: number;
  private readonly holeLo: number;
  private readonly holeHi: number;
  private readonly notBottomLo: number;
  private readonly notBottomHi: number;
  private readonly notTopLo: number;
  private readonly notTopHi: number;
  /** neighbours()'s result. */
  private lo = 0;
  private hi = 0;

  constructor(
    size: number,
    private readonly short: number,
    hole: Uint8Array,
  ) {
    let validLo = 0,
      validHi = 0,
      holeLo = 0,
      holeHi = 0,
      notBottomLo = 0,
      notBottomHi = 0,
      notTopLo = 0,
      notTopHi = 0;
    for (let cell = 0; cell < size; cell++) {
      const bit = 1 << (cell & 31);
      const low = cell < 32;
      const across = cell % short;
      if (low) validLo |= bit;
      else validHi |= bit;
      if (hole[cell]) {
        if (low) holeLo |= bit;
        else holeHi |= bit;
      }
      if (across !== short - 1) {
        if (low) notBottomLo |= bit;
        else notBottomHi |= bit;
      }
      if (across !== 0) {
        if (low) notTopLo |= bit;
        else notTopHi |= bit;
      }
    }
    this.validLo = validLo;
    this.validHi = validHi;
    this.holeLo = holeLo;
    this.holeHi = holeHi;
    this.notBottomLo = notBottomLo;
    this.notBottomHi = notBottomHi;
    this.notTopLo = notTopLo;
    this.notTopHi = notTopHi;
  }

  /** The holes as one mask: cells 0..31 and 32..63. */
  get holes(): { lo: number; hi: number } {
    return { lo: this.holeLo, hi: this.holeHi };
  }

  fits(lo: number, hi: number): boolean {
    return ((lo & this.holeLo) | (hi & this.holeHi)) === 0;
  }

  /** The board cells next to a cell of the set (lo, hi), into this.lo and this.hi. */
  private neighbours(lo: number, hi: number): void {
    const s = this.short;
    const dLo = lo & this.notBottomLo;
    const dHi = hi & this.notBottomHi;
    const uLo = lo & this.notTopLo;
    const uHi = hi & this.notTopHi;
    // +1 within a line, -1 within a line, +short and -short across lines.
    this.lo = ((dLo << 1) | (uLo >>> 1) | (uHi << 31) | (lo << s) | (lo >>> s) | (hi << (32 - s))) & this.validLo;
    this.hi = ((dHi << 1) | (dLo >>> 31) | (uHi >>> 1) | (hi << s) | (lo >>> (32 - s)) | (hi >>> s)) & this.validHi;
  }

  /** Does covering (lo, hi) leave a free cell next to it with no free neighbour? */
  isolates(lo: number, hi: number): boolean {
    const freeLo = this.validLo & ~this.holeLo & ~lo;
    const freeHi = this.validHi & ~this.holeHi & ~hi;
    this.neighbours(lo, hi);
    const nextLo = this.lo & freeLo;
    const nextHi = this.hi & freeHi;
    this.neighbours(freeLo, freeHi);
    return ((nextLo & ~this.lo) | (nextHi & ~this.hi)) !== 0;
  }
}
