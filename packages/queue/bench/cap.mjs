// The speed-up cap of a queued run, from the split alone (no Redis): the search is split at the
// queue's width, every task is run here to count its tries, and the tasks are grouped into jobs as
// the queue groups them. A run ends no sooner than its largest job, so the cap (total tries over the
// largest job's) is how many worker threads one run can keep busy. A count, not a time: the same on
// any machine, loaded or not.
// Prints the cap, the planning CPU and whether they meet the aims (issue 34).
// Usage: node bench/cap.mjs [bench|scott]... [--width N] [--max-tasks N]   (default: both, at the queue's width and task bound)
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withPiece } from './pieces.mjs';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const { QUEUE_SPLIT_WIDTH, QUEUE_MAX_TASKS, QUEUE_MIN_CUT, blockCount, tasksOfBlock } = await import(join(repoRoot, 'packages', 'queue', 'dist', 'spec.js'));
const { applyCuts, planCuts } = await import(join(repoRoot, 'packages', 'core', 'dist', 'host.js'));
const { plugin } = await import(join(repoRoot, 'packages', 'pentomino', 'dist', 'index.js'));

const EIGHT = { name: 'board.txt', text: '........\n'.repeat(8) };
const SEARCHES = {
  // The queue benchmark's search (bench/run.mjs): with the L tetromino, every packing.
  bench: {
    title: '8x8, 12 pentominoes + L tetromino, --all',
    target: 500,
    options: { board: EIGHT, 'piece-file': { name: 'pieces.txt', text: withPiece(['J.', 'J.', 'JJ']) }, all: true },
  },
  // Dana Scott's problem with the square anywhere.
  scott: {
    title: "Dana Scott's 8x8, 12 pentominoes + 2x2 square",
    target: 300,
    options: { board: EIGHT, 'piece-file': { name: 'pieces.txt', text: withPiece(['OO', 'OO']) } },
  },
};

const quiet = { wantSolutions: false, wantProgress: false, progressDue: () => false, shouldStop: () => false, solution() {}, progress() {}, step() {} };
const solver = await plugin.solver();
const flag = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
};
const width = flag('--width', QUEUE_SPLIT_WIDTH);
const maxTasks = flag('--max-tasks', QUEUE_MAX_TASKS);
const names = process.argv.slice(2).filter((arg, i, all) => !arg.startsWith('-') && !all[i - 1]?.startsWith('--'));
for (const name of names.length > 0 ? names : Object.keys(SEARCHES)) {
  const search = SEARCHES[name];
  if (!search) throw new Error(`unknown search ${name}: one of ${Object.keys(SEARCHES).join(', ')}`);
  const started = process.cpuUsage();
  const base = solver.split(plugin.parse(search.options), width);
  const splitMs = cpuMs(started);
  const cuts = planCuts(base, maxTasks, flag('--min-cut', QUEUE_MIN_CUT));
  const planMs = cpuMs(started) - splitMs;
  const applied = process.cpuUsage();
  const split = applyCuts(base, cuts, maxTasks);
  const applyMs = cpuMs(applied);
  const cutsText = cuts.map((path) => path.join('.')).join(' ');
  const tries = [];
  let solutions = 0;
  const searching = process.cpuUsage();
  for (let task = 0; task < split.tasks; task++) {
    const summary = split.solveTask(task, quiet);
    tries.push(summary.tries);
    solutions += summary.solutions;
  }
  const searchMs = cpuMs(searching);
  const blocks = blockCount(split.tasks);
  const perBlock = Array.from({ length: blocks }, (_, block) => tasksOfBlock(block, blocks, split.tasks, 'mixed').reduce((sum, task) => sum + tries[task], 0));
  const total = tries.reduce((sum, t) => sum + t, 0);
  const cap = total / Math.max(...perBlock);
  const taskCap = total / Math.max(...tries);
  console.log(`${search.title}: ${solutions} solutions, ${total} tries, ${(searchMs / 1000).toFixed(1)} s CPU on one thread`);
  console.log(
    `  split for ${width} threads: ${base.tasks} tasks, ${splitMs} ms CPU; ${cuts.length} cuts planned in ${planMs} ms CPU (${cutsText.length} bytes as text), applied in ${applyMs} ms: ${split.tasks} tasks in ${blocks} jobs`,
  );
  // A worker loading the run splits it as any host does and applies the spec's cuts: it never plans.
  console.log(
    `  the submitter pays ${splitMs + planMs} ms CPU (split and planning); a worker thread ${splitMs + applyMs} ms (split and the spec's cuts applied, no planning)`,
  );
  console.log(
    `  speed-up cap ${cap.toFixed(0)} worker threads (the largest job holds 1/${cap.toFixed(0)} of the tries, the largest task 1/${taskCap.toFixed(0)})`,
  );
  // Issue 34's aims: the cap at least the target, the planning under 2 s of CPU.
  console.log(
    `  aims: cap >= ${search.target} ${cap >= search.target ? 'met' : 'NOT met'}, planning < 2 s ${planMs < 2000 ? 'met' : 'NOT met'}, workers plan nothing (they apply the cuts in ${applyMs} ms)`,
  );
}

function cpuMs(since) {
  const { user, system } = process.cpuUsage(since);
  return Math.round((user + system) / 1000);
}
