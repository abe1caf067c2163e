// The exact-cover search of @kit/pentomino and @kit/polycube: pack pieces into a box of up to 64
// cells, A x B x C (C = 1 for a plane), numbered along A first, then B, then C (index = a + A * (b +
// B * c)), so a placement's cells lie close together. The board is one native i64 (a set bit is a
// covered cell, a hole or a cell past the box), the first empty cell is ctz(~board), a placement fits
// when its mask and the board share no bit, and a packing is complete when the board is full (so
// pieces with a range of counts need no fixed depth).
//
// Boxes whose pieces all have four cells or more branch on the most walled-in empty cell instead
// of the first (see walledInSlot). Placements are bucketed by first cell, by what they need of the
// next `window` cells and by kind (for those boxes also by each cell and the pattern of its
// neighbours they need, and for a cell with one such neighbour by that neighbour's); the scan for
// the next placement that fits is a loop of its own over mask addresses. With pruning, a
// placement that leaves an empty cell with no empty neighbour is skipped: four neighbours in a
// plane, six in a box. `run()` returns to the host at every packing and every `tick` tries: V8 only
// swaps its optimised code into a WebAssembly function at a call, so a search that never returned
// would stay on the baseline compiler; the returns are also the host's progress and stop checks.
// The search state lives in globals between calls. src/wide-kernel.ts (any box) and
// src/fast-kernel.ts (planes) run the same search in JavaScript, in the same order, with the same tries.

const DONE: i32 = 0;
const LEAF: i32 = 1;
const TICK: i32 = 2;

// The problem (set by layout()).
let kinds: i32 = 0;
let patterns: i32 = 0;
let windowMask: i32 = 0;
let maxDepth: i32 = 0;
let strideB: u64 = 0;
let strideC: u64 = 0;
// C = 1: the dead cell test looks at four neighbours, not six.
let planar: bool = false;
let prune: bool = false;
// Cells that have a neighbour at +1 / -1 / +A / -A / +AB / -AB inside the box (one A line of a
// plane is a column: +A and -A leave it at its ends, into cells past the board that are always
// covered).
let plusA: u64 = 0;
let minusA: u64 = 0;
let plusB: u64 = 0;
let minusB: u64 = 0;
let plusC: u64 = 0;
let minusC: u64 = 0;
let tickEvery: i32 = 0;
// Boxes whose pieces all have four cells or more: skip a placement that leaves an enclosed empty
// region of two or three cells too (see `search`).
let pockets: bool = false;

// Tables in linear memory (offsets set by layout()).
let records: usize = 0; // 16 bytes per enabled placement, from the host: id, kind, mask (u64)
let cursor: usize = 0; // i32 per slot: scratch for buildTables()
let masks: usize = 0; // u64 per bucket entry
let ids: usize = 0; // i32 per bucket entry: placement id
let start: usize = 0; // i32 per (cell, window pattern, kind) slot, plus one: bucket bounds
let there: usize = 0; // i32 per (cell, window pattern): kinds with placements there
let coverSizes: usize = 0; // i32 per constrained-cell slot: placements listed there, all kinds
let remaining: usize = 0; // i32 per kind: copies in hand
let stack: usize = 0; // i32 per depth: placement ids of the partial packing
let savedBoard: usize = 0; // u64 per depth
let savedState: usize = 0; // 6 x i32 per depth: base, kind, scan address and end, todo (and padding)
let slots: i32 = 0;
let cellPatterns: i32 = 0;
// Constrained-cell branching (see walledInSlot): one slot per (cell, pattern of its empty
// neighbours), after the first-cell slots; 0 when off.
let coverSlots: i32 = 0;
// Ring slots (see walledInSlot): one per (cell, way to its one empty neighbour, pattern of that
// neighbour's other empty neighbours), after the constrained-cell slots; 0 when off (and for an
// estimate: its walks find the same children in the constrained-cell slot, at a third of the
// tables' build time).
let ringBase: i32 = 0;
let ringSlots: i32 = 0;
// i32 per way (+1, -1, +A, -A, +AB, -AB): the step to the neighbour that way (a load, where
// working it out took three unpredictable branches).
let wayStep: usize = 0;

