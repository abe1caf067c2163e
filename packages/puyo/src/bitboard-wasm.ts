// Loads the WebAssembly SIMD simulator (assembly/sim.ts) and moves boards in and out of its memory.
// The bytes come from a plain import, so Node, worker threads and browser Web Workers load it alike.
// It is instantiated synchronously on first use (the module is ~3 KB, under the 4 KB a browser's
// main thread allows for a synchronous compile); where WebAssembly or SIMD128 is missing, callers
// get null and keep the JavaScript simulator.
import bytes from './sim.wasm.js';
import type { Board, FastResult } from './bitboard.js';

const BOARD_SIZE = 18;

interface Exports {
  memory: WebAssembly.Memory;
  run(count: number): number;
  ioOffset(): number;
  outOffset(): number;
  stepsOffset(): number;
  capacity(): number;
}

export interface WasmSimulator {
  /** One board in place, as `simulateBoard`. */
  simulate(board: Board, result: FastResult): number;
  /** `boards.length / 18` boards in place; chains, score, cleared of board i at results[3i..3i+2]. */
  simulateMany(boards: Int32Array, results: Int32Array): void;
}

function instantiate(): WasmSimulator | null {
  if (typeof WebAssembly !== 'object' || !WebAssembly.validate(bytes)) return null;
  const exports = new WebAssembly.Instance(new WebAssembly.Module(bytes), {}).exports as unknown as Exports;
  // The kernel never grows its memory, so these views stay valid.
  const { buffer } = exports.memory;
  const capacity = exports.capacity();
  const run = exports.run;
  const io = new Int32Array(buffer, exports.ioOffset(), capacity * BOARD_SIZE);
  const one = io.subarray(0, BOARD_SIZE);
  const out = new Int32Array(buffer, exports.outOffset(), capacity * 3);
  const steps = new Int32Array(buffer, exports.stepsOffset(), 64);
  return {
    simulate(board, result) {
      // Element loops: for 18 words they beat TypedArray#set, which is a builtin call.
      for (let i = 0; i < BOARD_SIZE; i++) one[i] = board[i]!;
      // A board that neither settles nor pops comes back unchanged (most boards in a search): no copy back.
      if (run(1) !== 0) for (let i = 0; i < BOARD_SIZE; i++) board[i] = one[i]!;
      const chains = out[0]!;
      result.chains = chains;
      result.score = out[1]!;
      result.cleared = out[2]!;
      const stepScores = result.stepScores;
      for (let i = 0; i < chains; i++) stepScores[i] = steps[i]!;
      return chains;
    },
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
