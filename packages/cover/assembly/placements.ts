// Listing placements for the geometries (pentomino's and polycube's compile.ts, boxes of up to 64
// cells, C = 1 for a plane): the same positions in the same order as their JavaScript listings, at
// WebAssembly speed from the first call, where the JavaScript loop runs cold for most of a short run.

function align8(n: usize): usize {
  return (n + 7) & ~7;
}

let shapeWords: usize = 0;
let placementRecords: usize = 0;

/**
 * Lays out room for `words` i32 of shapes and `capacity` listed placements; returns where the host
 * writes the shapes: per shape `extentA, extentB, extentC, n, offsets[n]` (search-index offsets).
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
export function placementsAt(): usize {
  return placementRecords;
}

/** The value of box axis `axis` (0 A, 1 B, 2 C) among `a`, `b` and `c`. */
function along(axis: i32, a: i32, b: i32, c: i32): i32 {
  return axis == 0 ? a : axis == 1 ? b : c;
}

/** The cells of the A x B x C box that have a neighbour inside it one step along `axis`, `by` +1 or -1. */
function withNeighbour(axis: i32, by: i32, sideA: i32, sideB: i32, sideC: i32): u64 {
  const side = along(axis, sideA, sideB, sideC);
  const stride = along(axis, 1, sideA, sideA * sideB);
  const size = sideA * sideB * sideC;
  let mask: u64 = 0;
  for (let cell = 0; cell < size; cell++) {
    const at = (cell / stride) % side;
    if (by > 0 ? at != side - 1 : at != 0) mask |= <u64>1 << <u64>cell;
  }
  return mask;
}

/**
 * Every position of every shape inside the A x B x C box, shape by shape, then by the anchor's
 * offset along box axis `outer`, then `middle`, then the third, that covers no hole and (with
 * `pruning`) leaves no empty cell next to it without an empty neighbour. Returns how many.
 */
export function listPlacements(
  shapeCount: i32, sideA: i32, sideB: i32, sideC: i32, outer: i32, middle: i32,
  holeLo: u32, holeHi: u32, pruning: bool,
): i32 {
  const size = sideA * sideB * sideC;
  const inner = 3 - outer - middle;
  const plusA = withNeighbour(0, 1, sideA, sideB, sideC);
  const minusA = withNeighbour(0, -1, sideA, sideB, sideC);
  const plusB = withNeighbour(1, 1, sideA, sideB, sideC);
  const minusB = withNeighbour(1, -1, sideA, sideB, sideC);
  const plusC = withNeighbour(2, 1, sideA, sideB, sideC);
  const minusC = withNeighbour(2, -1, sideA, sideB, sideC);
  const valid: u64 = size == 64 ? ~(<u64>0) : (<u64>1 << <u64>size) - 1;
  const covered = ((<u64>holeHi << 32) | <u64>holeLo) | ~valid;
  const sb = <u64>sideA;
  const sc = <u64>(sideA * sideB);
  const strideOuter = along(outer, 1, sideA, sideA * sideB);
  const strideMiddle = along(middle, 1, sideA, sideA * sideB);
  const strideInner = along(inner, 1, sideA, sideA * sideB);
  let at = shapeWords;
  let out = placementRecords;
  let count = 0;
  for (let shape = 0; shape < shapeCount; shape++) {
    const ea = load<i32>(at);
    const eb = load<i32>(at, 4);
    const ec = load<i32>(at, 8);
    const n = load<i32>(at, 12);
    const offsets = at + 16;
    at = offsets + (<usize>n << 2);
    const outerSteps = along(outer, sideA - ea, sideB - eb, sideC - ec);
    const middleSteps = along(middle, sideA - ea, sideB - eb, sideC - ec);
    const innerSteps = along(inner, sideA - ea, sideB - eb, sideC - ec);
    for (let i = 0; i <= outerSteps; i++) {
      for (let j = 0; j <= middleSteps; j++) {
        for (let k = 0; k <= innerSteps; k++) {
          const anchor = i * strideOuter + j * strideMiddle + k * strideInner;
          let mask: u64 = 0;
          for (let m = 0; m < n; m++) mask |= <u64>1 << <u64>(anchor + load<i32>(offsets + (<usize>m << 2)));
          if ((mask & covered) != 0) continue;
          // Only cells next to the placement count (a cell the holes alone cut off makes the whole
          // target infeasible, which the geometry reports): the JavaScript listings' test.
          if (pruning) {
            const e = ~(covered | mask);
            const reach =
              ((e & plusA) << 1) | ((e & minusA) >> 1) | ((e & plusB) << sb) | ((e & minusB) >> sb) | ((e & plusC) << sc) | ((e & minusC) >> sc);
            const next =
              ((mask & plusA) << 1) | ((mask & minusA) >> 1) | ((mask & plusB) << sb) | ((mask & minusB) >> sb) | ((mask & plusC) << sc) | ((mask & minusC) >> sc);
            if ((e & ~reach & next) != 0) continue;
          }
          store<i32>(out, shape);
          store<i32>(out, anchor, 4);
          store<u64>(out, mask, 8);
          out += 16;
          count++;
        }
      }
    }
  }
  return count;
}
