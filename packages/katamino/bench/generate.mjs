// `node bench/generate.mjs` after a build: over 20 seeds, the median and worst time to make a graded
// Katamino challenge of each form (pieces laid on 5x8 and 5x12; the booklet's set on 5x4 to 5x9), with
// the piece sets it tried. A benchmark, not a test: the figures depend on the machine and its load.
import { solver } from '../dist/solver.js';

const SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);
const CASES = [
  { form: 'laid', size: [5, 8], difficulty: 'easy' },
  { form: 'laid', size: [5, 8], difficulty: 'medium' },
  { form: 'laid', size: [5, 8], difficulty: 'hard' },
  { form: 'laid', size: [5, 12], difficulty: 'hard' },
  { form: 'set', size: [5, 4], difficulty: 'easy' },
  { form: 'set', size: [5, 6], difficulty: 'medium' },
  { form: 'set', size: [5, 9], difficulty: 'hard' },
];

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const half = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
}

console.log('form  board  level   median ms  worst ms  median sets  worst sets');
for (const { form, size, difficulty } of CASES) {
  const times = [];
  const attempts = [];
  for (const seed of SEEDS) {
    const start = performance.now();
    const made = solver.generate({ seed, difficulty, size, parameters: { form } }, {});
    times.push(performance.now() - start);
    attempts.push(made.tries);
  }
  console.log(
    `${form.padEnd(5)} ${size.join('x').padEnd(6)} ${difficulty.padEnd(7)} ${median(times).toFixed(0).padStart(9)} ${Math.max(...times)
      .toFixed(0)
      .padStart(9)} ${String(median(attempts)).padStart(12)} ${String(Math.max(...attempts)).padStart(11)}`,
  );
}
