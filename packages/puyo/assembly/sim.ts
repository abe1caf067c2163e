// The Puyo Puyo Tsu chain simulator in WebAssembly SIMD (built by kit-build into dist/sim.wasm).
// The host writes boards in the JavaScript layout (src/bitboard.ts: six planes R G B Y P garbage,
// three 32-bit words each, two 16-bit columns a word); little-endian, so a plane's 12 bytes are
// exactly six 16-bit lanes, column x in lane x, bit 0 = row 1 ... bit 13 = row 14. One v128 load
// gives a whole plane: vertical neighbours are 16-bit lane shifts, horizontal ones 2-byte shifts of
// the vector, so all six columns advance at once and nothing leaks between columns.
// While a chain runs the board is three planes of colour-code bits (1..5 R G B Y P, 6 garbage), kept
// in locals: the whole chain is one function with no call inside (a call makes V8 spill every live
// vector), so helpers below are all inlined.
// Gravity is a bit-parallel compress (Hacker's Delight 7-4) with constant shifts 1, 2, 4, 8, so it
// too runs in every lane at once; only the rounds the step's largest fall needs are run.

const BOARD_BYTES: i32 = 72;
/** Boards one `run` call can simulate (the host batches up to this many). */
const CAPACITY: i32 = 512;
const MAX_STEPS: i32 = 64;
/** Boards `createBoard` can place in this module's memory, simulated where they lie (no copy). */
const POOL_BOARDS: i32 = 4096;

// Boards in and out (16 spare bytes: the last plane's load reads 4 bytes past a board).
const IO: usize = memory.data(CAPACITY * BOARD_BYTES + 16, 16);
// Boards the host hands out and simulates in place (`runAt`), same spare bytes at the end.
const POOL: usize = memory.data(POOL_BOARDS * BOARD_BYTES + 16, 16);
// Per board: chains, score, colour puyos cleared.
const OUT: usize = memory.data(CAPACITY * 12, 16);
// Step scores of the last board simulated.
const STEPS: usize = memory.data(MAX_STEPS * 4, 16);
// Per step of the last board simulated with `runDetailed`: 16 bytes, see `detail`.
const DETAIL: usize = memory.data(MAX_STEPS * 16, 16);

const ZERO: v128 = i64x2(0, 0);
const ONE: v128 = i16x8(1, 1, 1, 1, 1, 1, 0, 0);
const BITS14: v128 = i16x8(0x3fff, 0x3fff, 0x3fff, 0x3fff, 0x3fff, 0x3fff, 0, 0);
const LOW13: v128 = i16x8(0x1fff, 0x1fff, 0x1fff, 0x1fff, 0x1fff, 0x1fff, 0, 0);
const VIS: v128 = i16x8(0x0fff, 0x0fff, 0x0fff, 0x0fff, 0x0fff, 0x0fff, 0, 0); // rows 1..12
const VIS_UP: v128 = i16x8(0x07ff, 0x07ff, 0x07ff, 0x07ff, 0x07ff, 0x07ff, 0, 0); // rows 1..11: the row above is visible
// 2^(15-k) for k = 0..15 cells gone in a column, low and high bytes (swizzle tables).
const FALL_LOW: v128 = i8x16(0, 0, 0, 0, 0, 0, 0, 0, -128, 64, 32, 16, 8, 4, 2, 1);
const FALL_HIGH: v128 = i8x16(-128, 64, 32, 16, 8, 4, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0);
const ROW14: v128 = i16x8(0x2000, 0x2000, 0x2000, 0x2000, 0x2000, 0x2000, 0, 0);

export function ioOffset(): usize {
  return IO;
}
export function poolOffset(): usize {
  return POOL;
}
export function poolBoards(): i32 {
  return POOL_BOARDS;
}
export function outOffset(): usize {
  return OUT;
}
export function stepsOffset(): usize {
  return STEPS;
}
export function detailOffset(): usize {
  return DETAIL;
}
export function capacity(): i32 {
  return CAPACITY;
}

/** Lane x gets lane x + 1 (each cell sees its right-hand neighbour). */
// @ts-ignore: decorator
@inline function fromRight(a: v128): v128 {
  return i8x16.shuffle(a, ZERO, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17);
}

/** Lane x gets lane x - 1 (each cell sees its left-hand neighbour). */
// @ts-ignore: decorator
@inline function fromLeft(a: v128): v128 {
  return i8x16.shuffle(ZERO, a, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29);
}

