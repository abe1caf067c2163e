import type { Problem } from './compile.js';
import { BITBOARD_CELLS, BITBOARD_KINDS, type Kernel, type KernelHooks, TICK_TRIES, WINDOW } from './kernel.js';
import bytes from './search.wasm.js';

/** The exports of assembly/search.ts. */
interface SearchExports {
  memory: WebAssembly.Memory;
  layout(placements: number, size: number, kinds: number, depth: number, window: number, sideA: number, sideB: number, prune: number, tickTries: number): void;
  recordsAt(): number;
  buildTables(count: number): number;
  remainingAt(): number;
  stackAt(): number;
  begin(lo: number, hi: number, prefix: number): void;
  run(): number;
  currentDepth(): number;
  packingDepth(): number;
  triesSoFar(): number;
  [specialised: `run${number}x${number}`]: () => number;
}

const LEAF = 1;
const TICK = 2;
/** The boxes (shortest x middle side) with a copy of the search that has the strides built in. */
const SPECIALISED = new Set(['3x3', '4x4', '2x5', '3x4', '2x3', '2x4']);

// Compiled once per thread; every kernel gets its own instance, hence its own memory. null: this
// host cannot compile it (no WebAssembly, or a page whose Content-Security-Policy lacks
// 'wasm-unsafe-eval'): the JavaScript kernel runs the same search instead.
let compiled: WebAssembly.Module | null | undefined;

export function wasmModule(): WebAssembly.Module | null {
  if (compiled === undefined) {
    try {
      compiled = new WebAssembly.Module(bytes);
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

/** True where the WebAssembly search can run. */
export function hasWasm(): boolean {
  return wasmModule() !== null;
}

/** Does the problem fit the bitboard kernel (one 64-bit board, kinds in a 32-bit mask)? */
export function fitsBitboard(problem: Problem): boolean {
  return problem.size <= BITBOARD_CELLS && problem.kindNames.length <= BITBOARD_KINDS;
}

/**
 * The bitboard search in WebAssembly (assembly/search.ts) for boxes of up to 64 cells. The module
 * hands control back at every full board and every TICK_TRIES tries; the hooks run here.
 */
export function createWasmKernel(problem: Problem, enabled: Uint8Array, hooks: KernelHooks): Kernel {
  if (!fitsBitboard(problem) || !problem.masks) throw new RangeError(`the bitboard kernel takes at most ${BITBOARD_CELLS} cells and ${BITBOARD_KINDS} kinds`);
  const { placements, size, hole, maxPieces, prune } = problem;
  const { lo: idLo, hi: idHi } = problem.masks;
  const kinds = problem.kindNames.length;
  const module = wasmModule();
  if (!module) throw new Error('WebAssembly is not available here: use the JavaScript kernel');
  const wasm = new WebAssembly.Instance(module, {}).exports as unknown as SearchExports;
  let count = 0;
  for (let id = 0; id < placements.length; id++) if (enabled[id]) count++;
  const [A, B] = problem.sides;
  wasm.layout(count, size, kinds, maxPieces, Math.min(WINDOW, size), A, B, prune ? 1 : 0, TICK_TRIES);
  // The memory has its final size now: views made here stay valid. The tables are built in there.
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
  const remaining = new Int32Array(buffer, wasm.remainingAt(), kinds);
  const stack = new Int32Array(buffer, wasm.stackAt(), maxPieces + 1);
  // The empty board: holes and the cells past the box are covered from the start.
  let startLo = 0;
  let startHi = 0;
  for (let cell = 0; cell < 64; cell++) {
    if (cell < size && !hole[cell]) continue;
    if (cell < 32) startLo |= 1 << cell;
    else startHi |= 1 << (cell - 32);
  }
  const specialised = `run${A}x${B}` as const;
  const run = prune && SPECIALISED.has(`${A}x${B}`) ? wasm[specialised]! : wasm.run;
  let stopped = false;

  return {
    get stopped() {
      return stopped;
    },
    search(prefix) {
      stopped = false;
      let lo = startLo;
      let hi = startHi;
      for (let k = 0; k < kinds; k++) remaining[k] = problem.kindMax[k]!;
      prefix.forEach((id, depth) => {
        lo |= idLo[id]!;
        hi |= idHi[id]!;
        remaining[placements[id]!.kind]!--;
        stack[depth] = id;
      });
      if (lo === -1 && hi === -1) {
        if (hooks.leaf(stack, prefix.length)) stopped = true;
        return 0;
      }
      wasm.begin(lo, hi, prefix.length);
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
