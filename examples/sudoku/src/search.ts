// Sudoku as exact cover: each candidate "digit d in cell (r, c)" covers four constraints (the cell
// is filled; row r, column c and the box each have a d). The clues are taken first; dancing links
// finds the rest.
import type { Summary } from '@kit/core';
import { ExactCover } from './exact-cover.js';
import { gridRows, type SudokuGrid } from './grid.js';
import type { Board } from './board.js';

/** The four constraint columns of placing digit index `d` (0-based) at (row, column). */
function constraints(grid: SudokuGrid, row: number, column: number, d: number): number[] {
  const { box, size } = grid;
  const cells = size * size;
  const square = Math.floor(row / box) * box + Math.floor(column / box);
  return [row * size + column, cells + row * size + d, 2 * cells + column * size + d, 3 * cells + square * size + d];
}

export interface SudokuSummary extends Summary {
  /** true: exactly one solution; false: more than one; null: the search was cut short before knowing. */
  unique: boolean | null;
  givens: number;
  tries: number;
  size: string;
}

/**
 * Finds the solutions (up to the host's limit) and decides uniqueness: the search always goes on to a
 * second solution when it can, even past a limit of 1, so `unique` is known unless cancelled.
 */
export function solveGrid(
  grid: SudokuGrid,
  report: {
    limit?: number | undefined;
    wantSolutions: boolean;
    solution(board: Board): void;
    /** For animation: `due()` is polled at every node; the partial board is built only when it says so. */
    progress?: { due(): boolean; show(board: Board, tries: number): void };
    cancelled(): boolean;
  },
): SudokuSummary {
  const { size } = grid;
  const rows: number[][] = [];
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      for (let d = 0; d < size; d++) rows.push(constraints(grid, row, column, d));
    }
  }
  const cover = new ExactCover(4 * size * size, rows);
  const givens = gridRows(size, grid.cells);
  let clues = 0;
  let consistent = true;
  grid.cells.forEach((value, cell) => {
    if (value === 0) return;
    clues++;
    if (!cover.select(cell * size + value - 1)) consistent = false;
  });

  const fill = (chosen: readonly number[]): string[] => {
    const cells = [...grid.cells];
    for (const candidate of chosen) cells[Math.floor(candidate / size)] = (candidate % size) + 1;
    return gridRows(size, cells);
  };

  let found = 0;
  const stopAt = report.limit === undefined ? Infinity : Math.max(report.limit, 2);
  let tries = 0;
  const progress = report.progress;
  if (consistent) {
    const searched = cover.search({
      solution(chosen) {
        found++;
        if (report.wantSolutions && (report.limit === undefined || found <= report.limit)) {
          report.solution({ rows: fill(chosen), givens });
        }
      },
      stop: () => found >= stopAt || report.cancelled(),
      ...(progress
        ? {
            node: (chosen: readonly number[]) => {
              tries++;
              if (progress.due()) progress.show({ rows: fill(chosen), givens }, tries);
            },
          }
        : {}),
    });
    tries = searched;
  }
  const complete = !report.cancelled() && found < stopAt;
  const unique = found >= 2 ? false : complete ? found === 1 : null;
  return {
    solutions: report.limit === undefined ? found : Math.min(found, report.limit),
    unique,
    givens: clues,
    tries,
    size: `${size}x${size}`,
  };
}