function align8(n: usize): usize {
  return (n + 7) & ~7;
}

/**
 * Lays out the memory for a problem of `size` cells, `placements` enabled placements and at most
 * `depthLimit` pieces in a packing, growing it as needed. The host then writes the placements at
 * recordsAt() and calls buildTables().
 */
export function layout(
  placements: i32, size: i32, kindCount: i32, depthLimit: i32, window: i32,
  sideA: i32, sideB: i32, pruning: bool, tickTries: i32, smallPockets: bool,
  constrainedCells: bool, pieceCells: i32, ringLists: bool,
): void {
  planar = size <= sideA * sideB;
  kinds = kindCount;
  patterns = 1 << window;
  windowMask = patterns - 1;
  maxDepth = depthLimit;
  strideB = <u64>sideA;
  strideC = <u64>(sideA * sideB);
  prune = pruning;
  tickEvery = tickTries;
  pockets = pruning && !planar && smallPockets;
  plusA = 0;
  minusA = 0;
  plusB = 0;
  minusB = 0;
  plusC = 0;
  minusC = 0;
  for (let cell = 0; cell < size; cell++) {
    const a = cell % sideA;
    const b = (cell / sideA) % sideB;
    const bit = <u64>1 << <u64>cell;
    if (a != sideA - 1) plusA |= bit;
    if (a != 0) minusA |= bit;
    if (b != sideB - 1) plusB |= bit;
    if (b != 0) minusB |= bit;
    if (cell + sideA * sideB < size) plusC |= bit;
    if (cell >= sideA * sideB) minusC |= bit;
  }
  cellPatterns = size * patterns;
  coverSlots = pockets && constrainedCells ? size * 64 : 0;
  ringBase = cellPatterns + coverSlots;
  ringSlots = coverSlots != 0 && ringLists ? size * 6 * 64 : 0;
  slots = (ringBase + ringSlots) * kindCount;
  // A placement is listed under at most `patterns` window patterns, under at most six neighbour
  // patterns of each of its cells, and under at most 32 ring patterns of each.
  const entries = <usize>placements * <usize>(patterns + (coverSlots != 0 ? 6 * pieceCells : 0) + (ringSlots != 0 ? 32 * pieceCells : 0));
  const depths = <usize>(depthLimit + 1);
  records = align8(__heap_base);
  masks = records + <usize>placements * 16;
  savedBoard = masks + entries * 8;
  ids = savedBoard + depths * 8;
  start = ids + entries * 4;
  cursor = start + <usize>(slots + 1) * 4;
  there = cursor + <usize>slots * 4;
  coverSizes = there + <usize>(ringBase + ringSlots) * 4;
  remaining = coverSizes + <usize>coverSlots * 4;
  stack = remaining + <usize>kindCount * 4;
  savedState = align8(stack + depths * 4 + <usize>kindCount * 4);
  wayStep = savedState + depths * 24;
  const top = wayStep + 24;
  const have = <usize>memory.size() << 16;
  if (top > have) memory.grow(<i32>((top - have + 0xffff) >> 16));
  store<i32>(wayStep, 1);
  store<i32>(wayStep, -1, 4);
  store<i32>(wayStep, sideA, 8);
  store<i32>(wayStep, -sideA, 12);
  store<i32>(wayStep, sideA * sideB, 16);
  store<i32>(wayStep, -sideA * sideB, 20);
}

export function recordsAt(): usize { return records; }
export function remainingAt(): usize { return remaining; }
export function stackAt(): usize { return stack; }


