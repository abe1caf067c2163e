// The solver module hosts load where searches run (a worker): the dancing-links search, the
// generator and the grader.
import type { Solver } from '@kit/core';
import { generateSudoku } from './generate.js';
import { gradeGrid } from './grade.js';
import type { SudokuGrid } from './grid.js';
import type { Board } from './board.js';
import { solveGrid } from './search.js';

export { solveGrid } from './search.js';
export type { SudokuSummary } from './search.js';

export const solver: Solver<SudokuGrid, Board> = {
  solve(grid, ctx) {
    return solveGrid(grid, {
      limit: ctx.limit,
      wantSolutions: ctx.wantSolutions,
      solution: (board) => ctx.solution(board),
      // Building a board costs a copy of the grid: only when someone watches and the clock says so.
      ...(ctx.wantProgress ? { progress: { due: () => ctx.progressDue(), show: (board: Board, tries: number) => ctx.progress(board, { tries }) } } : {}),
      cancelled: () => ctx.signal.aborted,
    });
  },
  generate: (request, ctx) => generateSudoku(request, ctx),
  grade: (grid) => gradeGrid(grid),
};
