// `node bench/fill-scale.mjs` (also part of `pnpm bench`): the designer fill at scale, each case in
// a process of its own (bench/fill-one.mjs) so its peak memory is its own. The reference, measured
// in the same run: SAT alone (the fill before the construction existed) on a 40x40 design.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repeatedGroups } from '../dist/encode.js';
import { generateHitori } from '../dist/generate.js';
import { CdclSolver } from '../dist/sat/cdcl.js';

const ms = (value) => (value >= 100 ? value.toFixed(0) : value.toFixed(1)).padStart(7);
const load = spawnSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).stdout.split(' ')[0];
console.log(`\nFill at scale: fill + uniqueness check of the design, as \`kit run hitori-sat --fill\`, one process each (machine load ${load})`);
const designOf = (n, seed) => {
  const g = generateHitori(n, n, seed, () => new CdclSolver());
  const labels = new Array(n * n).fill(0);
  for (const group of repeatedGroups(g.puzzle)) for (const c of group) labels[c] = g.puzzle.numbers[c];
  return labels;
};
const scratch = mkdtempSync(join(tmpdir(), 'hitori-bench-'));
const fillOne = (name, width, height, labels, construct = true) => {
  const file = join(scratch, `${name.replace(/\W+/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ width, height, labels, construct }));
  const run = spawnSync(process.execPath, [new URL('./fill-one.mjs', import.meta.url).pathname, file], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${name}: ${run.stderr}`);
  return JSON.parse(run.stdout);
};
const design40 = designOf(40, 1);
const design100 = designOf(100, 1);
const scaleCases = [
  ['reference: 40x40 design, SAT alone', 40, 40, design40, false],
  ['40x40 design', 40, 40, design40, true],
  ['100x100 all free', 100, 100, new Array(100 * 100).fill(0), true],
  ['100x100 design', 100, 100, design100, true],
  ['200x200 all free', 200, 200, new Array(200 * 200).fill(0), true],
];
let referenceMs = 0;
console.log(`${'case'.padEnd(36)}  fill ms  total ms  peak MB   total vs reference   target`);
for (const [name, width, height, labels, construct] of scaleCases) {
  const result = fillOne(name, width, height, labels, construct);
  if (!result.ok) throw new Error(`${name}: no filling found`);
  if (!referenceMs) referenceMs = result.totalMs;
  const target = name.startsWith('100x100') ? `${result.totalMs < 10_000 && result.maxRssMb < 300 ? 'met' : 'MISSED'} (< 10 s, < 300 MB)` : '';
  console.log(
    `${name.padEnd(36)}${ms(result.fillMs).padStart(9)}${ms(result.totalMs).padStart(10)}${result.maxRssMb.toFixed(0).padStart(9)}   ${(result.totalMs / referenceMs).toFixed(2).padStart(17)}x   ${target}`,
  );
}
rmSync(scratch, { recursive: true, force: true });
