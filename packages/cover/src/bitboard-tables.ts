import { BITBOARD_CELLS, BITBOARD_KINDS, WINDOW } from './kernel.js';
import { type CoverProblem, placementMasks as cellMasks } from './problem.js';

/**
 * The tables of the JavaScript bitboard kernel for planes (assembly/search.ts builds the same ones
 * in WebAssembly, so both scan the same placements in the same order). Masks of 64 cells are two
 * 32-bit halves: `lo` cells 0..31, `hi` cells 32..63. Unused bits and holes start occupied. A line
 * of the plane is its first side (`sides[0]` cells).
 */
export interface BitboardTables extends BoardMasks {
  window: number;
  patterns: number;
  windowMask: number;
  /** Bucket bounds per (cell, window pattern, kind) slot: `ids[start[slot] .. start[slot + 1])`. */
  start: Int32Array;
  /** Placement ids in bucket order, and their masks. */
  ids: Int32Array;
  maskLo: Int32Array;
  maskHi: Int32Array;
  /** Per (cell, window pattern): the kinds that have placements there, as a bitmask. */
  kindsThere: Int32Array;
  /** Masks by placement id. */
  idLo: Int32Array;
  idHi: Int32Array;
}

/** The empty board (holes and cells past the board set) and the cells not on a line's last / first cell. */
export interface BoardMasks {
  startLo: number;
  startHi: number;
  notBottomLo: number;
  notBottomHi: number;
  notTopLo: number;
  notTopHi: number;
}

/** Throws unless the problem fits a bitboard kernel. */
export function checkBitboard(problem: CoverProblem): void {
  if (problem.size > BITBOARD_CELLS) throw new RangeError(`the bitboard kernel takes at most ${BITBOARD_CELLS} cells (got ${problem.size})`);
  const kinds = problem.kindMax.length;
  if (kinds > BITBOARD_KINDS) throw new RangeError(`the bitboard kernel takes at most ${BITBOARD_KINDS} piece kinds (got ${kinds})`);
}

export function boardMasks(problem: CoverProblem): BoardMasks {
  const { size } = problem;
  const short = problem.sides[0];
  let startLo = 0;
  let startHi = 0;
  let notBottomLo = 0;
  let notBottomHi = 0;
  let notTopLo = 0;
  let notTopHi = 0;
  for (let cell = 0; cell < 64; cell++) {
    const blocked = cell >= size || problem.hole[cell] === 1;
    const bottom = cell % short === short - 1;
    const top = cell % short === 0;
    if (cell < 32) {
      if (blocked) startLo |= 1 << cell;
      if (!bottom) notBottomLo |= 1 << cell;
      if (!top) notTopLo |= 1 << cell;
    } else {
      if (blocked) startHi |= 1 << (cell - 32);
      if (!bottom) notBottomHi |= 1 << (cell - 32);
      if (!top) notTopHi |= 1 << (cell - 32);
    }
  }
  return { startLo, startHi, notBottomLo, notBottomHi, notTopLo, notTopHi };
}

/** Each placement's cells as a bitmask (a geometry may have listed them with its placements). */
function masksOf(problem: CoverProblem): { lo: Int32Array; hi: Int32Array } {
  return problem.masks ?? cellMasks(problem.placements);
}

export function bitboardTables(problem: CoverProblem, enabled: Uint8Array): BitboardTables {
  checkBitboard(problem);
  const { size, placements } = problem;
  const kinds = problem.kindMax.length;
  // Placements are bucketed by their first cell and by what they need of the next WINDOW cells:
  // the lookup key is the occupancy of those cells, so a placement that would overlap them is never
  // even looked at. The buckets below hold, per (cell, window pattern, kind), the placements that fit.
  // (assembly/search.ts builds the same tables in WebAssembly.)
  const window = Math.min(WINDOW, size);
  const patterns = 1 << window;
  const windowMask = patterns - 1;
  const start = new Int32Array(size * patterns * kinds + 1);
  // Placement masks, and which of the WINDOW cells after its first cell each placement covers.
  const { lo: idLo, hi: idHi } = masksOf(problem);
  const windowBits = new Int32Array(placements.length);
  placements.forEach((placement, id) => {
    const first = placement.cells[0]!;
    for (const cell of placement.cells) {
      if (cell > first && cell - first - 1 < window) windowBits[id]! |= 1 << (cell - first - 1);
    }
  });
  // A placement is listed under every window pattern that leaves its window cells free: the
  // submasks of the free cells. Count per slot, then fill in id order (kinds stay grouped by slot).
  const slots = size * patterns * kinds;
  const counts = new Int32Array(slots);
  const kindsThere = new Int32Array(size * patterns);
  for (let id = 0; id < placements.length; id++) {
    if (!enabled[id]) continue;
    const placement = placements[id]!;
    const base = placement.cells[0]! * patterns;
    const free = windowMask & ~windowBits[id]!;
    for (let pattern = free; ; pattern = (pattern - 1) & free) {
      counts[(base + pattern) * kinds + placement.kind]!++;
      kindsThere[base + pattern]! |= 1 << placement.kind;
      if (pattern === 0) break;
    }
  }
  let count = 0;
  for (let slot = 0; slot < slots; slot++) {
    start[slot] = count;
    count += counts[slot]!;
  }
  start[slots] = count;
  const ids = new Int32Array(count);
  // Placement masks in bucket order, for locality.
  const maskLo = new Int32Array(count);
  const maskHi = new Int32Array(count);
  const cursor = start.slice(0, slots);
  for (let id = 0; id < placements.length; id++) {
    if (!enabled[id]) continue;
    const placement = placements[id]!;
    const base = placement.cells[0]! * patterns;
    const free = windowMask & ~windowBits[id]!;
    for (let pattern = free; ; pattern = (pattern - 1) & free) {
      const at = cursor[(base + pattern) * kinds + placement.kind]!++;
      ids[at] = id;
      maskLo[at] = idLo[id]!;
      maskHi[at] = idHi[id]!;
      if (pattern === 0) break;
    }
  }
  return {
    window,
    patterns,
    windowMask,
    start,
    ids,
    maskLo,
    maskHi,
    kindsThere,
    idLo,
    idHi,
    ...boardMasks(problem),
  };
}
