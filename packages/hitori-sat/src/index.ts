// The programmatic API of @kit/hitori-sat, and the plugin for hosts.
export { default as plugin, default } from './plugin.js';
export type { HitoriInstance, HitoriSolution } from './instance.js';
export { type Hitori, type Shading, shadingRows } from './model.js';
export { checkShading } from './check.js';
export { searchHitori, encodeRules, connectivityCuts } from './encode.js';
export type { HitoriSearch, HitoriSearchOptions, HitoriEncoding } from './encode.js';
export { fillPattern, type Pattern, type FillResult, type FillOptions } from './fill.js';
export { generateHitori, type Generated } from './generate.js';
export { parsePuzzleText, detectFormat } from './formats/detect.js';
export { INPUT_FORMATS, type InputFormat, type ParsedPuzzle } from './formats/parsed.js';
export { formatPencilBox } from './formats/pencilbox.js';
export { formatPuzzLink } from './formats/puzzlink.js';
export { formatPlainGrid } from './formats/plain.js';
export { formatSugar } from './formats/sugar.js';
export { CdclSolver } from './sat/cdcl.js';
export { backendFactory } from './sat/backends.js';
export type { SatBackend, BackendFactory } from './sat/backend.js';

import { searchHitori } from './encode.js';
import type { Hitori } from './model.js';
import { CdclSolver } from './sat/cdcl.js';

/** Solves a puzzle with the embedded solver: up to `maxSolutions` shadings (default 2, enough to tell uniqueness). */
export function solveHitori(puzzle: Hitori, maxSolutions = 2): { solutions: Uint8Array[]; unique: boolean } {
  const { solutions } = searchHitori(puzzle, new CdclSolver(), { maxSolutions: Math.max(2, maxSolutions) });
  return { solutions: solutions.slice(0, maxSolutions), unique: solutions.length === 1 };
}
