import { type Summary, Random } from '@kit/core';
import type { SearchSource } from '@kit/core/host';

/**
 * A queued search as submitted, stored once per run (`kit:run:<id>`) and signed by the submitter:
 * everything a worker needs besides the plugin itself. The search travels as text (options as the
 * CLI took them, the input file), never as a parsed instance.
 */
export interface RunSpec {
  /** The run's id, `run-` and ten hex digits. */
  run: string;
  /** The plugin's id. */
  plugin: string;
  /** The plugin's version: workers serve only the version they have. */
  version: string;
  /** The search as the user gave it: options as typed, the input file. */
  source: SearchSource;
  /** The width the plugin's split was asked for, before the cuts. */
  splitWidth: number;
  /**
   * The split's largest tasks cut deeper, planned by the submitter (trust/cuts.ts gives the text's
   * form): workers apply them, they never plan them again. Absent: the split as it is.
   */
  cuts?: string;
  /** Tasks after the split and its cuts. */
  tasksTotal: number;
  /** Jobs the tasks are dealt into (tasksOfBlock says which task goes where). */
  blocks: number;
  /** How tasks are dealt into blocks: only 'mixed' today; a worker refuses a run dealt another way. */
  dealing: Dealing;
  /** False with --count: only summaries travel. */
  solutions: boolean;
  /** The most solutions the run may carry back (`--max-solutions`); more fail it. */
  maxSolutions: number;
  /** The submitter's clock, ms since the epoch: elapsed time is measured from here. */
  submittedAt: number;
  /** How long the results are kept once the run is over, in seconds. */
  keepSeconds: number;
}

/** A block job's data: which run and which block (the tasks follow from the spec). */
export interface BlockData {
  run: string;
  block: number;
  sig?: string;
}

/** The parent job's data: the run it merges. */
export interface RunJobData {
  run: string;
  sig?: string;
}

export interface TaskOutcome {
  task: number;
  summary: Summary;
  solutions?: unknown[];
}

/** A block job's result, signed by the worker that ran it; keyed by task, so a block run twice counts once. */
export interface BlockResult {
  run: string;
  block: number;
  /** The worker that ran it: `host:pid:id`. */
  host: string;
  tasks: TaskOutcome[];
  sig?: string;
}

/** The parent job's result: the plugin's merge of every task, and solutions its finish added. */
export interface RunResult {
  /** The run's id. */
  run: string;
  /** The host name of the worker that merged it. */
  host: string;
  /** The plugin's merge of every task's summary. */
  summary: Summary;
  /** Solutions the plugin's finish added after the merge. */
  solutions: unknown[];
  /** When the merge ended, ms since the epoch. */
  finishedAt: number;
  /** The merging worker's signature over the rest, with the shared secret. */
  sig?: string;
}

/**
 * Jobs per run at most. Many small jobs spread a run over many worker threads (the slowest job
 * bounds the run's time); each job costs Redis memory and round trips (measured in
 * docs/distributed.md).
 */
export const RUN_BLOCKS = 2048;

/** Jobs a run of many tasks gets at least: up to this many, one per task. */
export const RUN_BLOCKS_EVEN = 1024;

/** Past RUN_BLOCKS_EVEN jobs, one more job for each this many tasks (until RUN_BLOCKS). */
export const TASKS_PER_BLOCK = 16;

/**
 * The width a queued search is first split for (a local run's SPLIT_WIDTH): the submitter then cuts
 * its largest tasks deeper (QUEUE_MAX_TASKS), so one run has thousands of tasks of even size and its
 * slowest job is a small part of it.
 */
export const QUEUE_SPLIT_WIDTH = 16;

/**
 * The width a search is split for when the plan makes no cut (the plugin's split cannot be cut, or
 * estimates no task worth cutting): split finely at once, so its run still spreads over many threads.
 */
export const QUEUE_UNCUT_SPLIT_WIDTH = 256;

/**
 * The tasks a queued run is cut into, at most: the split's largest tasks are cut deeper until it has
 * this many. Each task's summary is kept in Redis, so this bounds a run's memory as much as its jobs.
 */
export const QUEUE_MAX_TASKS = 32768;

/**
 * A task whose estimate (in search steps) is below this is not cut: milliseconds of work, not worth
 * more tasks. Low, so the estimates that fall short (a sample that missed a task's rare big branch)
 * still get their tasks cut; QUEUE_MAX_TASKS bounds how far.
 */
export const QUEUE_MIN_CUT = 12_000;

/** The jobs a run of `tasksTotal` tasks is dealt into. */
export function blockCount(tasksTotal: number): number {
  const wanted = Math.max(RUN_BLOCKS_EVEN, Math.ceil(tasksTotal / TASKS_PER_BLOCK));
  return Math.max(1, Math.min(tasksTotal, RUN_BLOCKS, wanted));
}

/** The ways tasks are dealt into blocks (a spec names its own, so a worker can refuse another). */
export type Dealing = 'mixed';

/** The seed of a run's deal: the same on every host, so workers and checkers agree without being told. */
const DEAL_SEED = 0x6b697400;

const deals = new Map<string, number[][]>();

/**
 * The tasks of block `block` of `blocks`, ascending. 'mixed': the tasks in a seeded shuffle, dealt
 * round-robin. A cut task's pieces are neighbours in task order and often alike in size, so a plain
 * round-robin puts whole runs of big pieces side by side in a few blocks; the shuffle spreads them.
 */
export function tasksOfBlock(block: number, blocks: number, tasksTotal: number, dealing: Dealing): number[] {
  // One task a block (or fewer): a shuffle would change nothing but the names.
  if (blocks >= tasksTotal) return block >= 0 && block < tasksTotal ? [block] : [];
  const key = `${dealing}:${blocks}:${tasksTotal}`;
  let deal = deals.get(key);
  if (!deal) {
    const order = new Random(DEAL_SEED ^ tasksTotal).shuffle(Array.from({ length: tasksTotal }, (_, task) => task));
    const dealt: number[][] = Array.from({ length: blocks }, () => []);
    for (let i = 0; i < order.length; i++) dealt[i % blocks]!.push(order[i]!);
    for (const tasks of dealt) tasks.sort((a, b) => a - b);
    deal = dealt;
    // A worker serves a few runs at a time: the latest deals are kept, no more.
    if (deals.size >= 4) deals.delete(deals.keys().next().value!);
    deals.set(key, deal);
  }
  return block >= 0 && block < blocks ? [...deal[block]!] : [];
}

export const DEFAULT_MAX_SOLUTIONS = 100_000;
/** A day: long enough to come back to a run, short enough that Redis does not fill up. */
export const DEFAULT_KEEP_SECONDS = 24 * 3600;
