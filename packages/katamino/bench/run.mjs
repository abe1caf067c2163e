// The Katamino sweep benchmark: every N-piece set on the 5 x N board for N = 3..12, distinct tilings,
// timed as whole processes in the same run: the kit with all cores and with one thread, against the
// native reference (../shared/bench/polyref.c, built here with cc -O2 -march=native; `-k 3-12`).
// Prints wall and CPU seconds (best of the runs) and the ratios kit/reference. On a shared machine
// the CPU figures are the steadier ones. Usage: node bench/run.mjs [runs]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const runs = Number(process.argv[2] ?? 3);
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = join(packageDir, '..', '..');
// shared/ beside the repository or beside a folder above it (worktrees live deeper).
let shared = join(repoRoot, '..', 'shared');
for (let dir = join(repoRoot, '..'); !existsSync(join(shared, 'bench', 'polyref.c')) && dirname(dir) !== dir; dir = dirname(dir))
  shared = join(dirname(dir), 'shared');
const cli = join(repoRoot, 'apps', 'cli', 'dist', 'bin.cjs');
// Read, not imported: Node 20 warns on JSON modules, and the warning would land among the figures.
const { katamino } = createRequire(import.meta.url)('@kit/tooling/reference-counts.json');
const EXPECTED = { subsets: katamino['sweep 3-12'].subsets, solutions: katamino['sweep 3-12'].distinct };

/** Runs a command under bash's `time`; returns its stdout and wall/CPU seconds. */
function timed(command) {
  const run = spawnSync('bash', ['-c', `TIMEFORMAT='%R %U %S'; time ( ${command} )`], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (run.status !== 0) throw new Error(`${command} failed (${run.status}): ${run.stderr}`);
  const [real, user, sys] = run.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  return { stdout: run.stdout, wall: real, cpu: user + sys };
}

// The reference, built into a temporary directory.
let reference;
const source = join(shared, 'bench', 'polyref.c');
const tempDir = mkdtempSync(join(tmpdir(), 'katamino-bench-'));
if (!existsSync(source)) {
  console.log(`reference skipped: ${source} not found`);
} else {
  const binary = join(tempDir, 'polyref');
  const cc = spawnSync('cc', ['-O2', '-march=native', '-o', binary, source], { encoding: 'utf8' });
  if (cc.status !== 0) console.log(`reference skipped: cc failed: ${cc.error?.message ?? cc.stderr.trim()}`);
  else reference = `${binary} -k 3-12`;
}

// The kit: the CLI when it is built, else this package's API in a plain node process (one thread).
const kitCommand = (threads) =>
  existsSync(cli)
    ? `${process.execPath} ${cli} run katamino --n 3-12 --count --json${threads ? ` --threads ${threads}` : ''}`
    : `${process.execPath} --input-type=module -e "import { sweep } from '${join(packageDir, 'dist', 'index.js')}'; const r = sweep({ n: '3-12' }); console.log(JSON.stringify({ type: 'done', subsets: r.subsets.length, solutions: r.solutions }));"`;
if (!existsSync(cli)) console.log("kit CLI not built: timing this package's API in one node process (one thread only)");

function checkKit(stdout) {
  const done = JSON.parse(stdout.trim().split('\n').at(-1));
  if (done.subsets !== EXPECTED.subsets || done.solutions !== EXPECTED.solutions) throw new Error(`kit gave ${stdout}`);
}
function checkReference(stdout) {
  // Columns: N board subsets tiling_subsets distinct_sum raw_sum |G| secs
  const rows = stdout
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/));
  const sum = (col) => rows.reduce((n, row) => n + Number(row[col]), 0);
  if (sum(3) !== EXPECTED.subsets || sum(4) !== EXPECTED.solutions || stdout.includes('MISMATCH')) throw new Error(`reference gave ${stdout}`);
}

const cases = [
  { name: `kit, all cores (${availableParallelism()})`, command: kitCommand(existsSync(cli) ? undefined : 0), check: checkKit, skip: !existsSync(cli) },
  { name: 'kit, --threads 1', command: kitCommand(existsSync(cli) ? 1 : 0), check: checkKit },
  ...(reference ? [{ name: 'reference polyref -k 3-12', command: reference, check: checkReference }] : []),
].filter((c) => !c.skip);

const best = new Map(cases.map((c) => [c.name, { wall: Infinity, cpu: Infinity }]));
for (let i = 0; i < runs; i++) {
  // Interleaved, so a burst of load elsewhere hits every contender alike.
  for (const c of cases) {
    const { stdout, wall, cpu } = timed(c.command);
    c.check(stdout);
    const b = best.get(c.name);
    b.wall = Math.min(b.wall, wall);
    b.cpu = Math.min(b.cpu, cpu);
  }
}
rmSync(tempDir, { recursive: true, force: true });

console.log(`Katamino sweep N=3..12 (${EXPECTED.subsets} tiling sets, ${EXPECTED.solutions} distinct tilings), best of ${runs}, whole processes`);
for (const c of cases) {
  const b = best.get(c.name);
  console.log(`  ${c.name.padEnd(32)} wall ${b.wall.toFixed(3)} s   CPU ${b.cpu.toFixed(3)} s`);
}
const ref = reference && best.get('reference polyref -k 3-12');
if (ref) {
  for (const c of cases.filter((c) => c.name.startsWith('kit'))) {
    const b = best.get(c.name);
    console.log(`  ratio ${c.name} / reference: wall ${(b.wall / ref.wall).toFixed(2)}x, CPU ${(b.cpu / ref.cpu).toFixed(2)}x`);
  }
  const all = [...best].find(([name]) => name.startsWith('kit, all'))?.[1];
  if (all) console.log(`  target: kit with all cores within 1.5x of the reference (wall): ${all.wall <= 1.5 * ref.wall ? 'met' : 'not met'}`);
}
