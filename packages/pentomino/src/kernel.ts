// The kernels' contract is @kit/cover's, whose WebAssembly search the wasm kernel is.
export { type Kernel, type KernelHooks, TICK_TRIES } from '@kit/cover';

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