/**
 * Which of cell `c`'s six neighbours (+1, -1, +A, -A, +AB, -AB) are in `x`, as six bits. Branch-free:
 * each way's mask of cells with a neighbour that way inside the box, shifted to `c`, picks out the
 * neighbour's bit (where a shift wraps past 63, the mask's bit is 0).
 */
@inline
function around(x: u64, c: i32): i32 {
  const s = <u64>c;
  const n =
    ((plusA >> s) & (x >> (s + 1)) & 1) |
    (((minusA >> s) & (x >> (s - 1)) & 1) << 1) |
    (((plusB >> s) & (x >> (s + strideB)) & 1) << 2) |
    (((minusB >> s) & (x >> (s - strideB)) & 1) << 3) |
    (((plusC >> s) & (x >> (s + strideC)) & 1) << 4) |
    (((minusC >> s) & (x >> (s - strideC)) & 1) << 5);
  return <i32>n;
}

/**
 * Cell `c`'s pattern of empty neighbours, as around() gives it, from `w0`..`w5`: the cells whose
 * neighbour in each way is empty. Six shifts by the one amount `c`, where around() shifts six
 * masks by six amounts (on x64 each variable shift wants the count in CL: many more moves).
 */
@inline
function gather(w0: u64, w1: u64, w2: u64, w3: u64, w4: u64, w5: u64, c: i32): i32 {
  const s = <u64>c;
  return <i32>(
    ((w0 >> s) & 1) | (((w1 >> s) & 1) << 1) | (((w2 >> s) & 1) << 2) |
    (((w3 >> s) & 1) << 3) | (((w4 >> s) & 1) << 4) | (((w5 >> s) & 1) << 5)
  );
}

/**
 * Constrained-cell slots: a placement whose cell has `own` for its neighbours inside the placement
 * fits at that cell only when all of them are empty. The search looks a cell up by its pattern of
 * one or two empty neighbours, so the placement is listed under its own pattern (`extra` 6) and,
 * with one neighbour, under that one plus each other way (`extra` 0..5); -1 where not listed.
 */
@inline
function coverPattern(own: i32, extra: i32): i32 {
  const n = <i32>popcnt(own);
  if (extra == 6) return n <= 2 ? own : -1;
  return n == 1 && (own & (1 << extra)) == 0 ? own | (1 << extra) : -1;
}

/**
 * Buckets the placements (as src/bitboard-tables.ts does for the JavaScript kernel): by first cell, by what they
 * need of the next `window` cells (listed under every occupancy of those cells that leaves them
 * free), and by kind; within a bucket in id order; with constrained cells on, also by each of its
 * cells and the neighbour patterns there (coverPattern). Returns the number of entries.
 */
export function buildTables(count: i32): i32 {
  memory.fill(start, 0, <usize>(slots + 1) * 4);
  memory.fill(there, 0, <usize>(ringBase + ringSlots) * 4);
  for (let i = 0; i < count; i++) listRecord(i, false);
  let total = 0;
  for (let slot = 0; slot <= slots; slot++) {
    const at = start + (<usize>slot << 2);
    total += load<i32>(at);
    store<i32>(at, total);
    if (slot < slots) store<i32>(cursor + (<usize>slot << 2), total);
  }
  for (let i = 0; i < count; i++) listRecord(i, true);
  for (let slot = 0; slot < coverSlots; slot++) {
    const first = start + (<usize>((cellPatterns + slot) * kinds) << 2);
    store<i32>(coverSizes + (<usize>slot << 2), load<i32>(first + (<usize>kinds << 2)) - load<i32>(first));
  }
  return total;
}

