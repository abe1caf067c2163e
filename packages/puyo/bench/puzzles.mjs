// Chain puzzles of puyo2's lists (test/pnsolve/level*/list of wata-gh/puyo2: ips.karou.jp params,
// FIELD_PAIRS__GOAL), solved by the kit's search and by a peer solver (puyo2's pnsolve, built outside
// this repository) in the same run, puzzle by puzzle in turn; totals per goal kind.
// The lists are data read at run time from --lists DIR (default /work/ref/puyo2/test/pnsolve); without
// them the bench says so and skips. pnsolve is --pnsolve PATH (default /work/ref/bin/pnsolve); without it
// only the kit's times are printed. The kit is timed in this process (CPU time of the search, all
// answers found and described); pnsolve as a process (CPU time, user + system), less its start-up: the
// least CPU time of 5 runs on a one-pair puzzle, measured here first. Small puzzles (under 0.5 s) are
// timed best of 3.
// Usage: node bench/puzzles.mjs [--lists DIR] [--pnsolve PATH] [--kinds u,G,...] [--levels 8,9]
//   [--cap-factor N (0: none)] [--skip-logged RUN1.err,...] [--from-log RUN1.err,RUN2.err] [--write-readme]
// A long run can be split over processes with --levels, each one's stderr kept; --from-log then makes
// the table from those per-puzzle lines (the puzzles are not solved again). --skip-logged solves only
// the puzzles that the given logs do not have, so a run cut short (a session's end) can be taken up.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { decodeNazoLink, solveNazo } from '../dist/index.js';
import { decodeGoalCode, describeGoal } from '../dist/goal.js';
import { replaceSection } from './readme.mjs';
import { readRunLogs } from './run-logs.mjs';

const TARGET = 5;
/**
 * pnsolve is stopped once it has used this many times the kit's CPU time on the puzzle (and at least
 * CAP_FLOOR_SECONDS): past that the ratio is known to be at least the factor, well over the target, and
 * some puzzles take pnsolve many minutes. Its time then counts as a lower bound, and so does the ratio.
 */
const CAP_FACTOR = 10;
const CAP_FLOOR_SECONDS = 2;
const here = (path) => fileURLToPath(new URL(path, import.meta.url));

/** The puzzles of the lists: { level, param }, in list order. */
export function readLists(dir) {
  const levels = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^level\d+$/.test(entry.name) && existsSync(join(dir, entry.name, 'list')))
    .map((entry) => entry.name)
    .sort((a, b) => Number(a.slice(5)) - Number(b.slice(5)));
  const puzzles = [];
  for (const level of levels) {
    for (const line of readFileSync(join(dir, level, 'list'), 'utf8').split('\n')) {
      const param = line.trim();
      // Data from outside: a param is the link's characters and nothing else.
      if (param === '') continue;
      if (!/^[0-9A-Za-z.\-_?]{1,200}$/.test(param)) throw new Error(`${level}/list: ${JSON.stringify(param.slice(0, 40))} is not a puzzle param`);
      puzzles.push({ level, param });
    }
  }
  return puzzles;
}

function cpuSeconds(run) {
  const start = process.cpuUsage();
  const value = run();
  const used = process.cpuUsage(start);
  return { value, seconds: (used.user + used.system) / 1e6 };
}

/** The kit's search on one puzzle: every answer, described (notation, field) as the CLI gets them. */
function kitSolve(puzzle) {
  let answers = 0;
  const stats = solveNazo(puzzle, { wantMoves: true, shouldStop: () => false, onSolution: () => answers++ });
  return { answers, tries: stats.tries };
}

/**
 * One pnsolve run, its CPU seconds: bash's `times` reports its child's user and system time. With
 * `capSeconds` the run is stopped (ulimit -t, SIGXCPU) once it has used that much CPU: `capped` then says
 * its time is a lower bound.
 */
