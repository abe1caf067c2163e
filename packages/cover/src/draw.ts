import type { SearchHooks } from './engine.js';
import type { PackingProblem } from './geometry.js';

/** Upper case to lower and back; other characters as they are. */
function otherCase(name: string): string {
  const lower = name.toLowerCase();
  return lower === name ? name.toUpperCase() : lower;
}

/**
 * A partial or complete packing as one character per cell, in the puzzle's own numbering
 * (`boardIndex`): piece names, `.` for a hole, space for a cell not yet covered. Copies of a repeated
 * piece alternate between its letter's two cases (when the other case names no other piece), so
 * their boundaries stay visible. The geometry cuts it into rows or layers.
 */
export function packingChars(problem: PackingProblem, stack: Int32Array, depth: number): string[] {
  const chars: string[] = new Array(problem.size);
  for (let i = 0; i < problem.size; i++) chars[problem.boardIndex[i]!] = problem.hole[i] ? '.' : ' ';
  const copies = new Array<number>(problem.kindNames.length).fill(0);
  for (let d = 0; d < depth; d++) {
    const placement = problem.placements[stack[d]!]!;
    let name = problem.kindNames[placement.kind]!;
    if (copies[placement.kind]!++ % 2 === 1 && !problem.kindNames.includes(otherCase(name))) name = otherCase(name);
    const cells = placement.cells;
    // Indexed: this draws every solution, mostly before the JIT has compiled it (for-of allocates then).
    for (let i = 0; i < cells.length; i++) chars[problem.boardIndex[cells[i]!]!] = name;
  }
  return chars;
}

/** A packing's pieces: each one's kind and its cells in the puzzle's own numbering, in search order. */
export function placedPieces(problem: PackingProblem, stack: Int32Array, depth: number): Array<{ kind: number; cells: number[] }> {
  const found: Array<{ kind: number; cells: number[] }> = [];
  for (let d = 0; d < depth; d++) {
    const placement = problem.placements[stack[d]!]!;
    found.push({ kind: placement.kind, cells: placement.cells.map((cell) => problem.boardIndex[cell]!) });
  }
  return found;
}

/** A host's hooks on drawn packings: the geometry's drawing of them (rows, layers), not the stack. */
export interface DrawnHooks<Drawing> {
  /** Each packing that counts, drawn. */
  solution?: (drawing: Drawing) => void;
  /** Stop after this many packings. */
  limit?: number;
  /** Now and then: the partial packing, drawn on demand, and the tries so far. Return true to stop. */
  tick?: (drawing: () => Drawing, tries: number) => boolean;
}

/**
 * The engine's hooks for a host's drawn ones: `draw` turns the stack into the geometry's drawing;
 * `pieces`, when given, also sees each packing's pieces (placedPieces) and may stop the search.
 */
export function drawnHooks<Drawing>(
  problem: PackingProblem,
  draw: (stack: Int32Array, depth: number) => Drawing,
  hooks: DrawnHooks<Drawing>,
  // biome-ignore lint/suspicious/noConfusingVoidType: a callback that never stops the search returns nothing
  pieces?: (found: Array<{ kind: number; cells: number[] }>) => boolean | void,
): SearchHooks {
  const { solution, tick } = hooks;
  return {
    ...(hooks.limit !== undefined ? { limit: hooks.limit } : {}),
    solution: (stack, depth) => {
      solution?.(draw(stack, depth));
      return pieces ? Boolean(pieces(placedPieces(problem, stack, depth))) : false;
    },
    ...(tick ? { tick: (stack: Int32Array, depth: number, tries: number) => tick(() => draw(stack, depth), tries) } : {}),
  };
}
