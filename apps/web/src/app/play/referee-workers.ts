// The referee's half of the page's supply (page-workers.ts). The referee ends a busy worker when the next move comes (a search cannot
// be interrupted from outside), so moves made in quick succession need a fresh worker each: one is
// kept started, with the plugin and its referee imported (the referee's `preload`), so the next
// question does not wait for a worker to start and compile them.
import type { RefereeMessage, RefereePort } from '@kit/core/play';

/** How long after handing out its spare the supply starts the next one (the busy one needs the core now). */
const RESTOCK_DELAY_MS = 250;

export class RefereeWorkers {
  #spare: RefereePort | undefined;
  #restock: ReturnType<typeof setTimeout> | undefined;
  #closed = false;

  constructor(
    private readonly moduleUrl: string,
    /** A new referee worker (web-worker-port.ts, which only the page's main bundle may import: it names the worker's file). */
    private readonly createWorker: () => RefereePort,
  ) {
    this.#spare = this.#start();
  }

  /** A worker for the referee: the spare, loaded already, or a new one. */
  take = (): RefereePort => {
    const worker = this.#spare ?? this.#start();
    this.#spare = undefined;
    clearTimeout(this.#restock);
    this.#restock = setTimeout(() => {
      if (!this.#closed && !this.#spare) this.#spare = this.#start();
    }, RESTOCK_DELAY_MS);
    return worker;
  };

  close(): void {
    this.#closed = true;
    clearTimeout(this.#restock);
    this.#spare?.terminate();
    this.#spare = undefined;
  }

  #start(): RefereePort {
    const port = this.createWorker();
    port.post({ type: 'preload', moduleUrl: this.moduleUrl } satisfies RefereeMessage);
    return port;
  }
}
