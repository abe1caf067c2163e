import type { Problem } from './compile.js';
import { type Kernel, type KernelHooks, TICK_TRIES } from './kernel.js';
import bytes from './search.wasm.js';
import { WINDOW, boardMasks, checkBitboard, placementMasks } from './tables.js';

/** The exports of assembly/search.ts. */
interface SearchExports {
  memory: WebAssembly.Memory;
  layout(
    placements: number, size: number, kinds: number, pieces: number,
    window: number, short: number, prune: number, notBottom: bigint, notTop: bigint, tickTries: number,
  ): void;
  recordsAt(): number;
  buildTables(count: number): number;
  remainingAt(): number;
  stackAt(): number;
  begin(lo: number, hi: number, prefix: number): void;
  run(): number;
  /** run() for a pruned search on a board 3..8 cells across, with that width built in. */
  runAcross3(): number;
  runAcross4(): number;
  runAcross5(): number;
  runAcross6(): number;
  runAcross7(): number;
  runAcross8(): number;
  currentDepth(): number;
  triesSoFar(): number;
}

const LEAF = 1;
const TICK = 2;

// Compiled once per thread (about 1.8 KB); every kernel gets its own instance, hence its own memory.
// null: this host cannot compile it (no WebAssembly, or a page whose Content-Security-Policy lacks
// 'wasm-unsafe-eval'): the JavaScript kernel runs the same search instead.
let compiled: WebAssembly.Module | null | undefined;

/** The compiled module, or null where WebAssembly cannot run here. */
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

const bits64 = (lo: number, hi: number): bigint => (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0);

/**
 * The bitboard search in WebAssembly (assembly/search.ts) for boards of up to 64 cells: the same
 * tables as the JavaScript kernel (built in the module from the placements' masks, in microseconds
 * where JavaScript before its JIT warms up takes milliseconds), the same order, so the same tries
 * and solution order. The module hands control back at every packing and every TICK_TRIES tries;
 * the hooks run here.
 */
export function createWasmKernel(problem: Problem, enabled: Uint8Array, hooks: KernelHooks): Kernel {
  const { pieces, prune, placements } = problem;
  const kinds = problem.kindNames.length;
  checkBitboard(problem);
  const board = boardMasks(problem);
  const { lo: idLo, hi: idHi } = placementMasks(problem);
  const module = wasmModule();
  if (!module) throw new Error('WebAssembly is not available here: use the JavaScript kernel');
  const wasm = new WebAssembly.Instance(module, {}).exports as unknown as SearchExports;
  let count = 0;
  for (let id = 0; id < placements.length; id++) if (enabled[id]) count++;
  wasm.layout(
    count, problem.size, kinds, pieces, Math.min(WINDOW, problem.size), problem.short, prune ? 1 : 0,
    bits64(board.notBottomLo, board.notBottomHi), bits64(board.notTopLo, board.notTopHi), TICK_TRIES,
  );
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
  const stack = new Int32Array(buffer, wasm.stackAt(), pieces + 1);
  const across = problem.short;
  const run = prune && across >= 3 && across <= 8 ? wasm[`runAcross${across as 3 | 4 | 5 | 6 | 7 | 8}`] : wasm.run;
  let stopped = false;

  return {
    get stopped() {
      return stopped;
    },
    search(prefix) {
      stopped = false;
      let lo = board.startLo;
      let hi = board.startHi;
      for (let k = 0; k < kinds; k++) remaining[k] = problem.kindCounts[k]!;
      prefix.forEach((id, depth) => {
        lo |= idLo[id]!;
        hi |= idHi[id]!;
        remaining[placements[id]!.kind]!--;
        stack[depth] = id;
      });
      if (prefix.length === pieces) {
        if (hooks.leaf(stack)) stopped = true;
        return 0;
      }
      wasm.begin(lo, hi, prefix.length);
      for (;;) {
        const status = run();
        if (status === LEAF) {
          if (hooks.leaf(stack)) break;
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
