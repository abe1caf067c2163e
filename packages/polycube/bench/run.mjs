#!/usr/bin/env node
// The polycube benchmark, timed in one run side by side with a plain dancing-links packer
// (bench/ref/dlx.c, built here with cc -O2 -march=native) on the same exact-cover problems:
//  1. the search in process (bench/search.mjs: prepare + search after the imports) against dlx's own
//     `secs`;
//  2. whole processes: `kit run polycube ... --count` with one and two threads, against dlx as a
//     whole process (reading the problem the kit compiled);
//  3. with KIT_BURRTXT=path/to/burrTxt, BurrTools' text-mode solver on the same puzzles as
//     .xmpuzzle files (`burrTxt -q`), as a whole process.
// The commands run interleaved, several rounds, and the best time counts (the long cases, 3x4x5,
// the Bedlam cube and the Tetris Cube, one round unless BENCH_LONG_ROUNDS says more). Wall and CPU
// seconds are both shown; on a loaded machine the CPU ratios are the steadier ones. The last lines
// sum up the aim: a one-thread kit run against burrTxt, CPU seconds measured in the same run (or,
// said plainly, against stated figures when KIT_BURRTXT is not set).
// Usage: node bench/run.mjs [CASE...]   (BENCH_ROUNDS=3 by default; BENCH_SKIP=dlx,threads2)
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bestOfRounds, buildC, lastJsonLine } from '@kit/tooling/bench';
import { CASES, puzzleOf } from './cases.mjs';
import { exactCover } from './matrix.mjs';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(packageDir, '..', '..');
const cli = join(repoRoot, 'apps', 'cli', 'dist', 'bin.cjs');
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const longRounds = Number(process.env.BENCH_LONG_ROUNDS ?? 1);
const node = process.execPath;
const wanted = process.argv.slice(2);
// BENCH_SKIP=dlx,threads2 leaves those rows out (the long cases take minutes each).
const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const cases = wanted.length > 0 ? CASES.filter((c) => wanted.includes(c.name)) : CASES;
const work = mkdtempSync(join(tmpdir(), 'kit-polycube-bench-'));

function buildReference() {
  const binary = join(work, 'dlx');
  return buildC(join(packageDir, 'bench', 'ref', 'dlx.c'), binary) ? binary : undefined;
}

/** A case as a BurrTools puzzle: the result first, then each piece once. */
function xmpuzzle(testCase) {
  const { target, pieces } = puzzleOf(testCase);
  const voxel = (size, filled, name) => {
    let states = '';
    for (let z = 0; z < size[2]; z++) for (let y = 0; y < size[1]; y++) for (let x = 0; x < size[0]; x++) states += filled(x, y, z) ? '#' : '_';
    return `  <voxel x="${size[0]}" y="${size[1]}" z="${size[2]}" name="${name}" type="0">${states}</voxel>`;
  };
  const shapes = [voxel([target.layers[0][0].length, target.layers[0].length, target.layers.length], (x, y, z) => target.layers[z][y][x] === '.', 'Result')];
  for (const kind of pieces.kinds) {
    const size = [0, 1, 2].map((i) => Math.max(...kind.shape.map((v) => v[i])) + 1);
    const cubes = new Set(kind.shape.map((v) => v.join(',')));
    shapes.push(voxel(size, (x, y, z) => cubes.has(`${x},${y},${z}`), kind.name));
  }
  const parts = pieces.kinds.map((kind, i) => `    <shape id="${i + 1}" count="${kind.max}"/>`);
  return `<?xml version="1.0"?>\n<puzzle version="2">\n <gridType type="0"/>\n <colors/>\n <shapes>\n${shapes.join('\n')}\n </shapes>\n <problems>\n  <problem name="${testCase.name}" state="0">\n   <shapes>\n${parts.join('\n')}\n   </shapes>\n   <result id="0"/>\n   <bitmap/>\n  </problem>\n </problems>\n <comment/>\n</puzzle>\n`;
}

/** Counts from the kit's JSON `done` line, dlx's `solutions=… secs=…`, or burrTxt's summary. */
function countsOf(stdout) {
  const json = lastJsonLine(stdout);
  if (json) return json;
  const dlx = /solutions=(\d+) tries=(\d+) secs=([\d.]+)/.exec(stdout);
  if (dlx) return { solutions: Number(dlx[1]), tries: Number(dlx[2]), seconds: Number(dlx[3]) };
  const burr = /(\d+) assemblies and \d+ solutions found with (\d+) iterations/.exec(stdout);
  return burr ? { solutions: Number(burr[1]), tries: Number(burr[2]) } : {};
}

