// Where everything lives in Redis. BullMQ's keys are `kitq:<queue>:...`, one queue per plugin and
// version (`pentomino@0.1.0`), so a worker only ever takes jobs it can run; the kit's own records
// are `kit:run:<id>` (a run's signed spec), `kit:runs` (every run, by submit time) and
// `kit:worker:<id>` (a live worker's heartbeat).
export const BULL_PREFIX = 'kitq';

export const runKey = (runId: string): string => `kit:run:${runId}`;
export const RUNS_KEY = 'kit:runs';
export const WORKER_PREFIX = 'kit:worker:';

/** The BullMQ queue of a plugin's version: a worker serves the queues of the plugins it has. */
export function queueNameOf(plugin: string, version: string): string {
  return `${plugin}@${version}`;
}

export function bullKey(queue: string, suffix: string): string {
  return `${BULL_PREFIX}:${queue}:${suffix}`;
}

/** A block's job id: the run's id and the block's number. */
export const blockJobId = (runId: string, block: number): string => `${runId}-${block}`;
