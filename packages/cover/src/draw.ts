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
    for (const cell of placement.cells) chars[problem.boardIndex[cell]!] = name;
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
