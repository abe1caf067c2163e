/** What a search kernel reports to the code that drives it. */
export interface KernelHooks {
  /** A full board: `stack[0..depth-1]` holds its placement ids. Return true to stop. */
  leaf(stack: Int32Array, depth: number): boolean;
  /**
   * Called every TICK_TRIES tries with the partial packing `stack[0..depth-1]` and the tries of the
   * current search so far. Return true to stop.
   */
  tick(stack: Int32Array, depth: number, tries: number): boolean;
}

/**
 * A depth-first packer: fill the first empty cell (in a box whose pieces all have four cells or
 * more, the most walled-in one: constrained-cell.ts) with every placement that fits, recurse.
 */
export interface Kernel {
  /**
   * Searches every completion of `prefix` (placement ids already on the board) and returns the
   * number of placements it tried below the prefix.
   */
  search(prefix: readonly number[]): number;
  /** True when the last search was stopped by a hook. */
  readonly stopped: boolean;
}

/** Tries between two ticks: the hosts' progress and stop checks. */
export const TICK_TRIES = 1 << 14;

/** Boards of at most this many cells fit the bitboard kernel (one 64-bit word). */
export const BITBOARD_CELLS = 64;
/** Piece kinds are a bitmask in one 32-bit integer there. */
export const BITBOARD_KINDS = 31;
/** Cells after the first empty one whose occupancy selects the placement list. */
export const WINDOW = 2;