/** Lists record `i` under each of its slots: counts it there (`fill` false, the first pass) or writes it in. */
function listRecord(i: i32, fill: bool): void {
  const record = records + (<usize>i << 4);
  const id = load<i32>(record);
  const kind = load<i32>(record, 4);
  const mask = load<u64>(record, 8);
  if (coverSlots != 0) {
    for (let rest = mask; rest != 0; rest &= rest - 1) {
      const c = <i32>ctz(rest);
      const own = around(mask, c);
      for (let extra = 0; extra <= 6; extra++) {
        const pattern = coverPattern(own, extra);
        if (pattern >= 0) listUnder(cellPatterns + c * 64 + pattern, kind, id, mask, fill);
      }
      if (ringSlots != 0 && popcnt(own) == 1) {
        // The ring slots of `c` and its one neighbour in the placement: under each pattern of
        // that neighbour's other empty neighbours that leaves the ones the placement covers free.
        const way = <i32>ctz(own);
        const next = neighbourOf(c, way);
        const back = ~(1 << (way ^ 1));
        const need = around(mask, next) & back;
        const free = around(~(<u64>0), next) & back & ~need;
        const at = ringBase + ((c * 6 + way) << 6);
        for (let sub = free; ; sub = (sub - 1) & free) {
          listUnder(at + (need | sub), kind, id, mask, fill);
          if (sub == 0) break;
        }
      }
    }
  }
  const first = <i32>ctz(mask);
  const free = windowMask & ~(<i32>((mask >> <u64>first) >> 1) & windowMask);
  const base = first * patterns;
  for (let pattern = free; ; pattern = (pattern - 1) & free) {
    listUnder(base + pattern, kind, id, mask, fill);
    if (pattern == 0) break;
  }
}

@inline
function listUnder(slot: i32, kind: i32, id: i32, mask: u64, fill: bool): void {
  if (fill) {
    const slotAt = cursor + (<usize>(slot * kinds + kind) << 2);
    const entry = load<i32>(slotAt);
    store<i32>(slotAt, entry + 1);
    store<i32>(ids + (<usize>entry << 2), id);
    store<u64>(masks + (<usize>entry << 3), mask);
  } else {
    const at = start + (<usize>(slot * kinds + kind + 1) << 2);
    store<i32>(at, load<i32>(at) + 1);
    const kindsAt = there + (<usize>slot << 2);
    store<i32>(kindsAt, load<i32>(kindsAt) | (1 << kind));
  }
}

// The search between calls.
let firstDepth: i32 = 0;
let depth: i32 = 0;
let leafDepth: i32 = 0;
let board: u64 = 0;
let base: i32 = 0;
let kind: i32 = 0;
let scan: usize = 0; // address of the next mask to try in the current bucket
let scanEnd: usize = 0;
let todo: i32 = 0;
let avail: i32 = 0;
let countdown: i32 = 0;
let tries: i64 = 0;

/** The cell next to `c` in way `way` (+1, -1, +A, -A, +AB, -AB). */
@inline
function neighbourOf(c: i32, way: i32): i32 {
  return c + load<i32>(wayStep + (<usize>way << 2));
}

/** Does covering `m` on board `b` leave an empty cell none of whose neighbours is empty? */
@inline
function cutsOff(b: u64, m: u64, sb: u64, sc: u64): bool {
  const e = ~(b | m);
  const reach = planar
    ? ((e & plusA) << 1) | ((e & minusA) >> 1) | (e << sb) | (e >> sb)
    : ((e & plusA) << 1) | ((e & minusA) >> 1) | ((e & plusB) << sb) | ((e & minusB) >> sb) | (e << sc) | (e >> sc);
  return (e & ~reach) != 0;
}

// Knuth's estimate of the search tree's size: random walks from the root, each step to a child
// chosen uniformly, the product of the branching factors along the way summed over the depths.
// Its expected value is the number of tries the search below the root will make; the planner
// compares plans (axis orders, pieces placed first) by it before searching.
let seedState: u64 = 0;

function nextRandom(): u64 {
  let x = seedState;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  seedState = x;
  return x;
}

/**
 * The mean over `probes` random walks below the root set up by begin() (its board and `remaining`,
 * which are left as they were), with the generator seeded by `seed`.
 */
