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
  /**
   * The solver's guess of the whole search's tries (its `estimate`), once the instance is known;
   * undefined when it has none, or before the plugin is loaded.
   */
  estimatedTries?: number | undefined;
}

/** Where a run solves: `here` on the host's thread (no worker is started), or `workers`. */
export type RunPlace = 'here' | 'workers';

/**
 * A search guessed below this many tries is too small to split: it solves on the host's thread
 * whatever the threads. A worker's start-up (a fresh V8 isolate, @kit/core and the plugin loaded
 * again: 40 to 80 ms) is more than a packing kernel takes for this many tries (a few tens of ms),
 * so sharing it could only make it slower. The 6x10 pentomino search (1.26 million tries) still splits.
 */
export const SMALL_SEARCH_TRIES = 250_000;

/** Threads a run's search uses: one when a limit stops it (it runs whole), else as many as it may. */
export function searchThreads(shape: Pick<RunShape, 'threads' | 'limit'>): number {
  return shape.limit !== undefined ? 1 : Math.max(1, Math.floor(shape.threads) || 1);
}

/**
 * Where a run solves. A run that draws nothing meanwhile solves here when it has one thread, or when
 * its solver guesses the search below {@link SMALL_SEARCH_TRIES}: a worker's own start-up would be
 * most of a short run, and nothing else needs the thread. Everything else goes to workers.
 */
export function placeRun(shape: RunShape): RunPlace {
  if (shape.drawsMeanwhile || shape.distributed) return 'workers';
  if (searchThreads(shape) === 1) return 'here';
  return shape.estimatedTries !== undefined && shape.estimatedTries < SMALL_SEARCH_TRIES ? 'here' : 'workers';
}
