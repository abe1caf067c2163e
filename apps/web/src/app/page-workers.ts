// The page's one supply of workers (core's WorkerSupply), which its runs, its maker and its referee
// take from: solver workers started and loaded before Run is pressed, a referee worker kept spare
// while a game is open, and a fresh solver worker for each maker.
import type { HostMessage, WorkerKind, WorkerMessage, WorkerPort, WorkerPorts, WorkerSupply } from '@kit/core/host';
import { RefereeWorkers } from './play/referee-workers.js';
import { createRefereeWebWorker, createWebWorker, startWebWorker, webWorkerPort } from './web-worker-port.js';

interface Idle {
  worker: Worker;
  port: WorkerPort;
  preloaded: boolean;
  failed: boolean;
}

/**
 * Solver workers started before Run is pressed, with the shown puzzle's plugin and solver already
 * imported (core's `preload`), as the CLI does with its nodeWorkers: a worker's start, its fetches
 * and compiles then cost the run nothing. A run takes them; `warm` starts fresh ones for the next.
 * A game's referee takes the spare `stockReferees` keeps; a maker takes a new solver worker (one
 * warmed for a run stays for the run).
 */
export class PageWorkers implements WorkerSupply {
  #idle: Idle[] = [];
  #moduleUrl: string | undefined;
  #referees: RefereeWorkers | undefined;

  constructor(
    readonly size: number,
    /** Called when `ready` may have changed. */
    private readonly onChange: () => void = () => {},
  ) {}

  /** True once every idle worker has the plugin module and its solver loaded. */
  get ready(): boolean {
    return this.#moduleUrl !== undefined && this.#idle.length >= this.size && this.#idle.every((entry) => entry.preloaded);
  }

  /** Keeps `size` idle workers with this plugin module loaded; workers loaded for another are let go. */
  warm(moduleUrl: string): void {
    if (moduleUrl !== this.#moduleUrl) {
      this.close();
      this.#moduleUrl = moduleUrl;
    }
    this.#idle = this.#idle.filter((entry) => !entry.failed);
    while (this.#idle.length < this.size) this.#idle.push(this.#start(moduleUrl));
    this.onChange();
  }

  /** A worker of `kind`: for a run an idle solver if any, for a referee the spare; else a new one. */
  take<K extends WorkerKind>(kind: K): WorkerPorts[K] {
    const taken: WorkerPorts[WorkerKind] =
      kind === 'solver' ? this.#solver() : kind === 'referee' ? (this.#referees?.take() ?? createRefereeWebWorker()) : createWebWorker();
    return taken as WorkerPorts[K];
  }

  /** Keeps a referee worker spare with this plugin module loaded, while its game is open; none when undefined. */
  stockReferees(moduleUrl: string | undefined): void {
    this.#referees?.close();
    this.#referees = moduleUrl === undefined ? undefined : new RefereeWorkers(moduleUrl, createRefereeWebWorker);
  }

  #solver(): WorkerPort {
    let entry = this.#idle.shift();
    while (entry?.failed) entry = this.#idle.shift();
    this.onChange();
    return entry ? entry.port : createWebWorker();
  }

  /** Lets the idle solver workers go (the referee's spare is the game's: stockReferees). */
  close(): void {
    for (const entry of this.#idle.splice(0)) entry.worker.terminate();
    this.#moduleUrl = undefined;
  }

  #start(moduleUrl: string): Idle {
    const worker = startWebWorker();
    const entry: Idle = { worker, port: webWorkerPort(worker), preloaded: false, failed: false };
    // A worker that fails while idle is not handed out: a fresh one reports its own failure.
    worker.addEventListener('error', () => (entry.failed = true));
    worker.addEventListener('message', (event: MessageEvent<WorkerMessage>) => {
      if (event.data.type !== 'preloaded' || entry.preloaded) return;
      entry.preloaded = true;
      this.onChange();
    });
    worker.postMessage({ type: 'preload', moduleUrl } satisfies HostMessage);
    return entry;
  }
}