/** The four neighbours of every cell of `a`. */
// @ts-ignore: decorator
@inline function neighbours(a: v128): v128 {
  return v128.or(v128.or(i16x8.shl(a, 1), i16x8.shr_u(a, 1)), v128.or(fromLeft(a), fromRight(a)));
}

// @ts-ignore: decorator
@inline function count(a: v128): i32 {
  return <i32>(popcnt<i64>(i64x2.extract_lane(a, 0)) + popcnt<i64>(i64x2.extract_lane(a, 1)));
}

/** Cells linked to a cell of `s` (a same-colour neighbour in `s`). */
// @ts-ignore: decorator
@inline function linked(s: v128, up: v128, down: v128, left: v128, right: v128): v128 {
  return v128.or(
    v128.or(v128.and(down, i16x8.shl(s, 1)), v128.and(up, i16x8.shr_u(s, 1))),
    v128.or(v128.and(left, fromLeft(s)), v128.and(right, fromRight(s))),
  );
}

/** Grows `s` within `m` (one colour) to the whole of the components it touches. */
// @ts-ignore: decorator
@inline function growWithin(s: v128, m: v128): v128 {
  let n = s;
  do {
    s = n;
    n = v128.and(v128.or(s, neighbours(s)), m);
    // Upward runs in one go: adding n to m carries up through each run of m above a cell of n.
    n = v128.or(n, v128.andnot(m, i16x8.add(m, n)));
  } while (v128.any_true(v128.xor(n, s)));
  return n;
}

/** The lowest set cell of `s` (which is not empty). */
// @ts-ignore: decorator
@inline function lowestCell(s: v128): v128 {
  const low = i64x2.extract_lane(s, 0);
  if (low != 0) return i64x2.replace_lane(ZERO, 0, low & -low);
  const high = i64x2.extract_lane(s, 1);
  return i64x2.replace_lane(ZERO, 1, high & -high);
}

// @ts-ignore: decorator
@inline function groupBonus(n: i32): i32 {
  return n < 5 ? 0 : n > 10 ? 10 : n - 3;
}

// @ts-ignore: decorator
@inline function chainPower(chain: i32): i32 {
  if (chain <= 3) return 8 * (chain - 1);
  if (chain == 4) return 32;
  if (chain == 5) return 64;
  return 96 + 32 * (chain - 6);
}

/** Group bonus of a popping set of one colour with more than 7 puyos (maybe several groups). */
function splitBonus(s: v128): i32 {
  let bonus = 0;
  while (v128.any_true(s)) {
    const group = growWithin(lowestCell(s), s);
    bonus += groupBonus(count(group));
    s = v128.andnot(s, group);
  }
  return bonus;
}

// @ts-ignore: decorator
@inline function moveRound(x: v128, mv: v128, shift: i32): v128 {
  const t = v128.and(x, mv);
  return v128.or(v128.xor(x, t), i16x8.shr_u(t, shift));
}

// @ts-ignore: decorator
@inline function prefixXor(mk: v128): v128 {
  let mp = v128.xor(mk, i16x8.shl(mk, 1));
  mp = v128.xor(mp, i16x8.shl(mp, 2));
  mp = v128.xor(mp, i16x8.shl(mp, 4));
  return v128.xor(mp, i16x8.shl(mp, 8));
}

/** Clears the lowest set bit of each lane. */
// @ts-ignore: decorator
@inline function dropLowest(a: v128): v128 {
  return v128.and(a, i16x8.sub(a, ONE));
}

/** Cells of code `code` (1..6) in the three code planes. */
// @ts-ignore: decorator
@inline function cellsOf(code: i32, b0: v128, b1: v128, b2: v128): v128 {
  return v128.and(
    code & 1 ? b0 : v128.not(b0),
    v128.and(code & 2 ? b1 : v128.not(b1), code & 4 ? b2 : v128.not(b2)),
  );
}

/**
 * What a detailed run records of each step, for the chain-puzzle goals that look inside a step:
 * byte 0 colours popping, 1 colour puyos popped, 2 garbage cleared, 3 groups; bytes 4..8 puyos popped
 * per colour R G B Y P; 9..13 groups per colour; 14 largest group, 15 spare. Group sizes beyond the
 * largest are in `SIZES`: per step, a 64-bit mask per colour of the group sizes that popped (bit n;
 * bit 63 for 63 or more).
 */
