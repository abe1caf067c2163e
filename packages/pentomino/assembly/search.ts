// The bitboard search of kernel-fast.ts in WebAssembly: the same tables (built by the host in
// tables.ts and copied into this module's memory), the same loop, the same order, so the same tries.
// The board is one native i64 (a set bit is a covered cell, a hole or a cell past the board) and the
// first empty cell is ctz(~board), where JavaScript needs two 32-bit halves.
//
// `run()` returns to the host at every packing and every `tick` tries: V8 only swaps its optimised
// code into a WebAssembly function at a call, so a search that never returned would stay on the
// baseline compiler; the returns are also the host's progress and stop checks. The search state
// lives in globals between calls.

/** What `run()` returns. */
const DONE: i32 = 0;
const LEAF: i32 = 1;
const TICK: i32 = 2;

// The problem (set by layout()).
let kinds: i32 = 0;
let patterns: i32 = 0;
let windowMask: i32 = 0;
let pieces: i32 = 0;
let short: u64 = 0;
let prune: bool = false;
let notBottom: u64 = 0;
let notTop: u64 = 0;
let tickEvery: i32 = 0;

// Tables in linear memory (offsets set by layout()).
let masks: usize = 0; // u64 per bucket entry
let ids: usize = 0; // i32 per bucket entry: placement id
let start: usize = 0; // i32 per (cell, window pattern, kind) slot, plus one: bucket bounds
let there: usize = 0; // i32 per (cell, window pattern): kinds with placements there
let remaining: usize = 0; // i32 per kind: copies in hand
let stack: usize = 0; // i32 per depth: placement ids of the partial packing
let savedBoard: usize = 0; // u64 per depth
let savedState: usize = 0; // 6 x i32 per depth: base, kind, next, end, todo (and padding)

// The search between calls.
let firstDepth: i32 = 0;
let depth: i32 = 0;
let board: u64 = 0;
let base: i32 = 0;
let kind: i32 = 0;
let next: i32 = 0;
let end: i32 = 0;
let todo: i32 = 0;
let avail: i32 = 0;
let countdown: i32 = 0;
let tries: i64 = 0;

function align8(n: usize): usize {
  return (n + 7) & ~7;
}

/**
 * Lays out the tables for a problem, growing the memory as needed; returns the offset of the first
 * table. The host then fills masks, ids, start, there (see the *At() exports) and calls begin().
 */
export function layout(
  entries: i32, slots: i32, cellPatterns: i32, kindCount: i32, pieceCount: i32,
  window: i32, shortSide: i32, pruning: bool, notBottomMask: u64, notTopMask: u64, tickTries: i32,
): usize {
  kinds = kindCount;
  patterns = 1 << window;
  windowMask = patterns - 1;
  pieces = pieceCount;
  short = <u64>shortSide;
  prune = pruning;
  notBottom = notBottomMask;
  notTop = notTopMask;
  tickEvery = tickTries;
  const depths = <usize>(pieceCount + 1);
  masks = align8(__heap_base);
  savedBoard = masks + <usize>entries * 8;
  ids = savedBoard + depths * 8;
  start = ids + <usize>entries * 4;
  there = start + <usize>(slots + 1) * 4;
  remaining = there + <usize>cellPatterns * 4;
  stack = remaining + <usize>kindCount * 4;
  savedState = stack + depths * 4;
  const top = savedState + depths * 24;
  const have = <usize>memory.size() << 16;
  if (top > have) memory.grow(<i32>((top - have + 0xffff) >> 16));
  return masks;
}

export function masksAt(): usize { return masks; }
export function idsAt(): usize { return ids; }
export function startAt(): usize { return start; }
export function thereAt(): usize { return there; }
export function remainingAt(): usize { return remaining; }
export function stackAt(): usize { return stack; }

/** Where the search stands: the first empty cell's slot decides which buckets to scan. */
function enter(b: u64): void {
  const cell = <i32>ctz(~b);
  // Two shifts: cell 63 has no window cells after it, and a 64-bit shift by 64 would not clear them.
  const slot = cell * patterns + (<i32>((b >> <u64>cell) >> 1) & windowMask);
  base = slot * kinds;
  todo = avail & load<i32>(there + (<usize>slot << 2));
  next = 0;
  end = 0;
}

