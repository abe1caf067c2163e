import type { JsonValue, Summary } from '@kit/core';

/** A queued search, as submitted: everything a worker needs besides the plugin itself. */
export interface RunSpec {
  plugin: string;
  version: string;
  /** The parsed instance, encoded by @kit/core/node's encodeInstance. */
  instance: JsonValue;
  splitWidth: number;
  tasksTotal: number;
  /** False with --count: only summaries travel. */
  solutions: boolean;
  maxSolutions: number;
  /** The submitter's clock, ms since the epoch: elapsed time is measured from here. */
  submittedAt: number;
}

/** The parent job's data. */
export interface RunData {
  spec: RunSpec;
  blocks: number;
  cancelled?: boolean;
}

/** A child job's data: the spec again (a worker needs nothing else) and its block of tasks. */
export interface BlockData {
  run: string;
  spec: RunSpec;
  tasks: number[];
}

export interface TaskOutcome {
  task: number;
  summary: Summary;
  solutions?: unknown[];
}

/** A child job's result, keyed by task: a block that ran twice still counts once. */
export interface BlockResult {
  tasks: TaskOutcome[];
  host: string;
}

/** The parent job's result: the plugin's merge of every task, and solutions its finish added. */
export interface RunResult {
  summary: Summary;
  solutions: unknown[];
  finishedAt: number;
}

/** Jobs per run at most: past this, tasks are dealt into blocks (task t goes to block t mod B). */
export const MAX_JOBS = 256;

export function blocksOf(tasksTotal: number): number[][] {
  const count = Math.min(tasksTotal, MAX_JOBS);
  const blocks: number[][] = Array.from({ length: count }, () => []);
  for (let task = 0; task < tasksTotal; task++) blocks[task % count]!.push(task);
  return blocks;
}

export const DEFAULT_MAX_SOLUTIONS = 100_000;
