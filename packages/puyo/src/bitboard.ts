// The fast simulator. A board is six bit planes (R G B Y P and garbage), each three 32-bit words;
// a word holds two columns of 16 bits (bit 0 = row 1 ... bit 13 = row 14; bits 14-15 stay clear so
// vertical shifts never leak into the next column once masked). Groups of 4+ are found from
// neighbour counts (a cell with 3 same-colour neighbours, or two adjacent cells with 2 each, lies in
// a group of 4+), so nothing walks cell by cell. Gravity shifts the part of a column above a run of
// popped cells down in one go (a bit-extract table handles columns with gaps between popped cells).
// Nothing is allocated while a chain runs. `simulateBoard` runs the same simulation in WebAssembly
// SIMD (assembly/sim.ts, about twice as fast) where the runtime has it, and this one elsewhere.
import { type StepDetail, wasmSimulator } from './bitboard-wasm.js';
import type { Board, FastResult } from './fast-board.js';

export type { Board, FastResult, StepDetail };
import { ROWS, WIDTH, cellIndex, emptyGrid, type CellGrid } from './field.js';
import { chainPower, colourBonus, groupBonus } from './rules.js';

/** Planes x words: plane p (0..4 colours R G B Y P, 5 garbage), word w (columns 2w and 2w+1). */
export const PLANES = 6;
export const WORDS = 3;
/** The words a {@link Board} has (six colour planes of three words). */
export const BOARD_SIZE = PLANES * WORDS;

const VIS = 0x0fff0fff; // rows 1..12 of both columns in a word
const LOW13 = 0x1fff; // rows 1..13 of one column
const MAX_CHAINS = 40;

// pext over 7 bits: PEXT7[(keep << 7) | value] packs value's bits at keep's positions to the bottom.
const PEXT7 = new Uint8Array(128 * 128);
const POP7 = new Uint8Array(128);
for (let keep = 0; keep < 128; keep++) {
  let count = 0;
  for (let b = 0; b < 7; b++) if (keep & (1 << b)) count++;
  POP7[keep] = count;
  for (let value = 0; value < 128; value++) {
    let out = 0;
    let to = 0;
    for (let b = 0; b < 7; b++) {
      if (keep & (1 << b)) {
        if (value & (1 << b)) out |= 1 << to;
        to++;
      }
    }
    PEXT7[(keep << 7) | value] = out;
  }
}

const CHAIN_POWER = new Int32Array(MAX_CHAINS + 1);
for (let chain = 1; chain <= MAX_CHAINS; chain++) CHAIN_POWER[chain] = chainPower(chain);
const GROUP_BONUS = new Int32Array(ROWS * WIDTH + 1);
for (let size = 0; size < GROUP_BONUS.length; size++) GROUP_BONUS[size] = groupBonus(size);
const COLOUR_BONUS = new Int32Array(6);
for (let colours = 1; colours <= 5; colours++) COLOUR_BONUS[colours] = colourBonus(colours);

/** A {@link FastResult} to reuse across simulations. */
export function createResult(): FastResult {
  return { chains: 0, score: 0, cleared: 0, stepScores: new Float64Array(MAX_CHAINS) };
}

/**
 * A zeroed board. Where the WebAssembly simulator runs, it lies in the simulator's memory and is
 * simulated where it lies (no copy in and out); send `board.slice()` to another thread, not the view.
 */
export function createBoard(): Board {
  return wasmSimulator()?.allocBoard() ?? new Int32Array(BOARD_SIZE);
}

/** A field's cells as a {@link Board}, written into `board` (a new one by default) and returned. */
export function boardFromGrid(grid: CellGrid, board: Board = createBoard()): Board {
  board.fill(0);
  for (let x = 0; x < WIDTH; x++) {
    for (let row = 1; row <= ROWS; row++) {
      const code = grid[cellIndex(x, row)]!;
      if (code !== 0) board[(code - 1) * WORDS + (x >> 1)]! |= 1 << ((x & 1) * 16 + row - 1);
    }
  }
  return board;
}

export function gridFromBoard(board: Board): CellGrid {
  const grid = emptyGrid();
  for (let p = 0; p < PLANES; p++) {
    for (let x = 0; x < WIDTH; x++) {
      const bits = (board[p * WORDS + (x >> 1)]! >>> ((x & 1) * 16)) & 0x3fff;
      for (let row = 1; row <= ROWS; row++) if (bits & (1 << (row - 1))) grid[cellIndex(x, row)] = p + 1;
    }
  }
  return grid;
}

