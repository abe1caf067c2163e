// One supply of workers per host: the CLI and a queue worker have worker_threads (@kit/core/node's
// nodeWorkers), the page has Web Workers. A run, a maker and a referee take their workers from it by
// kind, so each host says once how it starts a worker, and which it starts ahead of need.
import type { RefereePort } from './play/referee-protocol.js';
import type { WorkerPort } from './protocol.js';

/** The port of each kind of worker a host supplies. */
export interface WorkerPorts {
  /** A solver worker for a run (runSolver, TaskThread): started ahead and preloaded where the host can. */
  solver: WorkerPort;
  /** A solver worker for a MakerClient (it generates and grades): never one warmed for a run. */
  maker: WorkerPort;
  /** A referee worker (play mode) for a RefereeClient; it loads no solver. */
  referee: RefereePort;
}

/** Which worker a taker wants. */
export type WorkerKind = keyof WorkerPorts;

/** Where a host's runs, makers and referees get their workers. */
export interface WorkerSupply {
  /** How many solver workers the supply starts ahead of need (0: each is started when taken). */
  readonly size: number;
  /**
   * A worker of this kind, the taker's to terminate when done (a worker that ran a search is not
   * given back: it may be stuck inside one). One started ahead when the supply has it, else a new one.
   */
  take<K extends WorkerKind>(kind: K): WorkerPorts[K];
}

/** A supply, or (as before supplies) a function that starts a worker of the one kind a taker needs. */
export type WorkerSource<K extends WorkerKind> = WorkerSupply | (() => WorkerPorts[K]);

/** How a taker starts a worker of `kind` from its source. */
export function workerTaker<K extends WorkerKind>(source: WorkerSource<K>, kind: K): () => WorkerPorts[K] {
  return typeof source === 'function' ? source : () => source.take(kind);
}

/** The one source a client was given: its `workers` or its `createWorker`, not both, not neither. */
export function oneSource<K extends WorkerKind>(workers: WorkerSupply | undefined, createWorker: (() => WorkerPorts[K]) | undefined): WorkerSource<K> {
  const source = workers ?? createWorker;
  if (source === undefined || (workers !== undefined && createWorker !== undefined))
    throw new TypeError('give a client workers (a supply) or createWorker, one of them');
  return source;
}
