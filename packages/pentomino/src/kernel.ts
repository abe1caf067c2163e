/** What a search kernel reports to the code that drives it. */
export interface KernelHooks {
  /** A complete packing: `stack[0..pieces-1]` holds its placement ids. Return true to stop. */
  leaf(stack: Int32Array): boolean;
  /**
   * Called every TICK_TRIES tries with the partial packing `stack[0..depth-1]` and the tries of the
   * current search so far. Return true to stop.
   */
  tick(stack: Int32Array, depth: number, tries: number): boolean;
}

/** A depth-first packer: fill the first empty cell with every placement that fits, recurse. */
export interface Kernel {
  /**
   * Searches every completion of `prefix` (placement ids already on the board) and returns the number
   * of placements it tried below the prefix.
   */
  search(prefix: readonly number[]): number;
  /** True when the last search was stopped by a hook. */
  readonly stopped: boolean;
}

export const TICK_TRIES = 1 << 14;

/**
 * Placement ids grouped by their first (lowest) cell, and within a cell by piece kind:
 * `ids[start[cell * kinds + kind] .. start[cell * kinds + kind + 1])`.
 */
export interface Buckets {
  start: Int32Array;
  ids: Int32Array;
}

export function bucketPlacements(
  cells: number,
  kinds: number,
  placements: readonly { kind: number; cells: readonly number[] }[],
  enabled: Uint8Array,
): Buckets {
  // A counting sort into flat arrays: cells * kinds lists of their own would cost an object each.
  const buckets = cells * kinds;
  const start = new Int32Array(buckets + 1);
  placements.forEach((placement, id) => {
    if (enabled[id]) start[placement.cells[0]! * kinds + placement.kind + 1]!++;
  });
  for (let i = 0; i < buckets; i++) start[i + 1]! += start[i]!;
  const ids = new Int32Array(start[buckets]!);
  const filled = start.slice(0, buckets);
  placements.forEach((placement, id) => {
    if (enabled[id]) ids[filled[placement.cells[0]! * kinds + placement.kind]!++] = id;
  });
  return { start, ids };
}