function pnsolveTimed(binary, param, capSeconds) {
  // `bash -c 'BIN ...; times'` prints the shell's children's user and system time; the ulimit is set in a
  // subshell so that only pnsolve runs under it.
  const limit = capSeconds === undefined ? '' : `ulimit -t ${Math.ceil(capSeconds)}; `;
  const script = `(${limit}exec "$0" -param "$1" -pretty=false > /dev/null); code=$?; times; exit $code`;
  // GOMAXPROCS=1: one thread, as the kit is timed; Go's idle threads otherwise spin on a busy machine and
  // add CPU time that is not the search's (about 30% on a 0.6 s puzzle at load 15).
  const out = spawnSync('/bin/bash', ['-c', script, binary, param], { encoding: 'utf8', env: { ...process.env, GOMAXPROCS: '1' } });
  // 128 + SIGXCPU (24), or SIGKILL (9) past the hard limit: stopped at the cap.
  const capped = capSeconds !== undefined && (out.status === 152 || out.status === 137);
  if (out.status !== 0 && !capped) return { error: (out.stderr || String(out.error)).trim().split('\n')[0] };
  // bash `times`: two lines, shell then children: "0m0.010s 0m0.002s".
  const lines = out.stdout.trim().split('\n');
  const child = lines.at(-1).match(/(\d+)m([\d.]+)s\s+(\d+)m([\d.]+)s/);
  if (!child) return { error: `unexpected times output ${JSON.stringify(out.stdout)}` };
  return { seconds: Number(child[1]) * 60 + Number(child[2]) + Number(child[3]) * 60 + Number(child[4]), capped };
}

/** Where a table made from logs takes pnsolve's start-up from. */
function startupSource(logged) {
  const runs = [...new Set([...logged.values()].map((r) => r.peer?.startup).filter((s) => s !== undefined))];
  const loggedPart = runs.length ? `pnsolve's start-up as its run logged it (${runs.map((s) => `${(s * 1000).toFixed(1)} ms`).join(', ')})` : '';
  const unlogged = [...logged.values()].some((r) => r.peer && r.peer.startup === undefined);
  return [loggedPart, unlogged ? "pnsolve's start-up measured now for lines whose run logged none" : ''].filter(Boolean).join('; ');
}

/** The cap factors a table's pnsolve times were taken with: its runs' own, or this run's. */
function capFactors(logged, capFactor) {
  const factors = logged ? new Set([...logged.values()].map((r) => r.peer?.capFactor ?? capFactor)) : new Set([capFactor]);
  return [...factors]
    .sort((a, b) => b - a)
    .map((f) => `${f}x`)
    .join(' or ');
}

/** The lists' puzzles this run solves, decoded; those it cannot read, and those read with a 4th goal character. */
function selectPuzzles(all, { levels, kinds, done }) {
  const puzzles = [];
  const skipped = [];
  const fourth = [];
  for (const { level, param } of all) {
    if (levels && !levels.includes(level.slice(5))) continue;
    if (done.has(`${level} ${param}`)) continue;
    const code = param.slice(param.indexOf('__') + 2);
    if (kinds && !kinds.includes(code[0])) continue;
    const url = `https://puyop.com/s/${param}`;
    try {
      const link = decodeNazoLink(url);
      puzzles.push({ level, param, kind: code[0], search: { field: link.field, pairs: link.pairs, goal: link.goal } });
    } catch (error) {
      if (code.length !== 4) {
        skipped.push(`${param}: ${error.message}`);
        continue;
      }
      // A 4th goal character (meaning unknown, refused by the kit): solved as a user would, giving
      // --goal with what the first three read, as pnsolve reads them.
      const link = decodeNazoLink(url, { pairs: true, goal: false });
      fourth.push(param);
      puzzles.push({ level, param, kind: code[0], search: { field: link.field, pairs: link.pairs, goal: decodeGoalCode(code.slice(0, 3)) } });
    }
  }
  return { puzzles, skipped, fourth };
}

/** pnsolve's start-up, seconds: the best of 5 runs of the first puzzle cut to its first pair (22 placements at most). */
function pnsolveStartup(pnsolve, param) {
  const [field, rest] = [param.split('_')[0], param.slice(param.indexOf('_') + 1)];
  const onePair = `${field}_${rest.slice(0, 2)}__${rest.slice(rest.indexOf('__') + 2)}`;
  const runs = Array.from({ length: 5 }, () => pnsolveTimed(pnsolve, onePair));
  const startup = Math.min(...runs.map((r) => r.seconds ?? Infinity));
  return Number.isFinite(startup) ? startup : 0;
}