/**
 * Starts a search below a prefix: `remaining` and `stack[0..prefix-1]` are filled in by the host;
 * the board (prefix placements, holes and cells past the board set) comes in two 32-bit halves.
 */
export function begin(lo: u32, hi: u32, prefix: i32): void {
  firstDepth = prefix;
  depth = prefix;
  board = (<u64>hi << 32) | <u64>lo;
  avail = 0;
  for (let k = 0; k < kinds; k++) if (load<i32>(remaining + (<usize>k << 2)) > 0) avail |= 1 << k;
  kind = -1;
  countdown = tickEvery;
  tries = 0;
  enter(board);
}

/** Depth of the partial packing on the stack (at a tick). */
export function currentDepth(): i32 {
  return depth;
}

/** Tries of the current search so far. */
export function triesSoFar(): f64 {
  return <f64>tries;
}

/**
 * Searches on until a packing is complete (LEAF: `stack[0..pieces-1]`), `tick` tries have passed
 * since the last tick (TICK: `stack[0..currentDepth()-1]`) or the search is over (DONE).
 */
export function run(): i32 {
  const masksBase = masks;
  const idsBase = ids;
  const startBase = start;
  const thereBase = there;
  const remainingBase = remaining;
  const stackBase = stack;
  const savedBoardBase = savedBoard;
  const savedBase = savedState;
  const kindCount = kinds;
  const patternCount = patterns;
  const wmask = windowMask;
  const last = pieces - 1;
  const nb = notBottom;
  const nt = notTop;
  const sh = short;
  const pruning = prune;
  const bottom = firstDepth;
  let d = depth;
  let b = board;
  let bs = base;
  let k = kind;
  let nx = next;
  let en = end;
  let td = todo;
  let av = avail;
  let cd = countdown;
  let count: i32 = 0;
  let status = DONE;
  for (;;) {
    if (nx == en) {
      // This kind's placements are done: on to the next kind in hand, or back up a level.
      if (td != 0) {
        k = <i32>ctz(td);
        td &= td - 1;
        const at = startBase + (<usize>(bs + k) << 2);
        nx = load<i32>(at);
        en = load<i32>(at, 4);
        continue;
      }
      if (d == bottom) break;
      d--;
      b = load<u64>(savedBoardBase + (<usize>d << 3));
      const saved = savedBase + <usize>d * 24;
      bs = load<i32>(saved);
      k = load<i32>(saved, 4);
      nx = load<i32>(saved, 8);
      en = load<i32>(saved, 12);
      td = load<i32>(saved, 16);
      const rk = remainingBase + (<usize>k << 2);
      store<i32>(rk, load<i32>(rk) + 1);
      av |= 1 << k;
      continue;
    }
    const j = nx++;
    const m = load<u64>(masksBase + (<usize>j << 3));
    if ((m & b) != 0) continue;
    const n = b | m;
    if (pruning) {
      // An empty cell none of whose neighbours is empty can never be covered.
      const e = ~n;
      const reach = ((e & nb) << 1) | ((e & nt) >> 1) | (e << sh) | (e >> sh);
      if ((e & ~reach) != 0) continue;
    }
    count++;
    store<i32>(stackBase + (<usize>d << 2), load<i32>(idsBase + (<usize>j << 2)));
    if (d == last) {
      status = LEAF;
      break;
    }
    store<u64>(savedBoardBase + (<usize>d << 3), b);
    const saved = savedBase + <usize>d * 24;
    store<i32>(saved, bs);
    store<i32>(saved, k, 4);
    store<i32>(saved, nx, 8);
    store<i32>(saved, en, 12);
    store<i32>(saved, td, 16);
    const rk = remainingBase + (<usize>k << 2);
    const left = load<i32>(rk) - 1;
    store<i32>(rk, left);
    if (left == 0) av &= ~(1 << k);
    d++;
    b = n;
    const cell = <i32>ctz(~b);
    const slot = cell * patternCount + (<i32>((b >> <u64>cell) >> 1) & wmask);
    bs = slot * kindCount;
    td = av & load<i32>(thereBase + (<usize>slot << 2));
    nx = 0;
    en = 0;
    if (--cd == 0) {
      cd = tickEvery;
      status = TICK;
      break;
    }
  }
  depth = d;
  board = b;
  base = bs;
  kind = k;
  next = nx;
  end = en;
  todo = td;
  avail = av;
  countdown = cd;
  tries += count;
  return status;
}