export function estimate(probes: i32, seed: u32): f64 {
  seedState = (<u64>seed << 32) | 0x9e3779b9;
  const work = stack + <usize>(maxDepth + 1) * 4;
  let total: f64 = 0;
  for (let q = 0; q < probes; q++) {
    memory.copy(work, remaining, <usize>kinds * 4);
    let b = board;
    let product: f64 = 1;
    for (;;) {
      let av = 0;
      for (let k = 0; k < kinds; k++) if (load<i32>(work + (<usize>k << 2)) > 0) av |= 1 << k;
      const slot = chooseSlot(b);
      const todoKinds = av & load<i32>(there + (<usize>slot << 2));
      // Count the children, then walk to the chosen one.
      let children = 0;
      for (let td = todoKinds; td != 0; td &= td - 1) {
        const k = <i32>ctz(td);
        const at = start + (<usize>(slot * kinds + k) << 2);
        for (let p = masks + (<usize>load<i32>(at) << 3), pe = masks + (<usize>load<i32>(at, 4) << 3); p != pe; p += 8) {
          const m = load<u64>(p);
          if ((m & b) == 0 && !(prune && cutsOff(b, m, strideB, strideC))) children++;
        }
      }
      if (children == 0) break;
      product *= <f64>children;
      total += product;
      let pick = <i32>(nextRandom() % <u64>children);
      let chosen: u64 = 0;
      let chosenKind = 0;
      for (let td = todoKinds; td != 0 && chosen == 0; td &= td - 1) {
        const k = <i32>ctz(td);
        const at = start + (<usize>(slot * kinds + k) << 2);
        for (let p = masks + (<usize>load<i32>(at) << 3), pe = masks + (<usize>load<i32>(at, 4) << 3); p != pe; p += 8) {
          const m = load<u64>(p);
          if ((m & b) == 0 && !(prune && cutsOff(b, m, strideB, strideC))) {
            if (pick == 0) {
              chosen = m;
              chosenKind = k;
              break;
            }
            pick--;
          }
        }
      }
      b |= chosen;
      if (b == ~(<u64>0)) break;
      const rk = work + (<usize>chosenKind << 2);
      store<i32>(rk, load<i32>(rk) - 1);
    }
  }
  return total / <f64>probes;
}

// Each empty cell's empty neighbours, counted bit-sliced by countEmptyNeighbours: cells with one
// or more, two or more, three or more. The pocket test counts them for each placement it looks at;
// the one the search takes is the last looked at, so its descent reuses them (walledInSlot).
let openOne: u64 = 0;
let openTwo: u64 = 0;
let openThree: u64 = 0;

@inline
function countEmptyNeighbours(e: u64, pa: u64, ma: u64, pb: u64, mb: u64, sb: u64, sc: u64): void {
  // Cells with an empty neighbour one way, for each of the six ways.
  const t1 = (e & pa) << 1;
  const t2 = (e & ma) >> 1;
  const t3 = (e & pb) << sb;
  const t4 = (e & mb) >> sb;
  const t5 = e << sc;
  const t6 = e >> sc;
  let one = t1;
  let two = one & t2;
  one |= t2;
  let three = two & t3;
  two |= one & t3;
  one |= t3;
  three |= two & t4;
  two |= one & t4;
  one |= t4;
  three |= two & t5;
  two |= one & t5;
  one |= t5;
  three |= two & t6;
  two |= one & t6;
  one |= t6;
  openOne = one;
  openTwo = two;
  openThree = three;
}

/**
 * Is there an enclosed empty region of two or three cells among the empty cells `e` of a box? Such
 * a region is a cell with one or two empty neighbours, each of which has that cell as its only
 * empty neighbour (no triangles in a cubic grid: three cells enclosed form a path). Branch-free, a
 * few dozen operations.
 */
