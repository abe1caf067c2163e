// `node bench/generate.mjs` after a build: over 20 seeds, the median and worst time to make a graded
// challenge (aim for 6x10: median under 2 s), per board and level, with the attempts it took. The
// first challenge of a board also lists the board's distinct packings once (kept for the process),
// as a `kit generate` process does. A benchmark, not a test: the figures depend on the machine.
import { solver } from '../dist/solver.js';

const SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);
const CASES = [
  { size: [6, 10], difficulty: 'easy', aim: 2000 },
  { size: [6, 10], difficulty: 'medium', aim: 2000 },
  { size: [6, 10], difficulty: 'hard', aim: 2000 },
  { size: [5, 12], difficulty: 'medium' },
  { size: [8, 8], difficulty: 'hard' },
];

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const half = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
}

console.log('board  level   median ms  worst ms  median attempts  worst attempts  aim');
for (const { size, difficulty, aim } of CASES) {
  const times = [];
  const attempts = [];
  for (const seed of SEEDS) {
    const start = performance.now();
    const made = solver.generate({ seed, difficulty, size, parameters: {} }, {});
    times.push(performance.now() - start);
    attempts.push(made.tries);
  }
  const mid = median(times);
  const verdict = aim === undefined ? '' : `median < ${aim} ms: ${mid < aim ? 'met' : 'MISSED'}`;
  console.log(
    `${size.join('x').padEnd(6)} ${difficulty.padEnd(7)} ${mid.toFixed(0).padStart(9)} ${Math.max(...times)
      .toFixed(0)
      .padStart(9)} ${String(median(attempts)).padStart(16)} ${String(Math.max(...attempts)).padStart(15)}  ${verdict}`,
  );
}
