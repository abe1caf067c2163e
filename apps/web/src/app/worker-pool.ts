import type { HostMessage, WorkerMessage, WorkerPort } from '@kit/core/host';
import { createWebWorker, startWebWorker, webWorkerPort } from './web-worker-port.js';

interface Idle {
  worker: Worker;
  port: WorkerPort;
  preloaded: boolean;
  failed: boolean;
}

/**
 * Solver workers started before Run is pressed, with the shown puzzle's plugin and solver already
 * imported (core's `preload`), as the CLI does with its WorkerPool: a worker's start, its fetches
 * and compiles then cost the run nothing. A run takes them; `warm` starts fresh ones for the next.
 */
export class WorkerPool {
  #idle: Idle[] = [];
  #moduleUrl: string | undefined;

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

  /** A worker for a run: an idle one if any, else a new one. */
  take(): WorkerPort {
    let entry = this.#idle.shift();
    while (entry?.failed) entry = this.#idle.shift();
    this.onChange();
    return entry ? entry.port : createWebWorker();
  }

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