@inline
function hasSmallPocket(e: u64, pa: u64, ma: u64, pb: u64, mb: u64, sb: u64, sc: u64): bool {
  countEmptyNeighbours(e, pa, ma, pb, mb, sb, sc);
  const leaf = e & openOne & ~openTwo;
  const link = e & openTwo & ~openThree;
  // Cells next to an empty cell that is not a leaf.
  const inner = e & ~leaf;
  const nearInner = ((inner & pa) << 1) | ((inner & ma) >> 1) | ((inner & pb) << sb) | ((inner & mb) >> sb) | (inner << sc) | (inner >> sc);
  return ((leaf | link) & ~nearInner) != 0;
}

/**
 * The first empty cell's slot on board `b`, by what the window after it needs (two shifts: cell 63
 * has no window cells after it, and a 64-bit shift by 64 would not clear them).
 */
@inline
function firstCellSlot(b: u64): i32 {
  const cell = <i32>ctz(~b);
  return cell * patterns + (<i32>((b >> <u64>cell) >> 1) & windowMask);
}

/**
 * With constrained cells on, the slot of the cell to branch on, with the counts of board `b` in
 * openOne..Three. The candidates are the empty cells with one empty neighbour that has two (the
 * ends of tunnels), failing those the cells with one empty neighbour, failing those the cells with
 * two; of them, the one whose slot lists the fewest placements (the lowest of equals); failing all,
 * the first empty cell. Every packing covers it, and a cell walled in on four or five sides has far
 * fewer placements than the first empty cell, which may have three open sides (Bedlam: 269 million
 * tries down to 137 million, and to 95 million with the fewest listed; the Tetris Cube: 136 to 72
 * to 67). Such a cell's slot lists the placements that cover it and, of its neighbours, only ones
 * in the pattern (buildTables); its size is a static count, one load, where counting the placements
 * that fit the board would cost more than the tries it saves. The search then scans the chosen
 * cell's ring slot if it has one empty neighbour, else its constrained-cell slot.
 */
@inline
function walledInSlot(b: u64, pa: u64, ma: u64, pb: u64, mb: u64, sb: u64, sc: u64, rings: bool): i32 {
  const e = ~b;
  // The cells whose neighbour each way is empty (see gather).
  const w0 = (e >> 1) & pa;
  const w1 = (e << 1) & ma;
  const w2 = (e >> sb) & pb;
  const w3 = (e << sb) & mb;
  const w4 = e >> sc;
  const w5 = e << sc;
  const link = e & openTwo & ~openThree;
  let chosen = e & openOne & ~openTwo;
  if ((chosen & (chosen - 1)) != 0) {
    const nearLink = ((link & pa) << 1) | ((link & ma) >> 1) | ((link & pb) << sb) | ((link & mb) >> sb) | (link << sc) | (link >> sc);
    const tunnelEnd = chosen & nearLink;
    if (tunnelEnd != 0) chosen = tunnelEnd;
  } else if (chosen == 0) {
    chosen = link;
  }
  if (chosen == 0) return firstCellSlot(b);
  let cell = <i32>ctz(chosen);
  let local = cell * 64 + gather(w0, w1, w2, w3, w4, w5, cell);
  // More than one candidate: the fewest listed.
  if ((chosen & (chosen - 1)) != 0) {
    let fewest = load<i32>(coverSizes + (<usize>local << 2));
    for (let rest = chosen & (chosen - 1); rest != 0; rest &= rest - 1) {
      const c = <i32>ctz(rest);
      const at = c * 64 + gather(w0, w1, w2, w3, w4, w5, c);
      const size = load<i32>(coverSizes + (<usize>at << 2));
      const better = size < fewest;
      fewest = select<i32>(size, fewest, better);
      local = select<i32>(at, local, better);
    }
    // Only the slot is carried through the loop (one select fewer): its cell is its top bits.
    cell = local >> 6;
  }
  const pattern = local & 63;
  if (rings && (pattern & (pattern - 1)) == 0) {
    // One empty neighbour: the placements go on through it, so its own other empty neighbours
    // pick out the ones that can fit (Bedlam: 8.7 masks looked at per such cell down to 3.2).
    const way = <i32>ctz(pattern);
    const next = neighbourOf(cell, way);
    return ringBase + ((cell * 6 + way) << 6) + (gather(w0, w1, w2, w3, w4, w5, next) & ~(1 << (way ^ 1)));
  }
  // The first empty cell's own slot lists the same placements, fewer of them past the window.
  return cell == <i32>ctz(e) ? firstCellSlot(b) : cellPatterns + local;
}

