// Times the generator over 20 seeds at each level (9x9, and 16x16 easy), printing the median and the
// worst time and the grids drawn (tries), and the grader on the puzzles made.
import { generateSudoku, gradeGrid, parseSudoku } from '../dist/index.js';

const SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

for (const [side, level, seeds] of [
  [9, 'easy', SEEDS],
  [9, 'medium', SEEDS],
  [9, 'hard', SEEDS],
  [16, 'easy', SEEDS.slice(0, 5)],
]) {
  const made = [];
  const graded = [];
  const tries = [];
  for (const seed of seeds) {
    let start = performance.now();
    const puzzle = generateSudoku({ seed, difficulty: level, size: [side, side], parameters: {} });
    made.push(performance.now() - start);
    tries.push(puzzle.tries);
    start = performance.now();
    gradeGrid(parseSudoku(puzzle.input));
    graded.push(performance.now() - start);
  }
  const ms = (value) => `${value.toFixed(0)} ms`;
  console.log(
    `${side}x${side} ${level.padEnd(6)} generate: median ${ms(median(made))}, worst ${ms(Math.max(...made))}, grids drawn median ${median(tries)} worst ${Math.max(...tries)}; grade: median ${ms(median(graded))}, worst ${ms(Math.max(...graded))} (${seeds.length} seeds)`,
  );
}
