// What a block's exchanges with the solver thread cost the worker's main thread: the same blocks of
// one cut search (6x10 pentomino, every packing, cut fine so a job's 16 tasks are small as in the
// queue's benchmark) run task by task (`TaskThread.run`, a message each way per task) and in one
// exchange a block (`TaskThread.runBlock`), in alternating rounds on one thread. Prints the main
// thread's CPU (from /proc, the solver thread's excluded) per job each way, the process's (both
// threads, the solving included), and checks both ways give the same summaries. Usage: node bench/exchange.mjs [rounds]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const { TaskThread } = await import(join(repoRoot, 'packages', 'core', 'dist', 'host.js'));
const { createNodeWorker } = await import(join(repoRoot, 'packages', 'core', 'dist', 'node.js'));
const { QUEUE_SPLIT_WIDTH, blockCount, tasksOfBlock } = await import(join(repoRoot, 'packages', 'queue', 'dist', 'spec.js'));
const rounds = Number(process.argv[2] ?? 3);

/** CPU seconds of this process's main thread alone. */
function mainThreadCpu() {
  const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const search = {
  moduleUrl: new URL('../../pentomino/dist/index.js', import.meta.url).href,
  pluginId: 'pentomino',
  source: { options: { size: '6', all: true } },
  splitWidth: QUEUE_SPLIT_WIDTH,
  settings: { wantSolutions: false, wantProgress: false },
};
const thread = new TaskThread(createNodeWorker);
await thread.load({ ...search, plan: { maxTasks: 32768, minEstimate: 600 } }, 'plan');
const cut = { ...search, cuts: thread.cuts };
const tasksTotal = await thread.load(cut, 'cut');
const blocks = blockCount(tasksTotal);
const jobs = Array.from({ length: blocks }, (_, block) => tasksOfBlock(block, blocks, tasksTotal, 'mixed'));
console.log(`6x10 --all: ${tasksTotal} tasks in ${blocks} jobs; main-thread CPU per job (the solver thread not counted)`);

const ways = {
  'task by task': async (tasks) => {
    const out = [];
    for (const task of tasks) out.push(await thread.run(task));
    return out;
  },
  'one exchange': (tasks) => thread.runBlock(tasks),
};
let reference;
for (let round = 1; round <= rounds; round++) {
  const line = [];
  for (const [name, way] of Object.entries(ways)) {
    const cpu = mainThreadCpu();
    const all = process.cpuUsage();
    const started = performance.now();
    const summaries = [];
    for (const tasks of jobs) for (const result of await way(tasks)) summaries.push(result.summary);
    const spent = mainThreadCpu() - cpu;
    const { user, system } = process.cpuUsage(all);
    const wall = (performance.now() - started) / 1000;
    const text = JSON.stringify(summaries);
    reference ??= text;
    if (text !== reference) throw new Error(`${name} gave other summaries`);
    line.push(
      `${name} ${((spent / blocks) * 1000).toFixed(3)} ms (${spent.toFixed(2)} s; both threads ${((user + system) / 1e6).toFixed(2)} s, wall ${wall.toFixed(1)} s)`,
    );
  }
  console.log(`round ${round}: ${line.join('; ')}`);
}
thread.terminate();