/** The slot to scan on board `b`, counting its cells' empty neighbours first where it needs them. */
function chooseSlot(b: u64): i32 {
  if (coverSlots == 0) return firstCellSlot(b);
  countEmptyNeighbours(~b, plusA, minusA, plusB, minusB, strideB, strideC);
  return walledInSlot(b, plusA, minusA, plusB, minusB, strideB, strideC, ringSlots != 0);
}

/** Where the search stands: the first empty cell's slot decides which buckets to scan. */
function enter(b: u64): void {
  const slot = chooseSlot(b);
  base = slot * kinds;
  todo = avail & load<i32>(there + (<usize>slot << 2));
  scan = masks;
  scanEnd = masks;
}

/**
 * Starts a search below a prefix: `remaining` and `stack[0..prefix-1]` are filled in by the host;
 * the board (prefix placements, holes and cells past the box set) comes in two 32-bit halves and
 * is not full.
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

/** Pieces in the packing just completed (at a LEAF). */
export function packingDepth(): i32 {
  return leafDepth;
}

/** Tries of the current search so far. */
export function triesSoFar(): f64 {
  return <f64>tries;
}

/**
 * Searches on until the board is full (LEAF: `stack[0..packingDepth()-1]`), `tick` tries have
 * passed since the last tick (TICK: `stack[0..currentDepth()-1]`) or the search is over (DONE).
 */
export function run(): i32 {
  return planar ? search(prune, true, strideB, 0) : search(prune, false, strideB, strideC);
}

// Copies with the strides built in, for the shapes people pack most (their shifts then take an
// immediate, where a variable shift needs a register of its own on x64; on 6x10 that is 1.5%).
// The host calls the one that fits instead of run(). Planes 3 to 8 cells across (every pentomino
// board):
export function runPlane3(): i32 { return search(true, true, 3, 0); }
export function runPlane4(): i32 { return search(true, true, 4, 0); }
export function runPlane5(): i32 { return search(true, true, 5, 0); }
export function runPlane6(): i32 { return search(true, true, 6, 0); }
export function runPlane7(): i32 { return search(true, true, 7, 0); }
export function runPlane8(): i32 { return search(true, true, 8, 0); }
// Boxes by their two shortest sides:
export function run3x3(): i32 { return search(true, false, 3, 9); }
export function run4x4(): i32 { return search(true, false, 4, 16); }
export function run2x5(): i32 { return search(true, false, 2, 10); }
export function run3x4(): i32 { return search(true, false, 3, 12); }
export function run2x3(): i32 { return search(true, false, 2, 6); }
export function run2x4(): i32 { return search(true, false, 2, 8); }

/**
 * The id of the placement whose mask ends at scan address `p` (ids are i32 where masks are u64,
 * so half the mask's offset).
 */
@inline
function idBefore(p: usize): i32 {
  return load<i32>(ids + ((p - 8 - masks) >> 1));
}

/**
 * Writes the ids of the placements at depths firstDepth..top-1 into `stack`, from the scan
 * addresses saved there: the search does it at a packing and a tick only, not at every try.
 */
function fillStack(top: i32): void {
  for (let j = firstDepth; j < top; j++) {
    store<i32>(stack + (<usize>j << 2), idBefore(load<usize>(savedState + <usize>j * 24, 8)));
  }
}

