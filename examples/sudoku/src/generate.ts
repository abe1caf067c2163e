// The generator: a full grid drawn from the seed, then clues taken away, one (or a symmetric pair)
// at a time in an order drawn from the seed, each removal kept only while the puzzle stays unique
// and within the asked level. A carving that ends easier than asked is thrown away and another grid
// is drawn, a bounded number of times. Everything follows from the request: the same seed gives the
// same puzzle on every machine.
import { InputError, Random } from '@kit/core';
import type { GenerateContext, GeneratedPuzzle, GenerateRequest } from '@kit/core/make';
import { unitsOf } from './candidates.js';
import { deduce } from './grade.js';
import { gridRows, type SudokuGrid } from './grid.js';
import { solveGrid } from './search.js';
import { LEVELS, type Level } from './techniques.js';

/** Grids drawn before giving up on a level (hard 9x9 needs a few on average; a 4x4 is never hard). */
export const MAX_TRIES = 200;

/** Backtracking steps a full grid may take before the draw starts over (a 16x16 can get stuck). */
const FILL_BUDGET = 20_000;

/** A full grid, filled cell by cell (the one with fewest digits left first), digits tried in a random order. */
export function fullGrid(box: number, random: Random): number[] {
  const size = box * box;
  const { cellUnits } = unitsOf(box);
  const peers = cellUnits.map((units, cell) => [...new Set(units.flatMap((unit) => unit.cells))].filter((peer) => peer !== cell));
  for (;;) {
    const cells = new Array<number>(size * size).fill(0);
    let budget = FILL_BUDGET;
    const free = (cell: number) => {
      let mask = (1 << size) - 1;
      for (const peer of peers[cell]!) if (cells[peer]! !== 0) mask &= ~(1 << (cells[peer]! - 1));
      return mask;
    };
    const fill = (): boolean => {
      if (--budget < 0) return false;
      let best = -1;
      let bestMask = 0;
      let bestCount = size + 1;
      for (let cell = 0; cell < cells.length; cell++) {
        if (cells[cell] !== 0) continue;
        const mask = free(cell);
        let count = 0;
        for (let m = mask; m !== 0; m &= m - 1) count++;
        if (count < bestCount) [best, bestMask, bestCount] = [cell, mask, count];
        if (count === 0) return false;
      }
      if (best < 0) return true;
      const digits = random.shuffle(Array.from({ length: size }, (_, d) => d + 1).filter((digit) => bestMask & (1 << (digit - 1))));
      for (const digit of digits) {
        cells[best] = digit;
        if (fill()) return true;
      }
      cells[best] = 0;
      return false;
    };
    if (fill()) return cells;
  }
}

/** True when the grid has exactly one solution (the dancing-links search, stopped at a second). */
export function isUnique(grid: SudokuGrid): boolean {
  return solveGrid(grid, { limit: 2, wantSolutions: false, solution: () => {}, cancelled: () => false }).solutions === 1;
}

/** Takes clues away from a full grid while the puzzle stays unique and within `most` (hard: any unique one). */
function carve(box: number, full: readonly number[], most: Level, symmetric: boolean, random: Random): SudokuGrid {
  const size = box * box;
  const grid: SudokuGrid = { box, size, cells: [...full] };
  const last = size * size - 1;
  const groups = random
    .shuffle(Array.from({ length: size * size }, (_, cell) => cell))
    .filter((cell) => !symmetric || cell <= last - cell)
    .map((cell) => (symmetric && cell !== last - cell ? [cell, last - cell] : [cell]));
  for (const group of groups) {
    for (const cell of group) grid.cells[cell] = 0;
    // Deductions that fill the whole grid prove it unique; only a hard carving needs the search.
    const keeps = most === 'hard' ? isUnique(grid) : deduce(grid, most).solved;
    if (!keeps) for (const cell of group) grid.cells[cell] = full[cell]!;
  }
  return grid;
}

/** The level a puzzle carved within `most` really needs: the easiest whose deductions solve it. */
function levelOf(grid: SudokuGrid, most: Level): Level {
  for (const level of LEVELS.slice(0, LEVELS.indexOf(most))) if (deduce(grid, level).solved) return level;
  return most;
}

/** The solver's `generate`: a unique Sudoku of the asked size and level. */
export function generateSudoku(request: GenerateRequest, ctx: GenerateContext = {}): GeneratedPuzzle {
  const [width = 9, height = width] = request.size ?? [];
  const box = Math.round(Math.sqrt(width));
  if (width !== height || box * box !== width || box < 2 || box > 4) throw new InputError(`a Sudoku is 4x4, 9x9 or 16x16 (got ${width}x${height})`);
  const level = request.difficulty as Level;
  if (!LEVELS.includes(level)) throw new InputError(`no level ${JSON.stringify(request.difficulty)}: the levels are ${LEVELS.join(', ')}`);
  const symmetric = request.parameters['symmetry'] === 'rotational';
  const random = new Random(request.seed);
  for (let tries = 1; tries <= MAX_TRIES; tries++) {
    ctx.signal?.throwIfAborted();
    const grid = carve(box, fullGrid(box, random), level, symmetric, random);
    ctx.progress?.(tries);
    if (levelOf(grid, level) !== level) continue;
    const rows = gridRows(grid.size, grid.cells);
    return { input: `${rows.join('\n')}\n`, size: `${width}x${width}`, difficulty: level, formats: { line: rows.join('') }, tries };
  }
  throw new InputError(`no ${level} ${width}x${width} Sudoku${symmetric ? ' with rotational symmetry' : ''} in ${MAX_TRIES} grids from seed ${request.seed}`);
}
