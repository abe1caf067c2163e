import { BITBOARD_CELLS, BITBOARD_KINDS, type Kernel, type KernelHooks, TICK_TRIES, WINDOW } from './kernel.js';
import { type CoverProblem, fitsBitboard } from './problem.js';
import { compileOnce } from './compile-once.js';
import { branchesOnConstrainedCells, prunesSmallPockets } from './pockets.js';
import bytes from './search.wasm.js';

/** The exports of assembly/search.ts. */
interface SearchExports {
  memory: WebAssembly.Memory;
  layout(
    placements: number,
    size: number,
    kinds: number,
    depth: number,
    window: number,
    sideA: number,
    sideB: number,
    prune: number,
    tickTries: number,
    smallPockets: number,
    constrainedCells: number,
    pieceCells: number,
    ringLists: number,
  ): void;
  recordsAt(): number;
  buildTables(count: number): number;
  remainingAt(): number;
  stackAt(): number;
  begin(lo: number, hi: number, prefix: number): void;
  run(): number;
  currentDepth(): number;
  packingDepth(): number;
  triesSoFar(): number;
  estimate(probes: number, seed: number): number;
  /** run() for a pruned search with the strides built in: planes 3..8 across, boxes by two sides. */
  [specialised: `runPlane${number}` | `run${number}x${number}`]: () => number;
}

const LEAF = 1;
const TICK = 2;

/** The planes (cells across) and boxes (shortest x middle side) with a copy of the search that has the strides built in. */
const SPECIALISED_PLANES = new Set([3, 4, 5, 6, 7, 8]);
const SPECIALISED_BOXES = new Set(['3x3', '4x4', '2x5', '3x4', '2x3', '2x4']);

// Compiled once per thread; every kernel gets its own instance, hence its own memory.
const compiledSearch = compileOnce(bytes);

/** The compiled search module, or null where WebAssembly cannot run here (the JavaScript kernel runs the same search then). */
export function wasmModule(): WebAssembly.Module | null {
  return compiledSearch();
}

/** True where the WebAssembly search can run. */
export function hasWasm(): boolean {
  return wasmModule() !== null;
}

/** A module instance with the problem's tables built, and views on its memory. */
interface Loaded {
  wasm: SearchExports;
  remaining: Int32Array;
  stack: Int32Array;
  /** The empty board: holes and the cells past the box covered. */
  startLo: number;
  startHi: number;
}

function instantiate(): SearchExports {
  const module = wasmModule();
  if (!module) throw new Error('WebAssembly is not available here: use the JavaScript kernel');
  return new WebAssembly.Instance(module, {}).exports as unknown as SearchExports;
}

// The planner estimates dozens of plans before a search: one instance for them all, its memory
// grown as needed, where an instance each (megabytes of memory each) kept the garbage collector
// busy for half of the planning time.
let estimator: SearchExports | undefined;

/**
 * Lays the problem's tables out in `wasm` (a new instance by default). `ringLists`: also list the
 * placements by the neighbours of a cell's one empty neighbour, for a faster scan at the cost of
 * tripling the tables' build time; an estimate, whose walks find the same children either way,
 * goes without.
 */
function load(problem: CoverProblem, enabled: Uint8Array, ringLists: boolean, wasm: SearchExports = instantiate()): Loaded {
  if (!fitsBitboard(problem) || !problem.masks)
    throw new RangeError(`the bitboard kernel takes at most ${BITBOARD_CELLS} cells and ${BITBOARD_KINDS} kinds, with their masks`);
  const { placements, size, hole, maxPieces, prune } = problem;
  const { lo: idLo, hi: idHi } = problem.masks;
  const kinds = problem.kindMax.length;
  let count = 0;
  for (let id = 0; id < placements.length; id++) if (enabled[id]) count++;
  const [A, B] = problem.sides;
  let pieceCells = 0;
  for (let id = 0; id < placements.length; id++) pieceCells = Math.max(pieceCells, placements[id]!.cells.length);
  const constrained = branchesOnConstrainedCells(problem) ? 1 : 0;
  wasm.layout(
    count,
    size,
    kinds,
    maxPieces,
    Math.min(WINDOW, size),
    A,
    B,
    prune ? 1 : 0,
    TICK_TRIES,
    prunesSmallPockets(problem) ? 1 : 0,
    constrained,
    pieceCells,
    ringLists ? 1 : 0,
  );
  // The memory has its final size now: views made here stay valid. The tables are built in there
  // from the placements' masks, in microseconds where JavaScript before its JIT warms up takes
  // milliseconds.
  const buffer = wasm.memory.buffer;
  const records = new Int32Array(buffer, wasm.recordsAt(), count * 4);
  for (let id = 0, at = 0; id < placements.length; id++) {
    if (!enabled[id]) continue;
    records[at] = id;
    records[at + 1] = placements[id]!.kind;
    records[at + 2] = idLo[id]!;
    records[at + 3] = idHi[id]!;
    at += 4;
  }
  wasm.buildTables(count);
  let startLo = 0;
  let startHi = 0;
  for (let cell = 0; cell < 64; cell++) {
    if (cell < size && !hole[cell]) continue;
    if (cell < 32) startLo |= 1 << cell;
    else startHi |= 1 << (cell - 32);
  }
  return {
    wasm,
    remaining: new Int32Array(buffer, wasm.remainingAt(), kinds),
    stack: new Int32Array(buffer, wasm.stackAt(), maxPieces + 1),
    startLo,
    startHi,
  };
}

