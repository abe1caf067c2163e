import { type Shape, orientations } from '@kit/grid';
import { pentominoSet } from '@kit/pentomino/packing';
import { LETTERS, PIECE_I, ROWS } from './pieces.js';

/** Every orientation of every piece, by id; the shapes are @kit/pentomino's. */
function pieceOrientations(): Shape[][] {
  const kinds = pentominoSet().kinds;
  return [...LETTERS].map((letter) => orientations(kinds.find((kind) => kind.name === letter)!.shape));
}

/**
 * The Katamino search kernel: the board is 5 rows high, so the search fills it column by column
 * ("first empty cell" in column-major order) and only ever needs a 30-bit window of six columns
 * starting at the first column that is not full: one int32, no BigInt, no allocation per node.
 * Placements are precomputed relative to the window and looked up by the window's first two columns.
 *
 * One search can serve every board width at once: a tiling of 5 x c is a point of the search where
 * columns 0..c-1 are full and nothing lies beyond them, so the kernel reports such "straight
 * frontiers" for every c in [lo, hi] and keeps going (the right wall sits at hi).
 */

const COLUMN = 0b11111;
const WINDOW = (1 << 30) - 1;
/** Cells of window columns 0..4: the only ones a placement can touch and whose neighbours are all in the window. */
const REACH = (1 << 25) - 1;
let NOT_TOP = 0;
let NOT_BOTTOM = 0;
for (let c = 0; c < 6; c++) {
  NOT_TOP |= 0b11110 << (5 * c);
  NOT_BOTTOM |= 0b01111 << (5 * c);
}

/**
 * Placements by the state of the window's first two columns (10 bits): those anchored at the first
 * empty cell that do not collide with what is already in those columns, grouped by piece. Most
 * collisions happen there, so the search loop rarely meets a placement that does not fit.
 */
export interface PlacementTable {
  masks: Int32Array;
  pieces: Uint8Array;
  /** start[front * 13 + piece] .. start[front * 13 + piece + 1]: that piece's placements for that front. */
  start: Int32Array;
}

const FRONT_BITS = 10;
const tables = new Map<boolean, PlacementTable>();

/** The placement table; `horizontalI` drops the upright I (the booklet's rule). */
export function placementTable(horizontalI: boolean): PlacementTable {
  const cached = tables.get(horizontalI);
  if (cached) return cached;
  const byRow: { piece: number; mask: number }[][] = Array.from({ length: ROWS }, () => []);
  pieceOrientations().forEach((shapes, piece) => {
    for (const shape of shapes) {
      const rows = shape.reduce((most, at) => Math.max(most, at.row), 0) + 1;
      if (horizontalI && piece === PIECE_I && rows === ROWS) continue;
      // The anchor is the cell the search fills first: smallest column, then smallest row.
      const anchor = [...shape].sort((a, b) => a.col - b.col || a.row - b.row)[0]!;
      for (let row = 0; row < ROWS; row++) {
        let mask = 0;
        let fits = true;
        for (const at of shape) {
          const r = at.row - anchor.row + row;
          const c = at.col - anchor.col;
          if (r < 0 || r >= ROWS) fits = false;
          else mask |= 1 << (c * ROWS + r);
        }
        if (fits) byRow[row]!.push({ piece, mask });
      }
    }
  });
  for (const list of byRow) list.sort((a, b) => a.piece - b.piece);
  const fronts = 1 << FRONT_BITS;
  const start = new Int32Array(fronts * 13 + 1);
  const masks: number[] = [];
  const pieces: number[] = [];
  for (let front = 0; front < fronts; front++) {
    const list = (front & COLUMN) === COLUMN ? [] : byRow[31 - Math.clz32(~front & (front + 1))]!.filter((entry) => (entry.mask & front) === 0);
    let at = 0;
    for (let piece = 0; piece <= LETTERS.length; piece++) {
      while (at < list.length && list[at]!.piece < piece) at++;
      start[front * 13 + piece] = masks.length + at;
    }
    for (const entry of list) {
      masks.push(entry.mask);
      pieces.push(entry.piece);
    }
  }
  const table: PlacementTable = { masks: Int32Array.from(masks), pieces: Uint8Array.from(pieces), start };
  tables.set(horizontalI, table);
  return table;
}

export interface KernelSettings {
  /** Report tilings of 5 x c for every c from lo to hi; the right wall is at hi. */
  lo: number;
  hi: number;
  /** The pieces the search may use (bit p = piece p). */
  allowed: number;
  horizontalI: boolean;
  /**
   * Symmetry breaking by the left corners: the piece on the bottom-left cell must come after the
   * piece on the top-left cell (or be the same piece). Halves the search; exactly one of a tiling
   * and its upside-down image passes, for every width at once.
   */
  corner: boolean;
  /** A placement made before the search (absolute cells, index col * 5 + row), e.g. X placed first. */
  pre?: { piece: number; cells: readonly number[] };
}

export interface KernelHooks {
  /** A tiling of 5 x width with the pieces in `used`; the stack holds it. Return true to stop. */
  leaf(width: number, used: number, depth: number): boolean;
  /** Called every few thousand placements; the stack holds the partial tiling. Return true to stop. */
  tick(depth: number, tries: number): boolean;
  /** With a cut depth: a subtree root (the stack holds its placements). */
  root?(depth: number): void;
}

export interface Kernel {
  /** Placement made at each depth: piece, window column, mask relative to that column. */
  readonly stackPiece: Int32Array;
  readonly stackBase: Int32Array;
  readonly stackMask: Int32Array;
  /** Entry index of the placement at each depth (to replay a root). */
  readonly stackEntry: Int32Array;
  readonly settings: KernelSettings;
  /** Search everything (or everything below a root's placements). Returns placements tried. */
  run(root?: readonly number[]): number;
  /** Enumerate the subtree roots `depth` placements deep (calls hooks.root), in search order. */
  roots(depth: number): number;
  stopped: boolean;
}

