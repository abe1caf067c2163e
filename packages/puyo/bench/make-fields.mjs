// Makes the benchmark's 7-chain fields (bench/fields/*.txt): a random settled field of four colours
// is mutated cell by cell, keeping a change when the chain does not get shorter and every step still
// pops exactly one group, until the chain is `chains` long, as a built-up chain in real play is.
// Deterministic for a seed. Usage: node bench/make-fields.mjs SEED [chains=7] > bench/fields/NAME.txt
import { parseField, simulate } from '../dist/index.js';

const seed = Number(process.argv[2] ?? 1);
const target = Number(process.argv[3] ?? 7);
let state = seed >>> 0 || 1;
const random = (n) => {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0) % n;
};
const COLOURS = 'RGBY';
const heights = [9, 10, 8, 7, 9, 10].map((h) => h - random(3));
const columns = heights.map((h) => Array.from({ length: h }, () => COLOURS[random(4)]));
const text = () => Array.from({ length: 12 }, (_, i) => columns.map((column) => column[11 - i] ?? '.').join('')).join('\n');
const score = () => {
  const result = simulate(parseField(text()));
  if (result.breakdown.some((step) => step.groups.length !== 1)) return -1;
  return result.chains;
};
let best = score();
for (let tries = 0; best !== target && tries < 2_000_000; tries++) {
  const x = random(6);
  const column = columns[x];
  const y = random(column.length);
  const old = column[y];
  column[y] = COLOURS[random(4)];
  const now = score();
  if (now >= best && now <= target) best = now;
  else column[y] = old;
}
if (best !== target) throw new Error(`no ${target}-chain from seed ${seed}`);
console.log(text());
