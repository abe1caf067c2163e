import { type BitboardTables, bitboardTables } from './bitboard-tables.js';
import { type Kernel, type KernelHooks, TICK_TRIES } from './kernel.js';
import type { CoverProblem } from './problem.js';

/** What the search loop reads (the tables and counts) and writes (the per-depth scratch). */
interface FastSearch {
  readonly tables: BitboardTables;
  readonly hooks: KernelHooks;
  readonly kinds: number;
  readonly pieces: number;
  readonly prune: boolean;
  /** The plane's short side: a cell's neighbours above and below are this many bits away. */
  readonly short: number;
  readonly remaining: Int32Array;
  readonly stack: Int32Array;
  // Per-depth saved state of the iterative search.
  readonly savedLo: Int32Array;
  readonly savedHi: Int32Array;
  readonly savedBase: Int32Array;
  readonly savedKind: Int32Array;
  readonly savedNext: Int32Array;
  readonly savedEnd: Int32Array;
  readonly savedTodo: Int32Array;
  /** Set when a hook asked to stop. */
  stopped: boolean;
}

/**
 * Depth-first search without recursion: the loop keeps the current node's board and cursor in
 * locals and saves them per depth, so the hot path is a few integer operations and typed-array reads.
 * Every table is read into a local first, so the loop touches no object fields.
 */
function runFast(search: FastSearch, startLo: number, startHi: number, firstDepth: number): number {
  const { patterns, windowMask, ids, maskLo: ms, maskHi: mh, start: st, kindsThere: there, notBottomLo, notBottomHi, notTopLo, notTopHi } = search.tables;
  const { hooks, kinds, pieces, prune, short, remaining: rem, stack } = search;
  const { savedLo, savedHi, savedBase, savedKind, savedNext, savedEnd, savedTodo } = search;
  const up = 32 - short;
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
      if (hooks.leaf(stack, pieces)) {
        search.stopped = true;
        break;
      }
      continue;
    }
    if (--countdown === 0) {
      countdown = TICK_TRIES;
      if (hooks.tick(stack, depth + 1, tries)) {
        search.stopped = true;
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
}

/**
 * The bitboard kernel in JavaScript for planes of up to 64 cells (`sides[2]` 1): the board is two 32-bit halves (`lo` cells 0..31,
 * `hi` cells 32..63) passed down the recursion as plain integers, so the search allocates nothing.
 * Unused bits and holes start occupied, so "board full" is both halves equal to -1 and the first
 * empty cell is the lowest zero bit. The WebAssembly kernel (wasm-kernel.ts) runs the same search
 * on one 64-bit integer; this one stays for comparison and for hosts without WebAssembly. A packing
 * is complete when every piece is placed (the geometry checks the area first).
 */
export function createFastKernel(problem: CoverProblem, enabled: Uint8Array, hooks: KernelHooks): Kernel {
  if (problem.sides[2] !== 1) throw new RangeError('the JavaScript bitboard kernel takes planes: use the wide kernel for boxes');
  const { placements, maxPieces: pieces, prune } = problem;
  const kinds = problem.kindMax.length;
  const tables = bitboardTables(problem, enabled);
  const { startLo, startHi, idLo, idHi } = tables;
  const kindOf = Int32Array.from(placements.map((p) => p.kind));
  const depths = () => new Int32Array(pieces + 1);
  const search: FastSearch = {
    tables,
    hooks,
    kinds,
    pieces,
    prune,
    short: problem.sides[0],
    remaining: new Int32Array(kinds),
    stack: depths(),
    savedLo: depths(),
    savedHi: depths(),
    savedBase: depths(),
    savedKind: depths(),
    savedNext: depths(),
    savedEnd: depths(),
    savedTodo: depths(),
    stopped: false,
  };
  const { remaining, stack } = search;

  return {
    get stopped() {
      return search.stopped;
    },
    search(prefix) {
      search.stopped = false;
      let lo = startLo;
      let hi = startHi;
      for (let k = 0; k < kinds; k++) remaining[k] = problem.kindMax[k]!;
      prefix.forEach((id, depth) => {
        lo |= idLo[id]!;
        hi |= idHi[id]!;
        remaining[kindOf[id]!]!--;
        stack[depth] = id;
      });
      if (prefix.length === pieces) {
        if (hooks.leaf(stack, pieces)) search.stopped = true;
        return 0;
      }
      return runFast(search, lo, hi, prefix.length);
    },
  };
}
