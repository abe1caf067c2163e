import { TaskThread } from '@kit/core/host';
import { nodeWorkers, type NodeWorkerSupply } from '@kit/core/node';

/**
 * The solver threads of a worker: at most `size` busy at once, idle ones kept loaded with the run
 * they last ran (a run's next block then costs no plugin load, parse or split). Each thread's heap
 * is capped: a search that would exhaust memory ends its thread, and its job fails, not the worker.
 */
export class ThreadPool {
  readonly #idle: TaskThread[] = [];
  readonly #busy = new Set<TaskThread>();
  /** The worker's one supply of solver threads, each heap capped at `heapMb`. */
  readonly #workers: NodeWorkerSupply;

  constructor(
    readonly size: number,
    heapMb: number,
  ) {
    this.#workers = nodeWorkers({ resourceLimits: { maxOldGenerationSizeMb: heapMb } });
  }

  get busy(): number {
    return this.#busy.size;
  }

  /** A thread, preferably one that holds `key` already. */
  take(key: string): TaskThread {
    const index = this.#idle.findIndex((thread) => thread.loadedKey === key);
    const thread = index >= 0 ? this.#idle.splice(index, 1)[0]! : (this.#idle.pop() ?? this.#create());
    this.#busy.add(thread);
    return thread;
  }

  release(thread: TaskThread): void {
    this.#busy.delete(thread);
    if (thread.dead) return;
    this.#idle.push(thread);
    while (this.#idle.length > this.size) this.#idle.shift()!.terminate();
  }

  /** Ends every thread (a worker stopping). */
  terminateAll(): void {
    for (const thread of [...this.#idle.splice(0), ...this.#busy]) thread.terminate();
    this.#busy.clear();
  }

  #create(): TaskThread {
    return new TaskThread(this.#workers);
  }
}
