import type { Problem } from './compile.js';
import { type Kernel, type KernelHooks, TICK_TRIES } from './kernel.js';

/** Boards whose bounding box has at most this many cells use the bitboard kernel. */
export const FAST_CELLS = 64;
/** Piece kinds are a bitmask in one 32-bit integer. */
export const FAST_KINDS = 31;

/** Cells after the first empty one whose occupancy selects the placement list. */
export const WINDOW = 2;

/**
 * The bitboard kernel for boards of up to 64 cells: the board is two 32-bit halves (`lo` cells 0..31,
 * `hi` cells 32..63) passed down the recursion as plain integers, so the search allocates nothing.
 * Unused bits and holes start occupied, so "board full" is both halves equal to -1 and the first
 * empty cell is the lowest zero bit.
 */
export function createFastKernel(problem: Problem, enabled: Uint8Array, hooks: KernelHooks): Kernel {
  const { size, short, placements, pieces, prune } = problem;
  if (size > FAST_CELLS) throw new RangeError(`the bitboard kernel takes at most ${FAST_CELLS} cells (got ${size})`);
  const kinds = problem.kindNames.length;
  if (kinds > FAST_KINDS) throw new RangeError(`the bitboard kernel takes at most ${FAST_KINDS} piece kinds (got ${kinds})`);
  // Placements are bucketed by their first cell and by what they need of the next WINDOW cells:
  // the lookup key is the occupancy of those cells, so a placement that would overlap them is never
  // even looked at. The buckets below hold, per (cell, window pattern, kind), the placements that fit.
  const window = Math.min(WINDOW, size);
  const patterns = 1 << window;
  const windowMask = patterns - 1;
  const stride = patterns * kinds;
  const start = new Int32Array(size * patterns * kinds + 1);
  // Placement masks, and which of the WINDOW cells after its first cell each placement covers.
  const idLo = new Int32Array(placements.length);
  const idHi = new Int32Array(placements.length);
  const windowBits = new Int32Array(placements.length);
  placements.forEach((placement, id) => {
    const first = placement.cells[0]!;
    for (const cell of placement.cells) {
      if (cell < 32) idLo[id]! |= 1 << cell;
      else idHi[id]! |= 1 << (cell - 32);
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
  const up = 32 - short;
  const kindOf = Int32Array.from(placements.map((p) => p.kind));
  const remaining = new Int32Array(kinds);
  const stack = new Int32Array(pieces + 1);
  // Per-depth saved state of the iterative search.
  const savedLo = new Int32Array(pieces + 1);
  const savedHi = new Int32Array(pieces + 1);
  const savedBase = new Int32Array(pieces + 1);
  const savedKind = new Int32Array(pieces + 1);
  const savedNext = new Int32Array(pieces + 1);
  const savedEnd = new Int32Array(pieces + 1);
  const savedTodo = new Int32Array(pieces + 1);
  let stopped = false;

  /**
   * Depth-first search without recursion: the loop keeps the current node's board and cursor in
   * locals and saves them per depth, so the hot path is a few integer operations and typed-array reads.
   */
  const run = (startLo: number, startHi: number, firstDepth: number): number => {
    const ms = maskLo;
    const mh = maskHi;
    const st = start;
    const rem = remaining;
    const there = kindsThere;
    let tries = 0;
    let countdown = TICK_TRIES;
    let depth = firstDepth;
    // Kinds with copies left, as a bitmask.
    let avail = 0;
    for (let k = 0; k < kinds; k++) if (rem[k]! > 0) avail |= 1 << k;
    let lo = startLo;
    let hi = startHi;
    let cell = lo !== -1 ? 31 - Math.clz32(~lo & (lo + 1)) : 63 - Math.clz32(~hi & (hi + 1));
    let shift = cell + 1;
    let slot = cell * patterns + ((shift < 32 ? (lo >>> shift) | (hi << (32 - shift)) : shift < 64 ? hi >>> (shift - 32) : 0) & windowMask);
    let base = slot * kinds;
    let todo = avail & there[slot]!;
    let kind = -1;
    let next = 0;
    let end = 0;
    for (;;) {
      if (next === end) {
        // This kind's placements are done: on to the next kind in hand, or back up a level.
        if (todo !== 0) {
          kind = 31 - Math.clz32(todo & -todo);
          todo &= todo - 1;
          next = st[base + kind]!;
          end = st[base + kind + 1]!;
          continue;
        }
        if (depth === firstDepth) break;
        depth--;
        lo = savedLo[depth]!;
        hi = savedHi[depth]!;
        base = savedBase[depth]!;
        kind = savedKind[depth]!;
        next = savedNext[depth]!;
        end = savedEnd[depth]!;
        todo = savedTodo[depth]!;
        rem[kind]!++;
        avail |= 1 << kind;
        continue;
      }
      const j = next++;
      const mLo = ms[j]!;
      const mHi = mh[j]!;
      if (((mLo & lo) | (mHi & hi)) !== 0) continue;
      const nLo = lo | mLo;
      const nHi = hi | mHi;
      if (prune) {
        // An empty cell none of whose neighbours is empty can never be covered.
        const eLo = ~nLo;
        const eHi = ~nHi;
        const dLo = eLo & notBottomLo;
        const dHi = eHi & notBottomHi;
        const uLo = eLo & notTopLo;
        const uHi = eHi & notTopHi;
        const reachLo = (dLo << 1) | (uLo >>> 1) | (uHi << 31) | (eLo << short) | (eLo >>> short) | (eHi << up);
        const reachHi = (dHi << 1) | (dLo >>> 31) | (uHi >>> 1) | (eHi << short) | (eLo >>> up) | (eHi >>> short);
        if (((eLo & ~reachLo) | (eHi & ~reachHi)) !== 0) continue;
      }
      tries++;
      stack[depth] = ids[j]!;
      if (depth + 1 === pieces) {
        if (hooks.leaf(stack)) {
          stopped = true;
          break;
        }
        continue;
      }
      if (--countdown === 0) {
        countdown = TICK_TRIES;
        if (hooks.tick(stack, depth + 1, tries)) {
          stopped = true;
          break;
        }
      }
      savedLo[depth] = lo;
      savedHi[depth] = hi;
      savedBase[depth] = base;
      savedKind[depth] = kind;
      savedNext[depth] = next;
      savedEnd[depth] = end;
      savedTodo[depth] = todo;
      if (--rem[kind]! === 0) avail &= ~(1 << kind);
      depth++;
      lo = nLo;
      hi = nHi;
      cell = lo !== -1 ? 31 - Math.clz32(~lo & (lo + 1)) : 63 - Math.clz32(~hi & (hi + 1));
      shift = cell + 1;
      slot = cell * patterns + ((shift < 32 ? (lo >>> shift) | (hi << (32 - shift)) : shift < 64 ? hi >>> (shift - 32) : 0) & windowMask);
      base = slot * kinds;
      todo = avail & there[slot]!;
      next = 0;
      end = 0;
    }
    return tries;
  };

  return {
    get stopped() {
      return stopped;
    },
    search(prefix) {
      stopped = false;
      let lo = startLo;
      let hi = startHi;
      for (let k = 0; k < kinds; k++) remaining[k] = problem.kindCounts[k]!;
      prefix.forEach((id, depth) => {
        lo |= idLo[id]!;
        hi |= idHi[id]!;
        remaining[kindOf[id]!]!--;
        stack[depth] = id;
      });
      if (prefix.length === pieces) {
        if (hooks.leaf(stack)) stopped = true;
        return 0;
      }
      return run(lo, hi, prefix.length);
    },
  };
}