/**
 * Sets up a search below `prefix`: the board, the pieces in hand, the stack. Returns the board's
 * halves, or undefined when the prefix already fills it.
 */
function setUp(problem: CoverProblem, loaded: Loaded, prefix: readonly number[]): { lo: number; hi: number } | undefined {
  const { lo: idLo, hi: idHi } = problem.masks!;
  let lo = loaded.startLo;
  let hi = loaded.startHi;
  for (let k = 0; k < problem.kindMax.length; k++) loaded.remaining[k] = problem.kindMax[k]!;
  prefix.forEach((id, depth) => {
    lo |= idLo[id]!;
    hi |= idHi[id]!;
    loaded.remaining[problem.placements[id]!.kind]!--;
    loaded.stack[depth] = id;
  });
  return lo === -1 && hi === -1 ? undefined : { lo, hi };
}

/**
 * The expected number of tries of the search below each prefix (Knuth's estimate, `probes` random
 * walks each, deterministic for a seed), summed: what a planner compares plans by.
 */
export function estimateTries(problem: CoverProblem, enabled: Uint8Array, prefixes: readonly (readonly number[])[], probes: number, seed: number): number {
  estimator ??= instantiate();
  const loaded = load(problem, enabled, false, estimator);
  let total = 0;
  prefixes.forEach((prefix, i) => {
    const board = setUp(problem, loaded, prefix);
    if (!board) return;
    loaded.wasm.begin(board.lo, board.hi, prefix.length);
    total += loaded.wasm.estimate(probes, (seed + i * 7919) >>> 0);
  });
  return total;
}

/** The copy of the search that fits the problem. */
function runFor(problem: CoverProblem, wasm: SearchExports): () => number {
  const [A, B, C] = problem.sides;
  if (!problem.prune) return wasm.run;
  if (C === 1) return SPECIALISED_PLANES.has(A) ? wasm[`runPlane${A}`]! : wasm.run;
  return SPECIALISED_BOXES.has(`${A}x${B}`) ? wasm[`run${A}x${B}`]! : wasm.run;
}

/**
 * The bitboard search in WebAssembly (assembly/search.ts) for boxes of up to 64 cells: the same
 * order as the JavaScript kernel, so the same tries and solution order. The module hands control
 * back at every full board and every TICK_TRIES tries; the hooks run here.
 */
export function createWasmKernel(problem: CoverProblem, enabled: Uint8Array, hooks: KernelHooks): Kernel {
  const loaded = load(problem, enabled, true);
  const { wasm, stack } = loaded;
  const run = runFor(problem, wasm);
  let stopped = false;

  return {
    get stopped() {
      return stopped;
    },
    search(prefix) {
      stopped = false;
      const board = setUp(problem, loaded, prefix);
      if (!board) {
        if (hooks.leaf(stack, prefix.length)) stopped = true;
        return 0;
      }
      wasm.begin(board.lo, board.hi, prefix.length);
      for (;;) {
        const status = run();
        if (status === LEAF) {
          if (hooks.leaf(stack, wasm.packingDepth())) break;
        } else if (status === TICK) {
          if (hooks.tick(stack, wasm.currentDepth(), wasm.triesSoFar())) break;
        } else {
          return wasm.triesSoFar();
        }
      }
      stopped = true;
      return wasm.triesSoFar();
    },
  };
}