// @inline: each export above gets its own copy, with `pruning`, `flat` and the strides folded in.
@inline
function search(pruning: bool, flat: bool, sb: u64, sc: u64): i32 {
  const startBase = start;
  const thereBase = there;
  const remainingBase = remaining;
  const savedBoardBase = savedBoard;
  const savedBase = savedState;
  const masksBase = masks;
  const kindCount = kinds;
  const pa = plusA;
  const ma = minusA;
  const pb = plusB;
  const mb = minusB;
  const pocketsOn = pockets;
  const constrained = coverSlots != 0;
  const rings = ringSlots != 0;
  const bottom = firstDepth;
  let d = depth;
  let b = board;
  let bs = base;
  let k = kind;
  let p = scan;
  let pe = scanEnd;
  let td = todo;
  let av = avail;
  let cd = countdown;
  let count: i32 = 0;
  let status = DONE;
  for (;;) {
    // The next placement of this kind in the bucket that fits and cuts off no cell.
    let m: u64 = 0;
    let found = false;
    while (p != pe) {
      m = load<u64>(p);
      p += 8;
      if ((m & b) != 0) continue;
      if (pruning) {
        const e = ~(b | m);
        const reach = flat
          ? ((e & pa) << 1) | ((e & ma) >> 1) | (e << sb) | (e >> sb)
          : ((e & pa) << 1) | ((e & ma) >> 1) | ((e & pb) << sb) | ((e & mb) >> sb) | (e << sc) | (e >> sc);
        if ((e & ~reach) != 0) continue;
        if (!flat && pocketsOn && hasSmallPocket(e, pa, ma, pb, mb, sb, sc)) continue;
      }
      found = true;
      break;
    }
    if (!found) {
      if (td != 0) {
        k = <i32>ctz(td);
        td &= td - 1;
        const at = startBase + (<usize>(bs + k) << 2);
        p = masksBase + (<usize>load<i32>(at) << 3);
        pe = masksBase + (<usize>load<i32>(at, 4) << 3);
        continue;
      }
      if (d == bottom) break;
      d--;
      b = load<u64>(savedBoardBase + (<usize>d << 3));
      const saved = savedBase + <usize>d * 24;
      bs = load<i32>(saved);
      k = load<i32>(saved, 4);
      p = load<usize>(saved, 8);
      pe = load<usize>(saved, 12);
      td = load<i32>(saved, 16);
      const rk = remainingBase + (<usize>k << 2);
      store<i32>(rk, load<i32>(rk) + 1);
      av |= 1 << k;
      continue;
    }
    count++;
    if ((b | m) == ~(<u64>0)) {
      store<i32>(stack + (<usize>d << 2), idBefore(p));
      fillStack(d);
      leafDepth = d + 1;
      status = LEAF;
      break;
    }
    store<u64>(savedBoardBase + (<usize>d << 3), b);
    const saved = savedBase + <usize>d * 24;
    store<i32>(saved, bs);
    store<i32>(saved, k, 4);
    store<usize>(saved, p, 8);
    store<usize>(saved, pe, 12);
    store<i32>(saved, td, 16);
    const rk = remainingBase + (<usize>k << 2);
    const left = load<i32>(rk) - 1;
    store<i32>(rk, left);
    if (left == 0) av &= ~(1 << k);
    d++;
    b |= m;
    // The pocket test counted the new board's empty neighbours last: the placement just taken.
    const slot = !flat && constrained ? walledInSlot(b, pa, ma, pb, mb, sb, sc, rings) : firstCellSlot(b);
    bs = slot * kindCount;
    td = av & load<i32>(thereBase + (<usize>slot << 2));
    p = masksBase;
    pe = masksBase;
    if (--cd == 0) {
      fillStack(d);
      cd = tickEvery;
      status = TICK;
      break;
    }
  }
  depth = d;
  board = b;
  base = bs;
  kind = k;
  scan = p;
  scanEnd = pe;
  todo = td;
  avail = av;
  countdown = cd;
  tries += count;
  return status;
}
