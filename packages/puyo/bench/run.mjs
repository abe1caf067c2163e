// Simulates the seed's 19-chain with the bitboard simulator 1,000,000 times and with the plain
// flood-fill simulator (fewer times: it is ~100x slower), in the same process, and prints both
// rates and their ratio. Rates are per wall second and per CPU second of this process; on a shared
// machine the CPU figure is steadier, and the best 100,000-run slice shows the rate when this
// process had a core to itself. Then chain-puzzle solve times (bench/nazo.mjs).
// Usage: node bench/run.mjs [fastRuns] [plainRuns]
import { readFileSync } from 'node:fs';
import { nazoBench } from './nazo.mjs';
import { boardFromGrid, createBoard, createResult, gridFromField, parseField, runChain, simulateBoard } from '../dist/index.js';

const fastRuns = Number(process.argv[2] ?? 1_000_000);
const plainRuns = Number(process.argv[3] ?? 20_000);
const field = parseField(readFileSync(new URL('../test/fixtures/seq19.dat', import.meta.url), 'utf8'));

const SLICE = 100_000;

function measure(runs, once) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  let best = 0;
  for (let done = 0; done < runs; ) {
    const slice = Math.min(SLICE, runs - done);
    const sliceCpu = process.cpuUsage();
    for (let i = 0; i < slice; i++) once();
    const sliceUsed = process.cpuUsage(sliceCpu);
    if (slice === SLICE) best = Math.max(best, (slice / (sliceUsed.user + sliceUsed.system)) * 1e6);
    done += slice;
  }
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  return { perWall: (runs / wallMs) * 1000, perCpu: (runs / cpuMs) * 1000, best };
}

const start = boardFromGrid(gridFromField(field));
const board = createBoard();
const result = createResult();
const fastOnce = () => {
  board.set(start);
  simulateBoard(board, result);
};
const startGrid = gridFromField(field);
const grid = new Uint8Array(startGrid.length);
let plainChains = 0;
let plainScore = 0;
const plainOnce = () => {
  grid.set(startGrid);
  const out = runChain(grid);
  plainChains = out.chains;
  plainScore = out.score;
};

measure(Math.min(fastRuns, 50_000), fastOnce); // warm up the JIT
measure(Math.min(plainRuns, 1_000), plainOnce);
const fast = measure(fastRuns, fastOnce);
const plain = measure(plainRuns, plainOnce);
if (result.chains !== 19 || result.score !== 175080 || plainChains !== 19 || plainScore !== 175080) {
  throw new Error(`wrong result: fast ${result.chains}/${result.score}, plain ${plainChains}/${plainScore}`);
}
const fmt = (n) => Math.round(n).toLocaleString('en-US');
console.log(`seq19 (19 chains, 175080 points): fast x${fmt(fastRuns)}, plain x${fmt(plainRuns)}`);
console.log(`fast  (bitboard):   ${fmt(fast.perWall)} simulations/s wall, ${fmt(fast.perCpu)} /s CPU, best slice ${fmt(fast.best)} /s CPU`);
console.log(`plain (flood fill): ${fmt(plain.perWall)} simulations/s wall, ${fmt(plain.perCpu)} /s CPU`);
console.log(`ratio fast/plain: ${(fast.perCpu / plain.perCpu).toFixed(1)}x (CPU), ${(fast.perWall / plain.perWall).toFixed(1)}x (wall)`);
console.log(`target 430,000/s (a third of 1.3 M/s): ${fast.perCpu >= 430_000 ? 'met' : 'not met'} over the whole run, ${fast.best >= 430_000 ? 'met' : 'not met'} in the best slice (CPU rates)`);
console.log('');
nazoBench();
