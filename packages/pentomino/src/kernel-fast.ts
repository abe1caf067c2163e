import type { Problem } from './compile.js';
import { type Kernel, type KernelHooks, TICK_TRIES, bucketPlacements } from './kernel.js';

/** Boards whose bounding box has at most this many cells use the bitboard kernel. */
export const FAST_CELLS = 64;

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
  const { start, ids } = bucketPlacements(size, kinds, placements, enabled);
  const count = ids.length;
  // Placement masks in bucket order, for locality.
  const maskLo = new Int32Array(count);
  const maskHi = new Int32Array(count);
  ids.forEach((id, j) => {
    for (const cell of placements[id]!.cells) {
      if (cell < 32) maskLo[j]! |= 1 << cell;
      else maskHi[j]! |= 1 << (cell - 32);
    }
  });
  const idLo = new Int32Array(placements.length);
  const idHi = new Int32Array(placements.length);
  placements.forEach((placement, id) => {
    for (const cell of placement.cells) {
      if (cell < 32) idLo[id]! |= 1 << cell;
      else idHi[id]! |= 1 << (cell - 32);
    }
  });
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
  let tries = 0;
  let countdown = TICK_TRIES;
  let stopped = false;

  /** True when some empty cell has no empty neighbour: nothing can ever cover it. */
  const cutOff = (lo: number, hi: number): boolean => {
    const eLo = ~lo;
    const eHi = ~hi;
    const dLo = eLo & notBottomLo;
    const dHi = eHi & notBottomHi;
    const uLo = eLo & notTopLo;
    const uHi = eHi & notTopHi;
    const reachLo = (dLo << 1) | (uLo >>> 1) | (uHi << 31) | (eLo << short) | (eLo >>> short) | (eHi << up);
    const reachHi = (dHi << 1) | (dLo >>> 31) | (uHi >>> 1) | (eHi << short) | (eLo >>> up) | (eHi >>> short);
    return ((eLo & ~reachLo) | (eHi & ~reachHi)) !== 0;
  };

  const dfs = (lo: number, hi: number, depth: number): void => {
    const cell = lo !== -1 ? 31 - Math.clz32(~lo & (lo + 1)) : 63 - Math.clz32(~hi & (hi + 1));
    const base = cell * kinds;
    for (let k = 0; k < kinds; k++) {
      if (remaining[k] === 0) continue;
      const end = start[base + k + 1]!;
      for (let j = start[base + k]!; j < end; j++) {
        const mLo = maskLo[j]!;
        const mHi = maskHi[j]!;
        if (((mLo & lo) | (mHi & hi)) !== 0) continue;
        const nLo = lo | mLo;
        const nHi = hi | mHi;
        if (prune && cutOff(nLo, nHi)) continue;
        tries++;
        stack[depth] = ids[j]!;
        if (depth + 1 === pieces) {
          if (hooks.leaf(stack)) stopped = true;
        } else {
          if (--countdown === 0) {
            countdown = TICK_TRIES;
            if (hooks.tick(stack, depth + 1)) stopped = true;
          }
          if (!stopped) {
            remaining[k]!--;
            dfs(nLo, nHi, depth + 1);
            remaining[k]!++;
          }
        }
        if (stopped) return;
      }
    }
  };

  return {
    get stopped() {
      return stopped;
    },
    search(prefix) {
      tries = 0;
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
      } else {
        dfs(lo, hi, prefix.length);
      }
      return tries;
    },
  };
}
