// `node bench/generate.mjs`: over 20 seeds, the median and worst time to generate a graded puzzle,
// 10x10 at each level (aim: median under 1 s) and 15x15 tricky (aim: median under 5 s), with the
// tries it took. A benchmark, not a test: the figures depend on the machine and its load.
import { solver } from '../dist/solver.js';

const SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);
const CASES = [
  { size: [10, 10], difficulty: 'easy', aim: 1000 },
  { size: [10, 10], difficulty: 'tricky', aim: 1000 },
  { size: [10, 10], difficulty: 'hard', aim: 1000 },
  { size: [15, 15], difficulty: 'tricky', aim: 5000 },
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

console.log('size   level   median ms  worst ms  median tries  worst tries  aim (median)');
for (const { size, difficulty, aim } of CASES) {
  const times = [];
  const tries = [];
  for (const seed of SEEDS) {
    const start = performance.now();
    const made = solver.generate({ seed, difficulty, size, parameters: {} }, {});
    times.push(performance.now() - start);
    tries.push(made.tries);
  }
  const m = median(times);
  console.log(
    `${size.join('x').padEnd(6)} ${difficulty.padEnd(7)} ${m.toFixed(0).padStart(9)} ${Math.max(...times)
      .toFixed(0)
      .padStart(9)} ${String(median(tries)).padStart(13)} ${String(Math.max(...tries)).padStart(12)}  < ${aim} ms: ${m < aim ? 'met' : 'MISSED'}`,
  );
}
