#!/usr/bin/env node
// The pentomino benchmark, timed in one run side by side with the native reference solver
// (shared/bench/polyref.c next to the repository or a folder above it, or $KIT_POLYREF; built here
// with cc -O2 -march=native):
//  1. the 6x10 distinct search in process (bench/search.mjs: prepare + search after the imports)
//     against polyref's own in-process `secs`, for the WebAssembly and the JavaScript kernel;
//  2. whole processes: `kit run pentomino --size 6 --count` on one thread, and `--all` on one and two
//     threads, against polyref as a whole process; with bench/search.mjs as a whole process (Node,
//     the package's import, prepare and search: the floor under any CLI) and `node -e 0`.
// Machines are noisy: the commands run interleaved, several rounds, and the best time counts. Wall
// and CPU seconds are both shown; on a loaded machine the CPU ratios are the steadier ones.
// Usage: node bench/run.mjs (BENCH_ROUNDS=5 by default).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { bestOfRounds, buildC, lastJsonLine } from '@kit/tooling/bench';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(packageDir, '..', '..');
/** shared/bench/polyref.c beside the repository or beside a folder above it (worktrees live deeper). */
function findReference() {
  if (process.env.KIT_POLYREF) return process.env.KIT_POLYREF;
  for (let dir = resolve(repoRoot, '..'); ; dir = dirname(dir)) {
    const candidate = join(dir, 'shared', 'bench', 'polyref.c');
    if (existsSync(candidate) || dirname(dir) === dir) return candidate;
  }
}
const referenceSource = findReference();
const cli = join(repoRoot, 'apps', 'cli', 'dist', 'bin.cjs');
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const node = process.execPath;

function buildReference() {
  if (!existsSync(referenceSource)) {
    console.log(`reference skipped: ${referenceSource} not found`);
    return undefined;
  }
  const dir = mkdtempSync(join(tmpdir(), 'kit-pentomino-bench-'));
  const binary = join(dir, 'polyref');
  if (!buildC(referenceSource, binary)) {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  return { binary, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Counts from the kit's JSON `done` line, polyref's `solutions=… tries=…`, or search.mjs's line. */
function countsOf(stdout) {
  const json = lastJsonLine(stdout);
  if (json) return json;
  const match = /solutions=(\d+) tries=(\d+)(?: secs=([\d.]+))?/.exec(stdout);
  return match ? { solutions: Number(match[1]), tries: Number(match[2]), seconds: Number(match[3]) } : {};
}

/** Runs the entries interleaved for `rounds` rounds; best wall, CPU and in-process seconds of each. */
function measure(entries) {
  return bestOfRounds(entries, rounds, {
    cwd: repoRoot,
    countsOf,
    check(entry, counts, stdout) {
      if (entry.expect && (counts.solutions !== entry.expect.solutions || counts.tries !== entry.expect.tries)) {
        throw new Error(`${entry.name}: expected ${JSON.stringify(entry.expect)}, got ${stdout}`);
      }
    },
  });
}

const ratio = (a, b) => `${(a / b).toFixed(2)}x`;
const s = (seconds) => `${seconds.toFixed(3)} s`;

const reference = buildReference();
const hasCli = existsSync(cli);
if (!hasCli) console.log(`kit CLI not built (${cli}): its rows are skipped`);
console.log(
  `best of ${rounds} interleaved rounds; load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')} on this machine\n`,
);
// Read, not imported: Node 20 warns on JSON modules, and the warning would land among the figures.
const { pentomino } = createRequire(import.meta.url)('@kit/tooling/reference-counts.json');
const DISTINCT = { solutions: pentomino['6x10'].distinct, tries: pentomino['6x10'].tries };
const ALL = { solutions: pentomino['6x10'].all, tries: pentomino['6x10'].allTries };
try {
  // 1. The search in process.
  const search = join(packageDir, 'bench', 'search.mjs');
  const inProcess = measure([
    ...(reference ? [{ name: 'polyref', command: reference.binary, args: ['-b', '6x10', '-m', 'xfirst'], expect: DISTINCT }] : []),
    { name: 'wasm', command: node, args: [search, '--size', '6', '--kernel', 'wasm'], expect: DISTINCT },
    { name: 'js', command: node, args: [search, '--size', '6', '--kernel', 'js'], expect: DISTINCT },
  ]);
  console.log('6x10 distinct, search in process (prepare + search; polyref: its own secs, CPU: its whole process)');
  const ref = inProcess.get('polyref');
  for (const [name, label] of [
    ['wasm', 'WebAssembly kernel'],
    ['js', 'JavaScript kernel'],
  ]) {
    const b = inProcess.get(name);
    const vs = ref ? `  ${ratio(b.inProcess, ref.inProcess)} wall, ${ratio(b.inProcessCpu, ref.cpu)} CPU vs polyref (target for WebAssembly <= 1.25x)` : '';
    console.log(`  ${label.padEnd(20)} ${s(b.inProcess)} wall, ${s(b.inProcessCpu)} CPU${vs}`);
  }
  if (ref) console.log(`  ${'polyref'.padEnd(20)} ${s(ref.inProcess)} wall, ${s(ref.cpu)} CPU`);
  console.log('');

  // 2. Whole processes.
  if (hasCli) {
    const kit = (args) => ({ command: node, args: [cli, 'run', 'pentomino', '--size', '6', '--count', '--json', ...args] });
    const groups = [
      {
        title: '6x10 distinct, whole processes',
        entries: [
          ...(reference ? [{ name: 'polyref -m xfirst', command: reference.binary, args: ['-b', '6x10', '-m', 'xfirst'], expect: DISTINCT }] : []),
          { name: 'kit --threads 1', ...kit(['--threads', '1']), expect: DISTINCT, target: 2.5 },
          { name: 'kit --threads 2', ...kit(['--threads', '2']), expect: DISTINCT },
          // The floor under the kit rows: Node, importing this package, prepare and search, no CLI.
          { name: 'no CLI: bench/search.mjs', command: node, args: [search, '--size', '6'], expect: DISTINCT },
          { name: 'node -e 0', command: node, args: ['-e', '0'] },
        ],
      },
      {
        title: '6x10 --all (every packing), whole processes',
        entries: [
          ...(reference ? [{ name: 'polyref -m raw', command: reference.binary, args: ['-b', '6x10', '-m', 'raw'], expect: ALL }] : []),
          { name: 'kit --all --threads 2', ...kit(['--all', '--threads', '2']), expect: ALL, target: 0.8 },
          { name: 'kit --all --threads 1', ...kit(['--all', '--threads', '1']), expect: ALL },
        ],
      },
    ];
    for (const group of groups) {
      const best = measure(group.entries);
      const refEntry = group.entries.find((entry) => entry.name.startsWith('polyref'));
      const refBest = refEntry && best.get(refEntry.name);
      console.log(group.title);
      for (const entry of group.entries) {
        const b = best.get(entry.name);
        const vs =
          refBest && entry !== refEntry
            ? `  ${ratio(b.wall, refBest.wall)} wall, ${ratio(b.cpu, refBest.cpu)} CPU vs polyref${entry.target ? ` (target <= ${entry.target}x wall)` : ''}`
            : '';
        console.log(`  ${entry.name.padEnd(24)} ${s(b.wall)} wall, ${s(b.cpu)} CPU${vs}`);
      }
      console.log('');
    }
  }
} finally {
  reference?.cleanup();
}
