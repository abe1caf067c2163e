// Where a run solves: on the host's own thread or in worker threads. Decided here once for every
// host: the CLI (and its guess before it has parsed anything), the runner, the page.

/** What a host knows of a run before its solver is loaded. */
export interface RunShape {
  /** Threads the run may use (`--threads`, else the cores). */
  threads: number;
  /** A solution limit: the search then runs whole, on one thread. */
  limit?: number | undefined;
  /** The host draws while the search runs (an animation, a page): the search must leave its thread. */
  drawsMeanwhile: boolean;
  /** The tasks run elsewhere (a shard's, a queue's): always workers. */
  distributed: boolean;
}

/** Where a run solves: `here` on the host's thread (no worker is started), or `workers`. */
export type RunPlace = 'here' | 'workers';

/** Threads a run's search uses: one when a limit stops it (it runs whole), else as many as it may. */
export function searchThreads(shape: Pick<RunShape, 'threads' | 'limit'>): number {
  return shape.limit !== undefined ? 1 : Math.max(1, Math.floor(shape.threads) || 1);
}

/**
 * Where a run solves. A run on one thread that draws nothing meanwhile solves here: a worker's own
 * start-up (a fresh V8 isolate, the plugin loaded again) would be most of a short run, and nothing
 * else needs the thread. Everything else goes to workers.
 */
export function placeRun(shape: RunShape): RunPlace {
  if (shape.drawsMeanwhile || shape.distributed) return 'workers';
  return searchThreads(shape) === 1 ? 'here' : 'workers';
}
