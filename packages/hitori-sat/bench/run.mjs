// `pnpm bench`: medians for solving generated Hitori puzzles with a uniqueness proof, per backend,
// plus the designer fill, and the eager connectivity encoding against the lazy cuts. Ratios are
// against CaDiCaL through DIMACS when it is installed (measured in this same run), else logic-solver.
import { spawnSync } from 'node:child_process';
import { searchHitori } from '../dist/encode.js';
import { fillPattern } from '../dist/fill.js';
import { generateHitori } from '../dist/generate.js';
import { repeatedGroups } from '../dist/encode.js';
import { backendFactory } from '../dist/sat/backends.js';
import { CdclSolver } from '../dist/sat/cdcl.js';
import { searchEager } from './eager.mjs';

const quick = process.argv.includes('--quick');
const SIZES = [10, 15, 25, 40];
const SEEDS = quick ? [1, 2, 3] : [1, 2, 3, 4, 5, 6, 7];
const REPEAT = quick ? 1 : 3;
const TARGETS = { 25: 50, 40: 500 };
const FILL_TARGET = { 25: 300 };

const onPath = (name) => spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
const backends = ['cdcl', 'logic-solver', ...['cadical', 'minisat'].filter(onPath)];
const factories = Object.fromEntries(await Promise.all(backends.map(async (name) => [name, await backendFactory(name)])));

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
// CPU time of this process (user + system) next to wall time: on a shared machine the wall clock
// also counts the time other processes held the cores.
let lastCpu = 0;
const time = (fn) => {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = fn();
  const used = process.cpuUsage(cpu);
  lastCpu = (used.user + used.system) / 1000;
  return [performance.now() - start, result];
};
const ms = (value) => (value >= 100 ? value.toFixed(0) : value.toFixed(1)).padStart(7);

const puzzles = {};
for (const n of SIZES) puzzles[n] = SEEDS.map((seed) => generateHitori(n, n, seed, () => new CdclSolver()));

// Warm the JIT so the first size is not charged for compilation.
for (const g of puzzles[10]) searchHitori(g.puzzle, new CdclSolver(), { maxSolutions: 2 });

console.log(
  `Hitori with a uniqueness proof: median ms over ${SEEDS.length} generated puzzles x ${REPEAT} runs (machine load ${spawnSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).stdout.split(' ')[0]})`,
);
const reference = backends.includes('cadical') ? 'cadical' : 'logic-solver';
console.log(`size    ${backends.map((b) => b.padStart(13)).join('')}   cdcl cpu   cdcl vs ${reference}   target (cdcl)`);
for (const n of SIZES) {
  const medians = {};
  for (const name of backends) {
    const runs = name === 'cdcl' ? REPEAT : 1;
    const times = [];
    const cpu = [];
    for (const g of puzzles[n]) {
      for (let r = 0; r < runs; r++) {
        const [elapsed, found] = time(() => searchHitori(g.puzzle, factories[name](), { maxSolutions: 2 }));
        if (found.solutions.length !== 1) throw new Error(`${name} found ${found.solutions.length} solutions on a generated ${n}x${n}`);
        times.push(elapsed);
        cpu.push(lastCpu);
      }
    }
    medians[name] = median(times);
    if (name === 'cdcl') medians.cpu = median(cpu);
  }
  const target = TARGETS[n] ? `${medians.cdcl < TARGETS[n] ? 'met' : 'MISSED'} (< ${TARGETS[n]} ms)` : '';
  const ratio = `${(medians[reference] / medians.cdcl).toFixed(1)}x faster`;
  console.log(`${`${n}x${n}`.padEnd(8)}${backends.map((b) => ms(medians[b]).padStart(13)).join('')}   ${ms(medians.cpu)}   ${ratio.padStart(16)}   ${target}`);
}

console.log("\nDesigner fill (--fill) of a pattern made from each puzzle's repeated numbers, incl. the uniqueness check of the design: median ms");
const fillBackends = backends.filter((b) => b !== 'logic-solver' || !quick);
console.log(`size    ${fillBackends.map((b) => b.padStart(13)).join('')}   cdcl cpu   target (cdcl)`);
for (const n of [10, 15, 25]) {
  const medians = {};
  for (const name of fillBackends) {
    const times = [];
    const cpu = [];
    for (const g of puzzles[n]) {
      const labels = new Array(n * n).fill(0);
      for (const group of repeatedGroups(g.puzzle)) for (const c of group) labels[c] = g.puzzle.numbers[c];
      const [elapsed, unique] = time(() => {
        const filled = fillPattern({ width: n, height: n, labels }, factories[name]);
        if (!filled.ok) throw new Error('a pattern from a real puzzle must be fillable');
        return searchHitori({ width: n, height: n, numbers: filled.numbers }, factories[name](), { maxSolutions: 2 }).solutions.length === 1;
      });
      if (!unique) throw new Error('the design of a unique puzzle must stay unique');
      times.push(elapsed);
      cpu.push(lastCpu);
    }
    medians[name] = median(times);
    if (name === 'cdcl') medians.cpu = median(cpu);
  }
  const target = FILL_TARGET[n] ? `${medians.cdcl < FILL_TARGET[n] ? 'met' : 'MISSED'} (< ${FILL_TARGET[n]} ms)` : '';
  console.log(`${`${n}x${n}`.padEnd(8)}${fillBackends.map((b) => ms(medians[b]).padStart(13)).join('')}   ${ms(medians.cpu)}   ${target}`);
}

await import('./fill-scale.mjs');

console.log('\nConnectivity: lazy cuts vs an eager bounded-reachability encoding (embedded cdcl, uniqueness proof): median ms');
for (const n of [6, 8, 10, 12]) {
  const set = [1, 2, 3].map((seed) => generateHitori(n, n, seed, () => new CdclSolver()));
  const lazy = [];
  const eager = [];
  let size = '';
  for (const g of set) {
    lazy.push(time(() => searchHitori(g.puzzle, new CdclSolver(), { maxSolutions: 2 }))[0]);
    const [elapsed, found] = time(() => searchEager(g.puzzle, new CdclSolver(), 2));
    if (found.solutions.length !== 1) throw new Error('eager encoding disagrees');
    eager.push(elapsed);
    const sized = searchEager(g.puzzle, new CdclSolver(true), 1);
    size = `${sized.vars} vars, ${sized.clauses} clauses`;
  }
  const ratio = median(eager) / median(lazy);
  console.log(
    `${`${n}x${n}`.padEnd(8)} lazy ${ms(median(lazy))}   eager ${ms(median(eager))}   eager/lazy ${ratio.toFixed(0).padStart(5)}x   (eager: ${size})`,
  );
}
