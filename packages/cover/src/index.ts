// The exact-cover packing engine shared by @kit/pentomino and @kit/polycube: a geometry lists cells,
// placements and symmetries; the engine plans, splits and searches.
export { compileOnce } from './compile-once.js';
export { type Listing, type ListingOrder, type ListingShape, listPlacementsInWasm } from './placement-listing.js';
export { BITBOARD_CELLS, BITBOARD_KINDS, type Kernel, type KernelHooks, TICK_TRIES, WINDOW } from './kernel.js';
export { type CoverProblem, fitsBitboard, placementMasks } from './problem.js';
export { createWasmKernel, estimateTries, hasWasm, wasmModule } from './wasm-kernel.js';
export { estimatePrepared, estimateSearch } from './estimate.js';
export { boxNeighbours, createWideKernel } from './wide-kernel.js';
export { createFastKernel } from './fast-kernel.js';
export { checkBitboard } from './bitboard-tables.js';
export type { PackingProblem, Placement } from './geometry.js';
export { type CanonicalCheck, type SymmetryGroup, canonicalCheck, compareCellLists, compareCellSets, compareImage, imageOf } from './symmetry.js';
export {
  type PlanChoice,
  type SearchPlan,
  type SearchRoot,
  type SymmetryMethod,
  breakSymmetry,
  chooseMethod,
  firstCandidates,
  placementCounts,
  planSearch,
  secondCandidates,
  stabiliserOf,
} from './plan.js';
export { type SplitRoots, splitRoots } from './split.js';
export {
  type KernelName,
  type PreparedSearch,
  type RunResult,
  type SearchHooks,
  runAll,
  runRoots,
} from './engine.js';
export { hasIsolatedCell, isFeasible, isolatesCell } from './dead-cells.js';
export { type DrawnHooks, drawnHooks, packingChars, placedPieces } from './draw.js';