/** Runs the entries interleaved; best wall, CPU and in-process seconds of each. */
function measure(entries, count) {
  return bestOfRounds(entries, count, {
    cwd: repoRoot,
    countsOf,
    check(entry, counts, stdout) {
      if (counts.solutions !== entry.solutions) throw new Error(`${entry.name}: expected ${entry.solutions} solutions, got ${stdout}`);
      // The kit's tries are behaviour too (tooling/reference-counts.json), the same on one thread or two.
      if (entry.tries !== undefined && counts.tries !== entry.tries) throw new Error(`${entry.name}: expected ${entry.tries} tries, got ${stdout}`);
    },
  });
}

const ratio = (a, b) => `${(a / b).toFixed(2)}x`;
const s = (seconds) => `${seconds.toFixed(3)} s`;

try {
  const dlx = skip.has('dlx') ? undefined : buildReference();
  const burrTxt = process.env.KIT_BURRTXT && existsSync(process.env.KIT_BURRTXT) ? process.env.KIT_BURRTXT : undefined;
  if (!existsSync(cli)) throw new Error(`kit CLI not built (${cli}): run pnpm build first`);
  console.log(
    `load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} on this machine; best of ${rounds} interleaved rounds (${longRounds} for 3x4x5, Bedlam and the Tetris Cube)`,
  );
  console.log(
    burrTxt
      ? `burrTxt: ${burrTxt}, measured in this run`
      : 'burrTxt: NOT MEASURED: KIT_BURRTXT is not set (or names no file). The burrTxt ratios below are against the CPU seconds stated in bench/cases.mjs, not measured here',
  );
  console.log('');
  const summary = [];
  for (const testCase of cases) {
    const matrix = join(work, `${testCase.name}.dlx`);
    writeFileSync(matrix, exactCover(testCase));
    const puzzleFile = join(work, `${testCase.name}.xmpuzzle`);
    writeFileSync(puzzleFile, xmpuzzle(testCase));
    const kit = (threads) => ({ command: node, args: [cli, 'run', 'polycube', ...testCase.args, '--count', '--json', '--threads', String(threads)] });
    const entries = [
      { name: 'kit in process', command: node, args: [join(packageDir, 'bench', 'search.mjs'), testCase.name] },
      { name: 'kit --threads 1', ...kit(1) },
      ...(skip.has('threads2') ? [] : [{ name: 'kit --threads 2', ...kit(2) }]),
      ...(dlx ? [{ name: 'dlx', command: dlx, args: [matrix] }] : []),
      ...(burrTxt ? [{ name: 'burrTxt', command: burrTxt, args: ['-q', puzzleFile] }] : []),
    ].map((entry) => ({ ...entry, solutions: testCase.solutions, tries: entry.name.startsWith('kit') ? testCase.tries : undefined }));
    const best = measure(entries, testCase.long ? longRounds : rounds);
    const ref = best.get('dlx');
    const burr = best.get('burrTxt');
    const burrCpu = burr ? burr.cpu : testCase.burrTxt;
    console.log(`${testCase.name}: ${testCase.solutions} solutions`);
    for (const entry of entries) {
      const b = best.get(entry.name);
      const inProcess = entry.name === 'kit in process';
      const wall = inProcess ? b.inProcess : b.wall;
      const cpu = inProcess ? b.inProcessCpu : b.cpu;
      // Ratios are this row's time over the reference's: below 1 is faster.
      const vsDlx = ref && entry.name !== 'dlx' ? `  ${ratio(wall, inProcess ? ref.inProcess : ref.wall)} dlx's wall` : '';
      const vsBurr = entry.name !== 'burrTxt' ? `, ${ratio(cpu, burrCpu)} burrTxt's CPU` : '';
      const tries = b.tries !== undefined ? `  ${b.tries} ${entry.name === 'burrTxt' ? 'iterations' : 'tries'}` : '';
      console.log(`  ${entry.name.padEnd(16)} ${s(wall)} wall, ${s(cpu)} CPU${vsDlx}${vsBurr}${tries}`);
    }
    if (ref) console.log(`  ${'dlx in process'.padEnd(16)} ${s(ref.inProcess)} wall`);
    console.log('');
    const whole = best.get('kit --threads 1');
    summary.push({ name: testCase.name, kit: whole.cpu, search: best.get('kit in process').inProcessCpu, burr: burrCpu, measured: burr !== undefined });
  }
  // The aim (issue 32): a whole one-thread kit run at least ten times faster than burrTxt in CPU.
  console.log(
    burrTxt
      ? 'Against burrTxt, CPU seconds, one thread, both measured in this run:'
      : 'Against burrTxt: NOT MEASURED in this run (KIT_BURRTXT is not set); stated figures:',
  );
  for (const row of summary) {
    const times = row.burr / row.kit;
    const verdict = times >= 1 ? `${times.toFixed(1)}x faster${times >= 10 ? '' : ', short of 10x'}` : `${(1 / times).toFixed(1)}x slower`;
    console.log(
      `  ${row.name.padEnd(8)} kit --threads 1 ${s(row.kit)} (search in process ${s(row.search)}), burrTxt ${s(row.burr)}${row.measured ? '' : ' (stated)'}: ${verdict}`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
