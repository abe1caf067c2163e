// What the packages' benchmarks (bench/run.mjs, bench/search.mjs) share: whole processes timed under
// bash's `time`, commands run interleaved for several rounds with the best time kept (these machines
// are noisy), and the in-process search timed the way a native reference times its own.
import { execFileSync, spawnSync } from 'node:child_process';

/**
 * Builds a C reference program (`cc -O2 -march=native`); false, with the compiler's first line said,
 * where it cannot be built here (the benchmark then leaves its rows out).
 * @param {string} source
 * @param {string} binary
 * @returns {boolean}
 */
export function buildC(source, binary) {
  try {
    execFileSync('cc', ['-O2', '-march=native', '-o', binary, source], { stdio: 'pipe' });
    return true;
  } catch (error) {
    const said = String(error.stderr ?? error.message)
      .trim()
      .split('\n')[0];
    console.log(`reference skipped: cc failed (${said})`);
    return false;
  }
}

const quote = (arg) => `'${String(arg).replaceAll("'", "'\\''")}'`;

/**
 * One whole process under bash's `time`: wall and CPU seconds, and what it printed.
 * @param {string} command
 * @param {readonly string[]} args
 * @param {string} cwd
 * @returns {{ wall: number, cpu: number, stdout: string }}
 */
export function timeProcess(command, args, cwd) {
  const run = spawnSync('bash', ['-c', `TIMEFORMAT='%R %U %S'; time ( ${[command, ...args].map(quote).join(' ')} )`], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  if (run.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${run.status}): ${run.stderr}`);
  const [wall, user, sys] = run.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  return { wall, cpu: user + sys, stdout: run.stdout };
}

/**
 * The last line of `stdout` that is a JSON object (the kit's `done` line, search.mjs's line), parsed.
 * @param {string} stdout
 * @returns {Record<string, unknown> | undefined}
 */
export function lastJsonLine(stdout) {
  const json = stdout
    .trim()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .pop();
  return json === undefined ? undefined : JSON.parse(json);
}

/**
 * @typedef {{ solutions?: number, tries?: number, seconds?: number, cpuSeconds?: number }} Counts
 * @typedef {{ wall: number, cpu: number, inProcess: number, inProcessCpu: number, solutions?: number, tries?: number }} Best
 */

/**
 * Runs the entries interleaved for `rounds` rounds: the best wall and CPU seconds of each, and the
 * best of the seconds it reported itself (`seconds`, `cpuSeconds`), with the counts of its first run.
 * `countsOf` reads a run's output; `check` throws when the counts are not the expected ones.
 * @template {{ name: string, command: string, args: readonly string[] }} Entry
 * @param {readonly Entry[]} entries
 * @param {number} rounds
 * @param {{ cwd: string, countsOf: (stdout: string) => Counts, check: (entry: Entry, counts: Counts, stdout: string) => void }} how
 * @returns {Map<string, Best>}
 */
export function bestOfRounds(entries, rounds, { cwd, countsOf, check }) {
  const best = new Map();
  for (let round = 0; round < rounds; round++) {
    for (const entry of entries) {
      const run = timeProcess(entry.command, entry.args, cwd);
      const counts = countsOf(run.stdout);
      check(entry, counts, run.stdout);
      // The first run's counts; its own seconds are kept only as the bests below.
      const { seconds: _seconds, cpuSeconds: _cpuSeconds, ...firstCounts } = counts;
      const b = best.get(entry.name) ?? { ...firstCounts, wall: Infinity, cpu: Infinity, inProcess: Infinity, inProcessCpu: Infinity };
      b.wall = Math.min(b.wall, run.wall);
      b.cpu = Math.min(b.cpu, run.cpu);
      if (counts.seconds !== undefined) b.inProcess = Math.min(b.inProcess, counts.seconds);
      if (counts.cpuSeconds !== undefined) b.inProcessCpu = Math.min(b.inProcessCpu, counts.cpuSeconds);
      best.set(entry.name, b);
    }
  }
  return best;
}

/**
 * Times `prepare()` and then `run(prepared)` on this thread (wall and this process's CPU, the imports
 * already done, as a native reference's own `secs`) and prints the result as one JSON line.
 * @template P
 * @param {() => P & { kernel?: string }} prepare
 * @param {(prepared: P) => { solutions: number, tries: number }} run
 */
export function printTimedSearch(prepare, run) {
  const cpuStarted = process.cpuUsage();
  const started = performance.now();
  const prepared = prepare();
  const ready = performance.now();
  const result = run(prepared);
  const done = performance.now();
  const cpu = process.cpuUsage(cpuStarted);
  console.log(
    JSON.stringify({
      solutions: result.solutions,
      tries: result.tries,
      kernel: prepared.kernel,
      seconds: (done - started) / 1000,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      prepareSeconds: (ready - started) / 1000,
    }),
  );
}
