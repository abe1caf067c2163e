// Puyo simulations per second, one core, measured in one run: the seed's 19-chain and two 7-chain
// fields, each simulated from a fresh copy again and again by
//   plain     the flood-fill simulator (runChain),
//   js        the JavaScript bitboard simulator (simulateBoardJs, the engine where WebAssembly SIMD is missing),
//   wasm      simulateBoard (WebAssembly SIMD), one call a simulation, as a search calls it,
//   batch     simulateBoards, 512 simulations a call,
//   C         bench/ref/simd_chain.c, a native SSE/BMI2 simulator in puyoai's manner, built here with
//             `cc -O2 -march=native` and run as its own process.
// Rates are per CPU second of the measuring process (steadier than wall time on a shared machine).
// The engines take turns for several rounds; each rate is the median of its rounds, so load that
// comes and goes hits them alike. Every engine's chains and score are checked against the plain one.
// Then chain-puzzle solve times against the same search on the plain simulator (bench/nazo.mjs).
// Usage: node bench/run.mjs [rounds=5] [secondsPerMeasure=0.25]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BOARD_SIZE, boardFromGrid, createBoard, createResult, fastEngine, gridFromField, parseField, runChain, simulate,
  simulateBoard, simulateBoards,
} from '../dist/index.js';
import { simulateBoardJs } from '../dist/bitboard.js';
import { nazoBench } from './nazo.mjs';

const rounds = Number(process.argv[2] ?? 5);
const seconds = Number(process.argv[3] ?? 0.25);
const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const FIELDS = [
  { name: 'seq19 (19-chain)', path: here('../test/fixtures/seq19.dat') },
  { name: 'chain7-a (7-chain)', path: here('./fields/chain7-a.txt') },
  { name: 'chain7-b (7-chain)', path: here('./fields/chain7-b.txt') },
];

/** Runs `chunk` (which does `per` simulations) until `seconds` of CPU have passed; simulations per CPU second. */
function rate(chunk, per) {
  const start = process.cpuUsage();
  let runs = 0;
  let used = 0;
  do {
    chunk();
    runs += per;
    const now = process.cpuUsage(start);
    used = (now.user + now.system) / 1e6;
  } while (used < seconds);
  return runs / used;
}

function engines(field) {
  const start = boardFromGrid(gridFromField(field));
  const startGrid = gridFromField(field);
  const grid = new Uint8Array(startGrid.length);
  const board = createBoard();
  const result = createResult();
  const BATCH = 512;
  const boards = new Int32Array(BATCH * BOARD_SIZE);
  const results = new Int32Array(BATCH * 3);
  let last = { chains: 0, score: 0 };
  return {
    plain: () =>
      rate(() => {
        for (let i = 0; i < 20; i++) {
          grid.set(startGrid);
          last = runChain(grid);
        }
      }, 20),
    js: () =>
      rate(() => {
        for (let i = 0; i < 10_000; i++) {
          board.set(start);
          simulateBoardJs(board, result);
        }
        last = { chains: result.chains, score: result.score };
      }, 10_000),
    wasm: () =>
      rate(() => {
        for (let i = 0; i < 10_000; i++) {
          board.set(start);
          simulateBoard(board, result);
        }
        last = { chains: result.chains, score: result.score };
      }, 10_000),
    batch: () =>
      rate(() => {
        for (let k = 0; k < 20; k++) {
          for (let i = 0; i < BATCH; i++) boards.set(start, i * BOARD_SIZE);
          simulateBoards(boards, results);
        }
        last = { chains: results[3 * (BATCH - 1)], score: results[3 * (BATCH - 1) + 1] };
      }, 20 * BATCH),
    last: () => last,
  };
}

function buildReference() {
  const dir = mkdtempSync(join(tmpdir(), 'puyo-bench-'));
  const binary = join(dir, 'simd_chain');
  try {
    execFileSync('cc', ['-O2', '-march=native', '-o', binary, here('./ref/simd_chain.c')], { stdio: ['ignore', 'ignore', 'pipe'] });
    return { binary, dir };
  } catch (error) {
    console.log(`C reference not built (cc -O2 -march=native failed: ${String(error.stderr ?? error.message).trim().split('\n')[0]})`);
    return { binary: undefined, dir };
  }
}

function runReference(binary, path) {
  const out = spawnSync(binary, [String(seconds), path], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`C reference failed: ${out.stderr}`);
  return JSON.parse(out.stdout);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const { binary, dir } = buildReference();
const names = ['plain', 'js', 'wasm', 'batch', ...(binary ? ['C'] : [])];
const rows = FIELDS.map(({ name, path }) => {
  const field = parseField(readFileSync(path, 'utf8'));
  const expected = simulate(field);
  return { name, path, expected, run: engines(field), rates: Object.fromEntries(names.map((n) => [n, []])) };
});

try {
  for (const row of rows) {
    row.run.js();
    row.run.wasm();
    row.run.batch(); // JIT and wasm tier-up before anything counts
  }
  for (let round = 0; round < rounds; round++) {
    for (const row of rows) {
      for (const engine of names) {
        if (engine === 'C') {
          const ref = runReference(binary, row.path);
          const want = [row.expected.chains, row.expected.score, row.expected.cleared, row.expected.allClear];
          const got = [ref.chains, ref.score, ref.cleared, ref.allClear];
          if (got.join() !== want.join()) throw new Error(`${row.name}: C reference gives ${got}, plain ${want}`);
          row.rates.C.push(ref.perCpu);
          continue;
        }
        row.rates[engine].push(row.run[engine]());
        const { chains, score } = row.run.last();
        if (chains !== row.expected.chains || score !== row.expected.score) {
          throw new Error(`${row.name}: ${engine} gives ${chains} chains ${score} points, plain ${row.expected.chains} / ${row.expected.score}`);
        }
      }
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const fmt = (n) => Math.round(n).toLocaleString('en-US');
console.log(`Puyo simulations per CPU second, median of ${rounds} rounds of ${seconds} s each; simulateBoard engine: ${fastEngine()}`);
const header = ['field', ...names.map((n) => (n === 'C' ? 'C ref' : n)), ...(binary ? ['wasm/C', 'batch/C', 'js/C'] : []), 'wasm/js'];
const table = rows.map((row) => {
  const m = Object.fromEntries(names.map((n) => [n, median(row.rates[n])]));
  const cells = [row.name, ...names.map((n) => fmt(m[n]))];
  if (binary) cells.push(`${(m.wasm / m.C).toFixed(2)}x`, `${(m.batch / m.C).toFixed(2)}x`, `${(m.js / m.C).toFixed(2)}x`);
  cells.push(`${(m.wasm / m.js).toFixed(2)}x`);
  row.median = m;
  return cells;
});
const widths = header.map((h, i) => Math.max(h.length, ...table.map((cells) => cells[i].length)));
for (const cells of [header, ...table]) console.log(cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  '));
if (binary) {
  const worst = Math.min(...rows.map((row) => row.median.wasm / row.median.C));
  console.log(`target: simulateBoard >= 0.75x the C reference on every field: ${worst >= 0.75 ? 'met' : 'not met'} (worst ${worst.toFixed(2)}x)`);
}
console.log('');
nazoBench();
