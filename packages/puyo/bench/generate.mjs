// Chain-puzzle generation times over 20 seeds: the median and worst time to make a puzzle, the
// candidates tried, and the near misses of the puzzles made (nazo-levels.ts), for each level and
// goal. The aim: a 3-pair nazo in a median under 5 s. Usage: node bench/generate.mjs [seeds]
// (CASES=0,2 runs only those cases; SLOW=1 adds the slow ones: 3 pairs for 2 or more chains, where
// uniqueness is rare, and 4 pairs).
import { performance } from 'node:perf_hooks';
import { solver } from '../dist/solver.js';
import { nearMisses } from '../dist/nazo-levels.js';
import { readNazoFile } from '../dist/nazo-file.js';

const SEEDS = Number(process.argv[2] ?? 20);
const CASES = [
  { title: 'easy: 2 pairs, chains=2', difficulty: 'easy', parameters: {} },
  { title: 'medium: 3 pairs, chains=3', difficulty: 'medium', parameters: {} },
  { title: 'hard: 3 pairs, chains=3', difficulty: 'hard', parameters: {} },
  { title: 'medium: 3 pairs, chains>=2', difficulty: 'medium', parameters: { goal: 'chains-or-more', chains: 2 }, slow: true },
  { title: 'easy: 2 pairs, all clear', difficulty: 'easy', parameters: { goal: 'clear' } },
  { title: 'medium: 3 pairs, all clear', difficulty: 'medium', parameters: { goal: 'clear' } },
  { title: 'hard: 4 pairs, chains=3', difficulty: 'hard', parameters: { pairs: 4 }, slow: true },
];
const only = process.env.CASES ? process.env.CASES.split(',').map(Number) : undefined;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

console.log(`${SEEDS} seeds a case (1..${SEEDS}), each puzzle with exactly one answer placing every pair`);
for (const [index, { title, difficulty, parameters, slow }] of CASES.entries()) {
  if (only ? !only.includes(index) : slow && !process.env.SLOW) continue;
  const times = [];
  const candidates = [];
  const misses = [];
  for (let seed = 1; seed <= SEEDS; seed++) {
    const start = performance.now();
    const puzzle = solver.generate({ seed, difficulty, parameters }, {});
    times.push((performance.now() - start) / 1000);
    candidates.push(puzzle.tries);
    const file = readNazoFile(puzzle.input);
    misses.push(nearMisses(file.field, file.pairs, file.goal));
  }
  console.log(
    `${title.padEnd(28)} median ${median(times).toFixed(2)} s, worst ${Math.max(...times).toFixed(2)} s;` +
      ` candidates median ${median(candidates)}, worst ${Math.max(...candidates)}; near misses median ${median(misses)}`,
  );
}