const SIZES: usize = memory.data(MAX_STEPS * 5 * 8, 16);
export function sizesOffset(): usize {
  return SIZES;
}

/** Splits the popping cells of one colour into groups and records their count and sizes. */
function recordGroups(s: v128, step: usize, colour: i32): void {
  let groups = 0;
  let sizes: u64 = 0;
  let largest = <i32>load<u8>(step, 14);
  while (v128.any_true(s)) {
    const group = growWithin(lowestCell(s), s);
    const n = count(group);
    sizes |= (<u64>1) << <u64>min(n, 63); // a group of 64+ (possible: 72 cells) sets bit 63
    if (n > largest) largest = n;
    groups++;
    s = v128.andnot(s, group);
  }
  store<u8>(step + <usize>(9 + colour), <u8>groups);
  store<u8>(step, <u8>(load<u8>(step, 3) + groups), 3);
  store<u8>(step, <u8>largest, 14);
  store<u64>(SIZES + ((<usize>((step - DETAIL) >> 4) * 5 + <usize>colour) << 3), sizes);
}

// The planes after fallByRounds: globals, as a function returns one value.
let fell0: v128 = ZERO;
let fell1: v128 = ZERO;
let fell2: v128 = ZERO;

/**
 * Gravity in the general case: packs the `keep` cells of rows 1..13 down each column (row 14
 * stays put). A kept cell falls by the number of `gone` cells under it: round i moves by 2^i the
 * cells whose count has bit i set; a round is needed only when some column lost 2^i cells or more.
 */
@inline
function fallByRounds(b0: v128, b1: v128, b2: v128, keep: v128, gone: v128): void {
  const h0 = v128.and(b0, ROW14);
  const h1 = v128.and(b1, ROW14);
  const h2 = v128.and(b2, ROW14);
  let x0 = v128.and(b0, keep);
  let x1 = v128.and(b1, keep);
  let x2 = v128.and(b2, keep);
  let m = keep;
  let mk = i16x8.shl(v128.not(keep), 1);
  let mp = prefixXor(mk);
  let mv = v128.and(mp, m);
  x0 = moveRound(x0, mv, 1);
  x1 = moveRound(x1, mv, 1);
  x2 = moveRound(x2, mv, 1);
  const twoGone = dropLowest(gone);
  if (v128.any_true(twoGone)) {
    m = v128.or(v128.xor(m, mv), i16x8.shr_u(mv, 1));
    mk = v128.andnot(mk, mp);
    mp = prefixXor(mk);
    mv = v128.and(mp, m);
    x0 = moveRound(x0, mv, 2);
    x1 = moveRound(x1, mv, 2);
    x2 = moveRound(x2, mv, 2);
    const fourGone = dropLowest(dropLowest(twoGone));
    if (v128.any_true(fourGone)) {
      m = v128.or(v128.xor(m, mv), i16x8.shr_u(mv, 2));
      mk = v128.andnot(mk, mp);
      mp = prefixXor(mk);
      mv = v128.and(mp, m);
      x0 = moveRound(x0, mv, 4);
      x1 = moveRound(x1, mv, 4);
      x2 = moveRound(x2, mv, 4);
      if (v128.any_true(dropLowest(dropLowest(dropLowest(dropLowest(fourGone)))))) {
        m = v128.or(v128.xor(m, mv), i16x8.shr_u(mv, 4));
        mk = v128.andnot(mk, mp);
        mp = prefixXor(mk);
        mv = v128.and(mp, m);
        x0 = moveRound(x0, mv, 8);
        x1 = moveRound(x1, mv, 8);
        x2 = moveRound(x2, mv, 8);
      }
    }
  }
  fell0 = v128.or(x0, h0);
  fell1 = v128.or(x1, h1);
  fell2 = v128.or(x2, h2);
}

/** A step's popping puyos `s` counted by colour into DETAIL at `step`; with `detail` 2 their groups too. */
@inline
function recordColours(step: usize, s: v128, b0: v128, b1: v128, b2: v128, detail: i32): void {
  v128.store(step, ZERO);
  for (let code = 1; code <= 5; code++) {
    const sc = v128.and(s, cellsOf(code, b0, b1, b2));
    if (!v128.any_true(sc)) continue;
    store<u8>(step + <usize>(3 + code), <u8>count(sc));
    if (detail > 1) recordGroups(sc, step, code - 1);
  }
}

