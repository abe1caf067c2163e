// Listing placements (compile.ts, boards of up to 64 cells): the same positions in the same order as
// its JavaScript listing, at WebAssembly speed from the first call, where the JavaScript loop runs
// interpreted for most of a short run and then has the optimising compiler busy for 14 ms. The search
// itself is @kit/cover's.

function align8(n: usize): usize {
  return (n + 7) & ~7;
}

let shapeWords: usize = 0;
let placementRecords: usize = 0;

/**
 * Lays out room for `words` i32 of shapes and `capacity` listed placements; returns where the host
 * writes the shapes: per shape `height, width, n, offsets[n]` (search-index offsets, ascending).
 */
export function shapesAt(words: i32, capacity: i32): usize {
  shapeWords = align8(__heap_base);
  placementRecords = align8(shapeWords + <usize>words * 4);
  const top = placementRecords + <usize>capacity * 16;
  const have = <usize>memory.size() << 16;
  if (top > have) memory.grow(<i32>((top - have + 0xffff) >> 16));
  return shapeWords;
}

/** Where listPlacements() wrote its records: i32 shape, i32 anchor, u64 mask. */
export function placementsAt(): usize { return placementRecords; }

/** The board cells next to a cell of `set`. */
function around(set: u64, valid: u64, shortSide: u64, notBottomMask: u64, notTopMask: u64): u64 {
  return (((set & notBottomMask) << 1) | ((set & notTopMask) >> 1) | (set << shortSide) | (set >> shortSide)) & valid;
}

/**
 * Every position of every shape, shape by shape, then by the anchor's row and column, that covers no
 * hole and (with `pruning`) leaves no free cell next to it without a free neighbour. Returns how many.
 */
export function listPlacements(
  shapeCount: i32, rows: i32, cols: i32, size: i32, shortSide: i32, across: i32, step: i32,
  holeLo: u32, holeHi: u32, pruning: bool,
): i32 {
  const valid: u64 = size == 64 ? ~(<u64>0) : (<u64>1 << <u64>size) - 1;
  const holes = (<u64>holeHi << 32) | <u64>holeLo;
  let bottomOpen: u64 = 0;
  let topOpen: u64 = 0;
  for (let cell = 0; cell < size; cell++) {
    const line = cell % shortSide;
    if (line != shortSide - 1) bottomOpen |= <u64>1 << <u64>cell;
    if (line != 0) topOpen |= <u64>1 << <u64>cell;
  }
  const side = <u64>shortSide;
  const open = valid & ~holes;
  let at = shapeWords;
  let out = placementRecords;
  let count = 0;
  for (let shape = 0; shape < shapeCount; shape++) {
    const height = load<i32>(at);
    const width = load<i32>(at, 4);
    const n = load<i32>(at, 8);
    const offsets = at + 12;
    at = offsets + (<usize>n << 2);
    for (let dr = 0; dr + height <= rows; dr++) {
      for (let dc = 0; dc + width <= cols; dc++) {
        const anchor = dr * across + dc * step;
        let mask: u64 = 0;
        for (let i = 0; i < n; i++) mask |= <u64>1 << <u64>(anchor + load<i32>(offsets + (<usize>i << 2)));
        if ((mask & holes) != 0) continue;
        if (pruning) {
          const free = open & ~mask;
          const next = around(mask, valid, side, bottomOpen, topOpen) & free;
          if ((next & ~around(free, valid, side, bottomOpen, topOpen)) != 0) continue;
        }
        store<i32>(out, shape);
        store<i32>(out, anchor, 4);
        store<u64>(out, mask, 8);
        out += 16;
        count++;
      }
    }
  }
  return count;
}