const TICK_MASK = (1 << 14) - 1;
const FRONT = (1 << FRONT_BITS) - 1;

/**
 * The fixed bits per absolute column (the wall from `hi` on, and the pre-placed piece), and the
 * window at each straight frontier c (columns before c full, the window holding only fixed bits;
 * -1 before `lo` and within the pre-placed piece).
 */
function fixedColumns(settings: KernelSettings): { extra: Int32Array; frontier: Int32Array } {
  const { lo, hi } = settings;
  const extra = new Int32Array(hi + 8);
  for (let c = hi; c < extra.length; c++) extra[c] = COLUMN;
  let preEnd = 0;
  if (settings.pre) {
    for (const cell of settings.pre.cells) {
      const col = Math.floor(cell / ROWS);
      extra[col] = extra[col]! | (1 << (cell % ROWS));
      preEnd = Math.max(preEnd, col + 1);
    }
  }
  const frontier = new Int32Array(hi + 1).fill(-1);
  for (let c = Math.max(lo, preEnd); c <= hi; c++) frontier[c] = windowAt(extra, c);
  return { extra, frontier };
}

/** The fixed bits of the six columns from `c` on, as a window. */
function windowAt(extra: Int32Array, c: number): number {
  let w = 0;
  for (let k = 0; k < 6; k++) w |= extra[c + k]! << (5 * k);
  return w;
}

export function createKernel(settings: KernelSettings, hooks: KernelHooks): Kernel {
  const { hi, corner } = settings;
  const table = placementTable(settings.horizontalI);
  const { masks, pieces, start } = table;
  const { extra, frontier } = fixedColumns(settings);

  const stackPiece = new Int32Array(16);
  const stackBase = new Int32Array(16);
  const stackMask = new Int32Array(16);
  const stackEntry = new Int32Array(16);
  let tries = 0;
  let stopped = false;
  let cut = -1;
  const startUsed = ~settings.allowed & 0xfff;
  const preBit = settings.pre ? 1 << settings.pre.piece : 0;

  function dfs(w: number, b: number, used: number, depth: number): void {
    if (depth === cut) {
      hooks.root!(depth);
      return;
    }
    const base = (w & FRONT) * 13;
    for (let avail = ~used & 0xfff; avail !== 0; avail &= avail - 1) {
      const piece = 31 - Math.clz32(avail & -avail);
      if (corner && b === 0 && depth > 0 && piece < stackPiece[0]!) {
        // Only placements that leave the bottom-left cell empty are allowed for this piece.
        for (let j = start[base + piece]!, end = start[base + piece + 1]!; j < end; j++) {
          const m = masks[j]!;
          if ((m & 16) === 0) place(w, b, used, depth, j, m, piece);
          if (stopped) return;
        }
        continue;
      }
      for (let j = start[base + piece]!, end = start[base + piece + 1]!; j < end; j++) {
        place(w, b, used, depth, j, masks[j]!, piece);
        if (stopped) return;
      }
    }
  }

  function place(w: number, b: number, used: number, depth: number, j: number, m: number, piece: number): void {
    if ((m & w) !== 0) return;
    let nw = w | m;
    const empty = ~nw & WINDOW;
    const neighbours = ((empty & NOT_BOTTOM) << 1) | ((empty & NOT_TOP) >>> 1) | (empty << 5) | (empty >>> 5);
    if ((empty & ~neighbours & REACH) !== 0) return;
    tries++;
    stackPiece[depth] = piece;
    stackBase[depth] = b;
    stackMask[depth] = m;
    stackEntry[depth] = j;
    const nused = used | (1 << piece);
    let nb = b;
    while ((nw & COLUMN) === COLUMN && nb < hi) {
      nw = (nw >>> 5) | (extra[nb + 6]! << 25);
      nb++;
    }
    if ((tries & TICK_MASK) === 0 && hooks.tick(depth + 1, tries)) {
      stopped = true;
      return;
    }
    if (nw === frontier[nb]) {
      if (hooks.leaf(nb, (nused & ~startUsed) | preBit, depth + 1)) {
        stopped = true;
        return;
      }
      if (nb === hi) return;
    }
    dfs(nw, nb, nused, depth + 1);
  }

  const kernel: Kernel = {
    stackPiece,
    stackBase,
    stackMask,
    stackEntry,
    settings,
    stopped: false,
    run(root = []) {
      tries = 0;
      stopped = false;
      cut = -1;
      let w = windowAt(extra, 0);
      let b = 0;
      let used = startUsed;
      // Replay the root's placements (they were checked when the root was made).
      for (let depth = 0; depth < root.length; depth++) {
        const j = root[depth]!;
        const m = masks[j]!;
        stackPiece[depth] = pieces[j]!;
        stackBase[depth] = b;
        stackMask[depth] = m;
        stackEntry[depth] = j;
        used |= 1 << pieces[j]!;
        w |= m;
        while ((w & COLUMN) === COLUMN && b < hi) {
          w = (w >>> 5) | (extra[b + 6]! << 25);
          b++;
        }
      }
      // Roots are cut above the last piece, so no root is itself a tiling.
      dfs(w, b, used, root.length);
      kernel.stopped = stopped;
      return tries;
    },
    roots(depth) {
      tries = 0;
      stopped = false;
      cut = depth;
      dfs(windowAt(extra, 0), 0, startUsed, 0);
      cut = -1;
      return tries;
    },
  };
  return kernel;
}
