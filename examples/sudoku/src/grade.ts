// The grader: solve as a person would, always with the easiest deduction that applies, and name the
// puzzle after the hardest one it needed. Eliminations only ever help, so the deductions of a level
// reach the same end whatever their order: the grade is the lowest level whose deductions solve it.
import { InputError } from '@kit/core';
import type { Grade, GradeStep } from '@kit/core/make';
import { Candidates } from './candidates.js';
import type { SudokuGrid } from './grid.js';
import { solveGrid } from './search.js';
import { LEVELS, TECHNIQUES, trial, type Level } from './techniques.js';

/** The steps the deductions up to `most` make, and whether they solve the puzzle. Trials (hard) need the solution. */
export function deduce(grid: SudokuGrid, most: Level, solution?: readonly number[]): { steps: GradeStep[]; solved: boolean } {
  const allowed = TECHNIQUES.filter((technique) => LEVELS.indexOf(technique.level) <= LEVELS.indexOf(most));
  const board = new Candidates(grid);
  const steps: GradeStep[] = [];
  while (!board.solved()) {
    let step: GradeStep | undefined;
    for (const technique of allowed) {
      step = technique.apply(board);
      if (step) break;
    }
    if (!step && most === 'hard' && solution) step = trial(board, solution);
    if (!step) return { steps, solved: false };
    steps.push(step);
  }
  return { steps, solved: true };
}

/** The only solution of `grid`, or an InputError saying it has none or several. */
export function onlySolution(grid: SudokuGrid): number[] {
  const solutions: string[][] = [];
  const summary = solveGrid(grid, { limit: 2, wantSolutions: true, solution: (board) => solutions.push(board.rows), cancelled: () => false });
  if (summary.solutions === 0) throw new InputError('the puzzle has no solution: there is nothing to grade');
  if (summary.solutions > 1) throw new InputError('the puzzle has more than one solution: a grade needs exactly one');
  return solutions[0]!
    .join('')
    .split('')
    .map((char) => Number.parseInt(char, 36));
}

/** The puzzle's grade: its level and the solving path. */
export function gradeGrid(grid: SudokuGrid): Grade {
  const solution = onlySolution(grid);
  const { steps } = deduce(grid, 'hard', solution);
  const level = LEVELS[Math.max(0, ...steps.map((step) => LEVELS.indexOf(step.level as Level)))]!;
  return { size: `${grid.size}x${grid.size}`, level, steps };
}
