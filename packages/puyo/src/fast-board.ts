// The shapes the fast simulator works on, shared by its JavaScript (bitboard.ts) and WebAssembly
// (bitboard-wasm.ts) halves, so neither imports the other's types.

/** A field for the fast simulator: {@link BOARD_SIZE} words of bit planes; make one with {@link createBoard}. */
export type Board = Int32Array;

/** Where a fast simulation writes its totals; reuse one across calls. */
export interface FastResult {
  /** How many steps popped. */
  chains: number;
  /** The chain's points. */
  score: number;
  /** Colour puyos popped. */
  cleared: number;
  /** Score of each chain step, index 0 = chain 1. */
  stepScores: Float64Array;
}