export function puzzleBench({ lists, pnsolve, kinds, levels, skipLogged, fromLog, capFactor = CAP_FACTOR, writeReadme }) {
  if (!existsSync(lists)) {
    console.log(`puzzles: skipped: puyo2's lists not found at ${lists} (give --lists DIR, puyo2's test/pnsolve)`);
    return;
  }
  const all = readLists(lists);
  const done = skipLogged ? readRunLogs(skipLogged) : new Map();
  const { puzzles, skipped, fourth } = selectPuzzles(all, { levels, kinds, done });
  if (!puzzles.length) {
    console.log('puzzles: nothing to solve: no puzzle of the lists is selected or missing from the logs');
    return;
  }
  const havePeer = pnsolve && existsSync(pnsolve);
  if (pnsolve && !havePeer) console.log(`puzzles: pnsolve not found at ${pnsolve}: the kit's times only`);
  const logged = fromLog ? readRunLogs(fromLog) : undefined;
  const unloggedStartup = logged && [...logged.values()].some((r) => r.peer && r.peer.startup === undefined);
  let startup = 0;
  // A table made from logs measures pnsolve's start-up only for lines whose run logged none.
  if (havePeer && (!logged || unloggedStartup)) {
    startup = pnsolveStartup(pnsolve, puzzles[0].param);
    // Logged for --from-log, so that a table made later takes this run's start-up, not its own.
    if (!fromLog) process.stderr.write(`pnsolve start-up ${startup.toFixed(4)}\npnsolve cap factor ${capFactor}\n`);
  }
  /** One puzzle solved by the kit and by pnsolve, timed; its line printed on stderr. */
  const solveBoth = (puzzle) => {
    let kit = cpuSeconds(() => kitSolve(puzzle.search));
    if (kit.seconds < 0.5)
      for (let i = 0; i < 2; i++) {
        const again = cpuSeconds(() => kitSolve(puzzle.search));
        if (again.seconds < kit.seconds) kit = again;
      }
    let peer;
    if (havePeer) {
      const cap = capFactor > 0 ? Math.max(CAP_FLOOR_SECONDS, startup + capFactor * kit.seconds) : undefined;
      peer = pnsolveTimed(pnsolve, puzzle.param, cap);
      if (peer.seconds !== undefined && peer.seconds < 0.5) {
        for (let i = 0; i < 2; i++) {
          const again = pnsolveTimed(pnsolve, puzzle.param, cap);
          if (again.seconds < peer.seconds) peer = again;
        }
      }
      if (peer.error) throw new Error(`pnsolve failed on ${puzzle.param}: ${peer.error}`);
    }
    // Per puzzle on stderr, for a long run's progress and for --from-log: level, param, kit and pnsolve CPU seconds, answers.
    process.stderr.write(
      `${puzzle.level} ${puzzle.param} kit ${kit.seconds.toFixed(4)}${peer ? ` pnsolve ${peer.capped ? '>= ' : ''}${peer.seconds.toFixed(4)}` : ''} answers ${kit.value.answers}\n`,
    );
    return { kit, peer };
  };
  // Warm the JIT and the kernel on the first puzzles before anything counts.
  if (!logged) for (const puzzle of puzzles.slice(0, 3)) kitSolve(puzzle.search);
  const byKind = new Map();
  const missing = [];
  for (const puzzle of puzzles) {
    const { kit, peer } = logged ? (logged.get(`${puzzle.level} ${puzzle.param}`) ?? {}) : solveBoth(puzzle);
    if (!kit) {
      missing.push(`${puzzle.level} ${puzzle.param}`);
      continue;
    }
    if (havePeer && !peer) throw new Error(`${puzzle.level} ${puzzle.param}: the logged line has no pnsolve time`);
    const entry = byKind.get(puzzle.kind) ?? {
      kind: puzzle.kind,
      goal: describeGoal(puzzle.search.goal ?? {}),
      puzzles: 0,
      kit: 0,
      peer: 0,
      peerRaw: 0,
      capped: 0,
      answers: 0,
      worst: undefined,
    };
    entry.puzzles++;
    entry.kit += kit.seconds;
    entry.answers += kit.value.answers;
    if (peer) {
      entry.peerRaw += peer.seconds;
      if (peer.capped) entry.capped++;
      const peerStartup = peer.startup ?? startup;
      entry.peer += Math.max(0, peer.seconds - peerStartup);
      const ratio = Math.max(0, peer.seconds - peerStartup) / kit.seconds;
      if (!entry.worst || ratio < entry.worst.ratio) entry.worst = { ratio, capped: peer.capped, param: puzzle.param, kit: kit.seconds, peer: peer.seconds };
    }
    byKind.set(puzzle.kind, entry);
  }
  const lines = [];
  const say = (line) => {
    console.log(line);
    lines.push(line);
  };
  const cpu = cpus()[0]?.model?.trim() || 'unknown CPU';
  say(`CPU: ${cpu} (${cpus().length} cores), Node ${process.version}, load average ${loadavg()[0].toFixed(1)} at the end`);
  if (logged)
    say(
      `from the per-puzzle lines of earlier runs (${fromLog.join(', ')}): ${puzzles.length - missing.length} of ${puzzles.length} puzzles${missing.length ? `; not in them: ${missing.length}` : ''}; ${startupSource(logged)}`,
    );
  say(
    `puyo2's puzzle lists: ${puzzles.length} puzzles${skipped.length ? `, ${skipped.length} not read (${skipped.map((s) => s.split(':')[0]).join(', ')})` : ''}; CPU seconds, one thread each` +
      (havePeer ? `; pnsolve less its start-up${logged ? '' : ` (${(startup * 1000).toFixed(1)} ms a run)`}` : '') +
      (havePeer && capFactor > 0
        ? `, stopped at ${capFactors(logged, capFactor)} the kit's time (at least ${CAP_FLOOR_SECONDS} s): ">=" marks a total or ratio with stopped runs, a lower bound`
        : ''),
  );
  const header = ['kind', 'example goal', 'puzzles', 'kit s', ...(havePeer ? ['pnsolve s', 'stopped', 'ratio', 'worst puzzle', `>= ${TARGET}x`] : [])];
  const rows = [...byKind.values()]
    .sort((a, b) => b.puzzles - a.puzzles)
    .map((e) => {
      const cells = [e.kind, e.goal, String(e.puzzles), e.kit.toFixed(3)];
      if (havePeer) {
        const ratio = e.peer / e.kit;
        e.ratio = ratio;
        const atLeast = e.capped > 0 ? '>= ' : '';
        cells.push(
          `${atLeast}${e.peer.toFixed(3)}`,
          String(e.capped),
          `${atLeast}${ratio.toFixed(1)}x`,
          `${e.worst.capped ? '>= ' : ''}${e.worst.ratio.toFixed(1)}x`,
          ratio >= TARGET ? 'met' : 'not met',
        );
      }
      return cells;
    });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((cells) => cells[i].length)));
  for (const cells of [header, ...rows]) say(cells.map((c, i) => (i <= 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  '));
  if (havePeer) {
    const worst = Math.min(...[...byKind.values()].map((e) => e.ratio));
    say(`target: >= ${TARGET}x pnsolve on every goal kind (per-kind totals): ${worst >= TARGET ? 'met' : 'not met'} (worst ${worst.toFixed(1)}x)`);
  }
  if (fourth.length) say(`4-character goals, solved with --goal from their first three characters: ${fourth.join(', ')}`);
  for (const line of skipped) console.log(`not read: ${line}`);
  if (writeReadme) {
    const readme = here('../README.md');
    writeFileSync(readme, replaceSection(readFileSync(readme, 'utf8'), 'puzzles', lines));
    console.log('README.md: puzzle figures written');
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      lists: { type: 'string', default: '/work/ref/puyo2/test/pnsolve' },
      pnsolve: { type: 'string', default: '/work/ref/bin/pnsolve' },
      kinds: { type: 'string' },
      levels: { type: 'string' },
      'from-log': { type: 'string' },
      'skip-logged': { type: 'string' },
      'cap-factor': { type: 'string', default: String(CAP_FACTOR) },
      'write-readme': { type: 'boolean', default: false },
    },
  });
  const capFactor = Number(values['cap-factor']);
  if (!(capFactor >= 0)) {
    console.error(`puzzles: --cap-factor ${JSON.stringify(values['cap-factor'])} is not a number >= 0`);
    process.exit(2);
  }
  try {
    puzzleBench({
      lists: values.lists,
      pnsolve: values.pnsolve,
      kinds: values.kinds?.split(','),
      levels: values.levels?.split(','),
      skipLogged: values['skip-logged']?.split(','),
      fromLog: values['from-log']?.split(','),
      capFactor,
      writeReadme: values['write-readme'],
    });
  } catch (error) {
    // A bad log line or a failed pnsolve run: one line, not a stack.
    console.error(`puzzles: ${error.message}`);
    process.exit(2);
  }
}
