// `node bench/generate.mjs` (after a build): over 20 seeds, the median and worst time to generate a
// challenge, the Soma cube and the solid pentominoes in 3x4x5 at each level, with the searches
// (tries) it took and the levels reached. A benchmark, not a test: the figures depend on the
// machine and its load.
import { solver } from '../dist/solver.js';

const SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);
const CASES = [
  { size: [3, 3, 3], difficulty: 'easy' },
  { size: [3, 3, 3], difficulty: 'medium' },
  { size: [3, 3, 3], difficulty: 'hard' },
  { size: [3, 4, 5], difficulty: 'easy' },
  { size: [3, 4, 5], difficulty: 'medium' },
  { size: [3, 4, 5], difficulty: 'hard' },
];
const only = process.argv.slice(2);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

console.log('size   asked    median ms  worst ms  median tries  worst tries  reached');
for (const { size, difficulty } of CASES) {
  const name = size.join('x');
  if (only.length > 0 && !only.includes(name) && !only.includes(`${name}-${difficulty}`)) continue;
  const times = [];
  const tries = [];
  const reached = new Map();
  for (const seed of SEEDS) {
    const start = performance.now();
    const made = solver.generate({ seed, difficulty, size, parameters: {} }, {});
    times.push(performance.now() - start);
    tries.push(made.tries);
    reached.set(made.difficulty, (reached.get(made.difficulty) ?? 0) + 1);
  }
  console.log(
    `${name.padEnd(6)} ${difficulty.padEnd(7)} ${median(times).toFixed(0).padStart(10)} ${Math.max(...times)
      .toFixed(0)
      .padStart(
        9,
      )} ${String(median(tries)).padStart(13)} ${String(Math.max(...tries)).padStart(12)}  ${[...reached].map(([level, n]) => `${n} ${level}`).join(', ')}`,
  );
}