// How many colours coloursBonus found popping (a global, as for fallByRounds).
let bonusColours: i32 = 0;

/** The group bonus of popping puyos `s` of possibly several colours and groups; their colours in bonusColours. */
@inline
function coloursBonus(s: v128, b0: v128, b1: v128, b2: v128): i32 {
  let bonus = 0;
  let colours = 0;
  for (let code = 1; code <= 5; code++) {
    const sc = v128.and(s, cellsOf(code, b0, b1, b2));
    if (!v128.any_true(sc)) continue;
    const n = count(sc);
    // Fewer than 8 puyos of one colour can only be one group.
    bonus += n <= 7 ? groupBonus(n) : splitBonus(sc);
    colours++;
  }
  bonusColours = colours;
  return bonus;
}

/**
 * Runs one board's chain in place (gravity first) and writes chains, score, cleared to `out`, and
 * with `detail` 1 each step's counts to DETAIL, with 2 its groups too (DETAIL, SIZES). Returns whether
 * the board changed.
 */
function simulate(board: usize, out: usize, detail: i32): bool {
  const red = v128.load(board, 0);
  const green = v128.load(board, 12);
  const blue = v128.load(board, 24);
  const yellow = v128.load(board, 36);
  const purple = v128.load(board, 48);
  const garbage = v128.load(board, 60);
  let b0 = v128.and(v128.or(v128.or(red, blue), purple), BITS14);
  let b1 = v128.and(v128.or(v128.or(green, blue), garbage), BITS14);
  let b2 = v128.and(v128.or(v128.or(yellow, purple), garbage), BITS14);
  let keep = v128.and(v128.or(v128.or(b0, b1), b2), LOW13);
  // The cells of rows 1..13 that go before the next fall: at first the empty ones (a floating input
  // settles), then each step's popped cells, handed on as they are (not recomputed from `keep`).
  let removed = v128.andnot(LOW13, keep);
  // A hole under a puyo: the input floats and settles first.
  const floating = v128.any_true(v128.and(keep, i16x8.add(keep, ONE)));
  let falls = floating;
  let chains = 0;
  let score = 0;
  let cleared = 0;
  for (;;) {
    if (falls) {
      // Keeps the `keep` cells of rows 1..13 and packs them down each column; row 14 stays put.
      const gone = removed;
      const lowest = v128.and(gone, i16x8.neg(gone));
      const top = i16x8.add(gone, lowest);
      if (v128.any_true(dropLowest(gone)) && !v128.any_true(v128.and(top, gone))) {
        // Two or more cells gone in some column, and in each column the cells gone are one run:
        // everything above the run falls by its length k, a multiplication by 2^(15-k) (q15mulr
        // rounds (a * b + 2^14) >> 15, exact here as the bits under the run's top are clear).
        const above = v128.and(i16x8.neg(top), LOW13);
        const below = v128.or(i16x8.sub(lowest, ONE), ROW14);
        const k = i16x8.extadd_pairwise_i8x16_u(i8x16.popcnt(gone));
        const by = v128.or(i8x16.swizzle(FALL_LOW, k), i16x8.shl(i8x16.swizzle(FALL_HIGH, k), 8));
        b0 = v128.or(v128.and(b0, below), i16x8.q15mulr_sat_s(v128.and(b0, above), by));
        b1 = v128.or(v128.and(b1, below), i16x8.q15mulr_sat_s(v128.and(b1, above), by));
        b2 = v128.or(v128.and(b2, below), i16x8.q15mulr_sat_s(v128.and(b2, above), by));
      } else {
        fallByRounds(b0, b1, b2, keep, gone);
        b0 = fell0;
        b1 = fell1;
        b2 = fell2;
      }
    }
    // Links between same-colour neighbours, all colours at once: a cell is linked up when it holds
    // a colour and the cell above has the same code, right likewise; down and left are the same
    // links seen from the other cell. Rows 13 and 14 never join a group.
    const colour = v128.andnot(v128.or(v128.or(b0, b1), b2), v128.andnot(v128.and(b1, b2), b0));
    const up = v128.andnot(
      v128.and(colour, VIS_UP),
      v128.or(
        v128.or(v128.xor(b0, i16x8.shr_u(b0, 1)), v128.xor(b1, i16x8.shr_u(b1, 1))),
        v128.xor(b2, i16x8.shr_u(b2, 1)),
      ),
    );
    const right = v128.andnot(
      v128.and(colour, VIS),
      v128.or(v128.or(v128.xor(b0, fromRight(b0)), v128.xor(b1, fromRight(b1))), v128.xor(b2, fromRight(b2))),
    );
    const down = i16x8.shl(up, 1);
    const left = fromLeft(right);
    const ud = v128.and(up, down);
    const lr = v128.and(left, right);
    const uo = v128.or(up, down);
    const lo = v128.or(left, right);
    // Cells with 2+ links; a group of 4+ has one with 3+, or two such cells linked. Every cell of
    // such a group with 2+ links is one of those, and every other cell is linked to one: one
    // step over the links gives the whole group.
    // No early exit on an empty `t`: it would be one more test and branch on every step to save a
    // few operations once, on the last.
    const t = v128.or(v128.or(ud, lr), v128.and(uo, lo));
    let s = v128.or(v128.or(v128.and(ud, lo), v128.and(lr, uo)), v128.and(t, linked(t, up, down, left, right)));
    if (!v128.any_true(s)) break;
    s = v128.or(s, linked(s, up, down, left, right));
    const popped = count(s);
    let colours = 1;
    let bonus = 0;
    const step = DETAIL + (<usize>chains << 4);
    if (detail != 0 && chains < MAX_STEPS) recordColours(step, s, b0, b1, b2, detail);
    // Every group has 4 or more puyos: up to 7 popping puyos are one group, of one colour.
    if (popped <= 7) bonus = groupBonus(popped);
    else {
      bonus = coloursBonus(s, b0, b1, b2);
      colours = bonusColours;
    }
    let gone = s;
    chains++;
    let multiplier = chainPower(chains) + (colours <= 1 ? 0 : 3 << (colours - 2)) + bonus;
    if (multiplier < 1) multiplier = 1;
    else if (multiplier > 999) multiplier = 999;
    const points = 10 * popped * multiplier;
    if (chains <= MAX_STEPS) store<i32>(STEPS + (<usize>(chains - 1) << 2), points);
    score += points;
    cleared += popped;
    // Garbage in rows 1..12 next to a popping puyo goes too.
    const rubble = v128.and(cellsOf(6, b0, b1, b2), VIS);
    if (v128.any_true(rubble)) gone = v128.or(gone, v128.and(neighbours(gone), rubble));
    if (detail != 0 && chains <= MAX_STEPS) {
      store<u8>(step, <u8>colours, 0);
      store<u8>(step, <u8>popped, 1);
      store<u8>(step, <u8>(count(gone) - popped), 2);
    }
    keep = v128.andnot(LOW13, gone);
    removed = gone;
    falls = true;
  }
  store<i32>(out, chains, 0);
  store<i32>(out, score, 4);
  store<i32>(out, cleared, 8);
  // A board that neither settled nor popped is left as it came (most boards in a search).
  if (!floating && chains == 0) return false;
  // Planes back in order: each store's two spare lanes are overwritten by the next plane's.
  v128.store(board, v128.andnot(v128.andnot(b0, b1), b2), 0);
  v128.store(board, v128.andnot(v128.andnot(b1, b0), b2), 12);
  v128.store(board, v128.andnot(v128.and(b0, b1), b2), 24);
  v128.store(board, v128.andnot(v128.andnot(b2, b0), b1), 36);
  v128.store(board, v128.andnot(v128.and(b0, b2), b1), 48);
  const last = v128.andnot(v128.and(b1, b2), b0);
  v128.store64_lane(board, last, 0, 60);
  v128.store32_lane(board, last, 2, 68);
  return true;
}

/** Simulates the first `count` boards of IO in place; results go to OUT. Returns 1 when the last board changed. */
export function run(count: i32): i32 {
  let changed = false;
  for (let i = 0; i < count; i++) changed = simulate(IO + <usize>(i * BOARD_BYTES), OUT + <usize>(i * 12), 0);
  return <i32>changed;
}

/** Simulates the board at `board` (IO or POOL) in place; results to OUT. Returns the chains. */
export function runAt(board: usize): i32 {
  simulate(board, OUT, 0);
  return load<i32>(OUT);
}

/** As `runAt`, and records each step's counts (`detail` 1) or counts and groups (2): DETAIL, SIZES. */
export function runDetailed(board: usize, detail: i32): i32 {
  simulate(board, OUT, detail);
  return load<i32>(OUT);
}
