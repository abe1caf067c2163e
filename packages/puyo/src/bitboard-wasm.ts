// Loads the WebAssembly SIMD simulator (assembly/sim.ts) and moves boards in and out of its memory.
// The bytes come from a plain import, so Node, worker threads and browser Web Workers load it alike.
// It is instantiated synchronously on first use (the module is under the 4 KB a browser's main
// thread allows for a synchronous compile); where WebAssembly or SIMD128 is missing, callers get
// null and keep the JavaScript simulator.
import bytes from './sim.wasm.js';
import type { Board, FastResult } from './fast-board.js';

const BOARD_SIZE = 18;
const BOARD_BYTES = BOARD_SIZE * 4;

interface Exports {
  memory: WebAssembly.Memory;
  run(count: number): number;
  runAt(board: number): number;
  runDetailed(board: number, detail: number): number;
  ioOffset(): number;
  poolOffset(): number;
  poolBoards(): number;
  outOffset(): number;
  stepsOffset(): number;
  detailOffset(): number;
  sizesOffset(): number;
  capacity(): number;
}

/** One chain step's breakdown from a detailed run (see assembly/sim.ts `DETAIL`). */
export interface StepDetail {
  /** 16 bytes a step: colours, colour puyos, garbage, groups, puyos per colour (5), groups per colour (5), largest group. */
  bytes: Uint8Array;
  /** Per step and colour (5 a step): bit n set when a group of n puyos popped (low and high 32 bits). */
  sizes: Uint32Array;
}

export interface WasmSimulator {
  /**
   * Where each board from `allocBoard` lies in the module's memory (a byte offset); such a board is
   * simulated in place. A map lookup: TypedArray#buffer and #byteOffset cost about 20 ns each in
   * Node 20, as much as a whole chain step.
   */
  readonly offsets: WeakMap<Board, number>;
  /** Simulates the board at byte offset `at` in place; chains, score, cleared go to `out`, step scores to `steps`. */
  readonly runAt: (at: number) => number;
  readonly out: Int32Array;
  readonly steps: Int32Array;
  /** One board in place, as `simulateBoard`. */
  simulate(board: Board, result: FastResult): number;
  /** As `simulate`, and fills `detail` with each step's counts, and with `groups` each step's groups too. */
  simulateDetailed(board: Board, result: FastResult, groups: boolean): number;
  /** The breakdown of the last detailed simulation, a view that the next one overwrites. */
  readonly detail: StepDetail;
  /** `boards.length / 18` boards in place; chains, score, cleared of board i at results[3i..3i+2]. */
  simulateMany(boards: Int32Array, results: Int32Array): void;
  /** A zeroed board in the module's memory (simulated where it lies, no copy), or null when all are in use. */
  allocBoard(): Board | null;
}

function instantiate(): WasmSimulator | null {
  if (typeof WebAssembly !== 'object' || !WebAssembly.validate(bytes)) return null;
  const exports = new WebAssembly.Instance(new WebAssembly.Module(bytes), {}).exports as unknown as Exports;
  // The kernel never grows its memory, so these views stay valid.
  const { buffer } = exports.memory;
  const capacity = exports.capacity();
  const { run, runAt, runDetailed } = exports;
  const runCounts = (at: number) => runDetailed(at, 1);
  const runGroups = (at: number) => runDetailed(at, 2);
  const io = new Int32Array(buffer, exports.ioOffset(), capacity * BOARD_SIZE);
  const ioAt = exports.ioOffset();
  const one = io.subarray(0, BOARD_SIZE);
  const out = new Int32Array(buffer, exports.outOffset(), capacity * 3);
  const steps = new Int32Array(buffer, exports.stepsOffset(), 64);
  const detail: StepDetail = {
    bytes: new Uint8Array(buffer, exports.detailOffset(), 64 * 16),
    sizes: new Uint32Array(buffer, exports.sizesOffset(), 64 * 5 * 2),
  };
  const poolAt = exports.poolOffset();
  const poolBoards = exports.poolBoards();
  // Pool slots not in use; a board's slot comes back when the board is garbage collected.
  const free: number[] = [];
  const offsets = new WeakMap<Board, number>();
  for (let slot = poolBoards - 1; slot >= 0; slot--) free.push(slot);
  const registry = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry<number>((slot) => free.push(slot)) : undefined;

  const finish = (chains: number, result: FastResult): number => {
    result.chains = chains;
    result.score = out[1]!;
    result.cleared = out[2]!;
    const stepScores = result.stepScores;
    for (let i = 0; i < chains; i++) stepScores[i] = steps[i]!;
    return chains;
  };
  /** Runs `kernel` on the board where it lies when it is in the pool, else on a copy in IO. */
  const simulateWith = (kernel: (at: number) => number, board: Board, result: FastResult): number => {
    const at = offsets.get(board);
    if (at !== undefined) return finish(kernel(at), result);
    // Element loops: for 18 words they beat TypedArray#set, which is a builtin call.
    for (let i = 0; i < BOARD_SIZE; i++) one[i] = board[i]!;
    const chains = kernel(ioAt);
    for (let i = 0; i < BOARD_SIZE; i++) board[i] = one[i]!;
    return finish(chains, result);
  };
  return {
    offsets,
    runAt,
    out,
    steps,
    simulate(board, result) {
      const at = offsets.get(board);
      if (at !== undefined) return finish(runAt(at), result);
      for (let i = 0; i < BOARD_SIZE; i++) one[i] = board[i]!;
      // A board that neither settles nor pops comes back unchanged (most boards in a search): no copy back.
      if (run(1) !== 0) for (let i = 0; i < BOARD_SIZE; i++) board[i] = one[i]!;
      return finish(out[0]!, result);
    },
    simulateDetailed: (board, result, groups) => simulateWith(groups ? runGroups : runCounts, board, result),
    detail,
    simulateMany(boards, results) {
      const total = (boards.length / BOARD_SIZE) | 0;
      for (let first = 0; first < total; first += capacity) {
        const count = Math.min(capacity, total - first);
        const part = boards.subarray(first * BOARD_SIZE, (first + count) * BOARD_SIZE);
        io.set(part);
        run(count);
        part.set(io.subarray(0, count * BOARD_SIZE));
        results.set(out.subarray(0, count * 3), first * 3);
      }
    },
    allocBoard() {
      // Without FinalizationRegistry a slot could never come back: boards stay plain arrays.
      const slot = registry ? free.pop() : undefined;
      if (slot === undefined) return null;
      const at = poolAt + slot * BOARD_BYTES;
      const board = new Int32Array(buffer, at, BOARD_SIZE);
      board.fill(0);
      offsets.set(board, at);
      registry!.register(board, slot);
      return board;
    },
  };
}

let loaded: WasmSimulator | null | undefined;

/** The WebAssembly simulator, or null where this runtime has no WebAssembly SIMD. */
export function wasmSimulator(): WasmSimulator | null {
  if (loaded === undefined) {
    try {
      loaded = instantiate();
    } catch {
      loaded = null;
    }
  }
  return loaded;
}