function popcount(v: number): number {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Packs `value`'s bits at the positions set in `keep` (13 bits each) down to the bottom. */
function pext13(value: number, keep: number): number {
  const keepLow = keep & 127;
  const keepHigh = keep >>> 7;
  return PEXT7[(keepLow << 7) | (value & 127)]! | (PEXT7[(keepHigh << 7) | ((value >>> 7) & 127)]! << POP7[keepLow]!);
}

/** Squeezes one column half of every plane: `keep` lists the rows 1..13 that stay. Row 14 never moves. */
function squeeze(board: Board, word: number, shift: number, keep: number): void {
  for (let i = word; i < BOARD_SIZE; i += WORDS) {
    const v = board[i]!;
    const column = (v >>> shift) & LOW13;
    if (column === 0) continue;
    board[i] = (v & ~(LOW13 << shift)) | (pext13(column, keep) << shift);
  }
}

/** Lets every column settle (rows 1..13 fall, row 14 stays). */
export function settleBoard(board: Board): void {
  for (let w = 0; w < WORDS; w++) {
    const occ = board[w]! | board[w + 3]! | board[w + 6]! | board[w + 9]! | board[w + 12]! | board[w + 15]!;
    const low = occ & LOW13;
    if ((low & (low + 1)) !== 0) squeeze(board, w, 0, low);
    const high = (occ >>> 16) & LOW13;
    if ((high & (high + 1)) !== 0) squeeze(board, w, 16, high);
  }
}

// Planes (bit p for plane p) with a puyo that moved in the last fall: only those colours can pop next.
let movedPlanes = 0;

// Flood output (module slots instead of an allocated tuple).
let f0 = 0;
let f1 = 0;
let f2 = 0;

/** Grows s within m until it stops growing: the union of m's components that s touches. */
function flood(s0: number, s1: number, s2: number, m0: number, m1: number, m2: number): void {
  for (;;) {
    const n0 = (s0 | (s0 << 1) | (s0 >>> 1) | (s0 << 16) | (s0 >>> 16) | (s1 << 16)) & m0;
    const n1 = (s1 | (s1 << 1) | (s1 >>> 1) | (s1 << 16) | (s1 >>> 16) | (s0 >>> 16) | (s2 << 16)) & m1;
    const n2 = (s2 | (s2 << 1) | (s2 >>> 1) | (s2 << 16) | (s2 >>> 16) | (s1 >>> 16)) & m2;
    if (n0 === s0 && n1 === s1 && n2 === s2) break;
    s0 = n0;
    s1 = n1;
    s2 = n2;
  }
  f0 = s0;
  f1 = s1;
  f2 = s2;
}

/** Group bonus of a popping set of one colour with more than 7 puyos (maybe several groups). */
function splitBonus(v0: number, v1: number, v2: number): number {
  let bonus = 0;
  while ((v0 | v1 | v2) !== 0) {
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    if (v0 !== 0) s0 = v0 & -v0;
    else if (v1 !== 0) s1 = v1 & -v1;
    else s2 = v2 & -v2;
    flood(s0, s1, s2, v0, v1, v2);
    bonus += GROUP_BONUS[popcount(f0) + popcount(f1) + popcount(f2)]!;
    v0 &= ~f0;
    v1 &= ~f1;
    v2 &= ~f2;
  }
  return bonus;
}

// The WebAssembly kernel's pieces, set on first use; a board in its memory (from `createBoard`) takes
// the short path below. The last such board and its offset are kept: a search simulates the same
// scratch board again and again, and an identity check is cheaper still than the map lookup.
let kernelOffsets = new WeakMap<Board, number>();
let kernelRunAt: ((at: number) => number) | undefined;
let kernelOut: Int32Array<ArrayBufferLike> = new Int32Array(3);
let kernelSteps: Int32Array<ArrayBufferLike> = new Int32Array(0);
let lastBoard: Board | undefined;
let lastAt = 0;
let simulateOther = (board: Board, result: FastResult): number => {
  const wasm = wasmSimulator();
  if (wasm) {
    kernelOffsets = wasm.offsets;
    kernelRunAt = wasm.runAt;
    kernelOut = wasm.out;
    kernelSteps = wasm.steps;
  }
  simulateOther = wasm ? wasm.simulate : simulateBoardJs;
  return simulateOther(board, result);
};

/**
 * Runs a whole chain on `board` in place (gravity first) and writes chains, score, cleared and the
 * step scores into `result`. Returns the number of chains.
 */
export function simulateBoard(board: Board, result: FastResult): number {
  let at = lastAt;
  if (board !== lastBoard) {
    const found = kernelOffsets.get(board);
    if (found === undefined) return simulateOther(board, result);
    lastBoard = board;
    lastAt = at = found;
  }
  const chains = kernelRunAt!(at);
  result.chains = chains;
  result.score = kernelOut[1]!;
  result.cleared = kernelOut[2]!;
  const stepScores = result.stepScores;
  for (let i = 0; i < chains; i++) stepScores[i] = kernelSteps[i]!;
  return chains;
}

/**
 * The WebAssembly simulator's detailed run: as `simulateBoard`, and each chain step's breakdown is
 * left in the returned view (overwritten by the next call): counts, and with `groups` the groups
 * (their number and sizes per colour). Null where WebAssembly SIMD is missing.
 */
export function detailedSimulator(groups: boolean): { simulate(board: Board, result: FastResult): number; detail: StepDetail } | null {
  const wasm = wasmSimulator();
  return wasm && { simulate: (board, result) => wasm.simulateDetailed(board, result, groups), detail: wasm.detail };
}

/**
 * Runs the chains of many boards stored back to back in `boards` (`BOARD_SIZE` words each), in place,
 * in one call into WebAssembly per 512 boards; chains, score and cleared of board i go to
 * `results[3 * i]`, `results[3 * i + 1]`, `results[3 * i + 2]`. No step scores.
 */
export function simulateBoards(boards: Int32Array, results: Int32Array): void {
  const count = (boards.length / BOARD_SIZE) | 0;
  if (results.length < count * 3) throw new RangeError(`simulateBoards: results needs ${count * 3} entries, has ${results.length}`);
  const wasm = wasmSimulator();
  if (wasm) return wasm.simulateMany(boards, results);
  const result = createResult();
  for (let i = 0; i < count; i++) {
    simulateBoardJs(boards.subarray(i * BOARD_SIZE, (i + 1) * BOARD_SIZE), result);
    results[3 * i] = result.chains;
    results[3 * i + 1] = result.score;
    results[3 * i + 2] = result.cleared;
  }
}

/** Which engine `simulateBoard` uses here: 'wasm-simd', or 'js' where WebAssembly SIMD is missing. */
export function fastEngine(): 'wasm-simd' | 'js' {
  return wasmSimulator() ? 'wasm-simd' : 'js';
}

/** The JavaScript simulator (the engine where WebAssembly SIMD is missing); same contract as `simulateBoard`. */
export function simulateBoardJs(board: Board, result: FastResult): number {
  settleBoard(board);
  let chains = 0;
  let score = 0;
  let cleared = 0;
  // Only a group holding a puyo that just moved can pop: the first step checks everything.
  let mv0 = VIS;
  let mv1 = VIS;
  let mv2 = VIS;
  movedPlanes = 0b11111;
  for (;;) {
    let v0 = 0;
    let v1 = 0;
    let v2 = 0;
    let popped = 0;
    let colours = 0;
    let bonus = 0;
    for (let planes = movedPlanes & 0b11111; planes !== 0; planes &= planes - 1) {
      const p = (31 - Math.clz32(planes & -planes)) * WORDS;
      const m0 = board[p]! & VIS;
      const m1 = board[p + 1]! & VIS;
      const m2 = board[p + 2]! & VIS;
      if (((m0 & mv0) | (m1 & mv1) | (m2 & mv2)) === 0) continue;
      // Same-colour neighbour above, below, left, right of each cell.
      const u0 = m0 & (m0 >>> 1);
      const u1 = m1 & (m1 >>> 1);
      const u2 = m2 & (m2 >>> 1);
      // A pair seen from its upper cell is the same pair seen from its lower one, a row up.
      const d0 = u0 << 1;
      const d1 = u1 << 1;
      const d2 = u2 << 1;
      const r0 = m0 & ((m0 >>> 16) | (m1 << 16));
      const r1 = m1 & ((m1 >>> 16) | (m2 << 16));
      const r2 = m2 & (m2 >>> 16);
      const l0 = r0 << 16;
      const l1 = (r1 << 16) | (r0 >>> 16);
      const l2 = (r2 << 16) | (r1 >>> 16);
      const ud0 = u0 & d0;
      const ud1 = u1 & d1;
      const ud2 = u2 & d2;
      const lr0 = l0 & r0;
      const lr1 = l1 & r1;
      const lr2 = l2 & r2;
      const uo0 = u0 | d0;
      const uo1 = u1 | d1;
      const uo2 = u2 | d2;
      const lo0 = l0 | r0;
      const lo1 = l1 | r1;
      const lo2 = l2 | r2;
      // Cells with 2+ neighbours; a group of 4+ has one with 3+, or two such cells side by side.
      const t0 = ud0 | lr0 | (uo0 & lo0);
      const t1 = ud1 | lr1 | (uo1 & lo1);
      const t2 = ud2 | lr2 | (uo2 & lo2);
      if ((t0 | t1 | t2) === 0) continue;
      let s0 = (ud0 & lo0) | (lr0 & uo0) | (t0 & ((t0 << 1) | (t0 >>> 1) | (t0 << 16) | (t0 >>> 16) | (t1 << 16)));
      let s1 = (ud1 & lo1) | (lr1 & uo1) | (t1 & ((t1 << 1) | (t1 >>> 1) | (t1 << 16) | (t1 >>> 16) | (t0 >>> 16) | (t2 << 16)));
      let s2 = (ud2 & lo2) | (lr2 & uo2) | (t2 & ((t2 << 1) | (t2 >>> 1) | (t2 << 16) | (t2 >>> 16) | (t1 >>> 16)));
      if ((s0 | s1 | s2) === 0) continue;
      // Grow the seeds over their groups (a bit-parallel fill: every cell of the front at once).
      // The same loop as flood(), inlined: this is the hot path, and the call measured ~5% slower.
      for (;;) {
        const n0 = (s0 | (s0 << 1) | (s0 >>> 1) | (s0 << 16) | (s0 >>> 16) | (s1 << 16)) & m0;
        const n1 = (s1 | (s1 << 1) | (s1 >>> 1) | (s1 << 16) | (s1 >>> 16) | (s0 >>> 16) | (s2 << 16)) & m1;
        const n2 = (s2 | (s2 << 1) | (s2 >>> 1) | (s2 << 16) | (s2 >>> 16) | (s1 >>> 16)) & m2;
        if (n0 === s0 && n1 === s1 && n2 === s2) break;
        s0 = n0;
        s1 = n1;
        s2 = n2;
      }
      const n = popcount(s0) + popcount(s1) + popcount(s2);
      // Fewer than 8 puyos of one colour can only be one group.
      bonus += n <= 7 ? GROUP_BONUS[n]! : splitBonus(s0, s1, s2);
      popped += n;
      colours++;
      v0 |= s0;
      v1 |= s1;
      v2 |= s2;
    }
    if (popped === 0) break;
    chains++;
    let multiplier = CHAIN_POWER[chains]! + COLOUR_BONUS[colours]! + bonus;
    if (multiplier < 1) multiplier = 1;
    else if (multiplier > 999) multiplier = 999;
    const step = 10 * popped * multiplier;
    result.stepScores[chains - 1] = step;
    score += step;
    cleared += popped;
    // Garbage in rows 1..12 next to a popping puyo goes too.
    const g0 = board[15]! & VIS;
    const g1 = board[16]! & VIS;
    const g2 = board[17]! & VIS;
    if ((g0 | g1 | g2) !== 0) {
      const w0 = ((v0 << 1) | (v0 >>> 1) | (v0 << 16) | (v0 >>> 16) | (v1 << 16)) & g0;
      const w1 = ((v1 << 1) | (v1 >>> 1) | (v1 << 16) | (v1 >>> 16) | (v0 >>> 16) | (v2 << 16)) & g1;
      const w2 = ((v2 << 1) | (v2 >>> 1) | (v2 << 16) | (v2 >>> 16) | (v1 >>> 16)) & g2;
      v0 |= w0;
      v1 |= w1;
      v2 |= w2;
    }
    movedPlanes = 0;
    mv0 = fall(board, 0, v0);
    mv1 = fall(board, 1, v1);
    mv2 = fall(board, 2, v2);
  }
  result.chains = chains;
  result.score = score;
  result.cleared = cleared;
  return chains;
}

/**
 * Removes the `gone` cells of one word from every plane and lets those two columns fall. Returns the
 * cells that moved (everything at or above the lowest gone cell of each column).
 */
function fall(board: Board, w: number, gone: number): number {
  if (gone === 0) return 0;
  const low = gone & 0xffff;
  const high = gone >>> 16;
  // Each touched column: the rows under its lowest gone cell stay; above, a run of k gone cells
  // in a row just shifts down by k (the usual case); anything else goes through the extract table.
  let moved = 0;
  let keepMask = 0; // bits that stay where they are
  let shiftLow = 0;
  let shiftHigh = 0;
  let simple = true;
  if (low !== 0) {
    const lowest = low & -low;
    const run = low / lowest; // the gone cells shifted down to bit 0
    if ((run & (run + 1)) === 0) shiftLow = 31 - Math.clz32(run + 1);
    else simple = false;
    keepMask |= lowest - 1;
    moved = LOW13 & ~(lowest - 1);
  } else keepMask |= LOW13;
  if (high !== 0) {
    const lowest = high & -high;
    const run = high / lowest;
    if ((run & (run + 1)) === 0) shiftHigh = 31 - Math.clz32(run + 1);
    else simple = false;
    keepMask |= (lowest - 1) << 16;
    moved |= (LOW13 & ~(lowest - 1)) << 16;
  } else keepMask |= LOW13 << 16;
  if (simple) {
    const fixed = keepMask | (1 << 13) | (1 << 29); // row 14 never moves
    for (let i = w, plane = 1; i < BOARD_SIZE; i += WORDS, plane <<= 1) {
      const v = board[i]!;
      if (v === 0) continue;
      const movingLow = low !== 0 ? ((v & LOW13 & ~keepMask) >>> shiftLow) & ~keepMask & LOW13 : 0;
      const movingHigh = high !== 0 ? (((v >>> 16) & LOW13 & ~(keepMask >>> 16)) >>> shiftHigh) & ~(keepMask >>> 16) & LOW13 : 0;
      if ((movingLow | movingHigh) !== 0) movedPlanes |= plane;
      board[i] = (v & fixed) | movingLow | (movingHigh << 16);
    }
    return moved;
  }
  const occ = (board[w]! | board[w + 3]! | board[w + 6]! | board[w + 9]! | board[w + 12]! | board[w + 15]!) & ~gone;
  const keepLow = occ & LOW13;
  const keepHigh = (occ >>> 16) & LOW13;
  for (let i = w, plane = 1; i < BOARD_SIZE; i += WORDS, plane <<= 1) {
    let v = board[i]!;
    if (v === 0) continue;
    v &= ~gone;
    if (low !== 0) v = (v & ~LOW13) | pext13(v & LOW13, keepLow);
    if (high !== 0) v = (v & ~(LOW13 << 16)) | (pext13((v >>> 16) & LOW13, keepHigh) << 16);
    if ((v & moved) !== 0) movedPlanes |= plane;
    board[i] = v;
  }
  return moved;
}

/** True when rows 1..13 are empty. */
export function boardAllClear(board: Board): boolean {
  let occ = 0;
  for (let i = 0; i < BOARD_SIZE; i++) occ |= board[i]!;
  return (occ & ((LOW13 << 16) | LOW13)) === 0;
}

/** Puyos of one plane (0..4 colours, 5 garbage) in rows 1..13. */
export function planeCount(board: Board, plane: number): number {
  const mask = (LOW13 << 16) | LOW13;
  const base = plane * WORDS;
  return popcount(board[base]! & mask) + popcount(board[base + 1]! & mask) + popcount(board[base + 2]! & mask);
}

/** Height of column x: puyos in rows 1..13 (columns are settled). */
export function columnHeight(board: Board, x: number): number {
  const w = x >> 1;
  const shift = (x & 1) * 16;
  const occ = board[w]! | board[w + 3]! | board[w + 6]! | board[w + 9]! | board[w + 12]! | board[w + 15]!;
  return popcount((occ >>> shift) & LOW13);
}

/** Puts a puyo of `code` (1..6) at column x, row (1..14). */
export function setCell(board: Board, x: number, row: number, code: number): void {
  board[(code - 1) * WORDS + (x >> 1)]! |= 1 << ((x & 1) * 16 + row - 1);
}
