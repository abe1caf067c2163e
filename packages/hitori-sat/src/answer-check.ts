import { neighbours, type Hitori } from './model.js';

/** The first cell of a shading that breaks a rule, and which rule. */
export interface WrongCell {
  cell: number;
  reason: string;
}

/**
 * Checks a given shading (a PencilBox answer block) against the puzzle's rules. A shading that keeps
 * every rule is a solution of the puzzle, so this is the check against the solution, without a
 * solve; a wrong one is blamed on its first wrong cell in reading order: a shaded blank, a shaded
 * cell touching another, an unshaded number already unshaded earlier in its row or column, or an
 * unshaded cell cut off from the largest unshaded region.
 */
export function firstWrongCell(puzzle: Hitori, shaded: ArrayLike<number>): WrongCell | undefined {
  const { width, height, numbers } = puzzle;
  const size = width * height;
  const wrong: Array<string | undefined> = new Array(size);
  const blame = (cell: number, reason: string) => {
    wrong[cell] ??= reason;
  };
  for (let cell = 0; cell < size; cell++) {
    if (!shaded[cell]) continue;
    if (numbers[cell] === 0) blame(cell, 'a blank cell is shaded');
    for (const next of neighbours(width, height, cell)) if (shaded[next]) blame(cell, 'shaded cells touch');
  }
  // Numbers seen unshaded so far in each row and column (sets: numbers are unbounded).
  const rows = Array.from({ length: height }, () => new Set<number>());
  const cols = Array.from({ length: width }, () => new Set<number>());
  for (let cell = 0; cell < size; cell++) {
    const value = numbers[cell]!;
    if (shaded[cell] || value === 0) continue;
    const x = cell % width;
    const y = (cell - x) / width;
    if (rows[y]!.has(value)) blame(cell, `its ${value} repeats an unshaded ${value} in row ${y + 1}`);
    else if (cols[x]!.has(value)) blame(cell, `its ${value} repeats an unshaded ${value} in column ${x + 1}`);
    rows[y]!.add(value);
    cols[x]!.add(value);
  }
  // Unshaded regions by flood fill; every cell outside the largest one is cut off.
  const region = new Int32Array(size).fill(-1);
  const sizes: number[] = [];
  for (let start = 0; start < size; start++) {
    if (shaded[start] || region[start] !== -1) continue;
    const id = sizes.length;
    let count = 0;
    const stack = [start];
    region[start] = id;
    while (stack.length > 0) {
      const cell = stack.pop()!;
      count++;
      for (const next of neighbours(width, height, cell)) {
        if (!shaded[next] && region[next] === -1) {
          region[next] = id;
          stack.push(next);
        }
      }
    }
    sizes.push(count);
  }
  if (sizes.length > 1) {
    let largest = 0;
    for (let id = 1; id < sizes.length; id++) if (sizes[id]! > sizes[largest]!) largest = id;
    for (let cell = 0; cell < size; cell++) if (region[cell] !== -1 && region[cell] !== largest) blame(cell, 'it is cut off from the other unshaded cells');
  }
  if (sizes.length === 0) blame(0, 'no cell is left unshaded');
  for (let cell = 0; cell < size; cell++) if (wrong[cell] !== undefined) return { cell, reason: wrong[cell]! };
  return undefined;
}
