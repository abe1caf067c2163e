import type { Summary } from './events.js';
import type { WorkerPort } from './protocol.js';

/** Solutions as they arrive from a worker: sent whole, or (beyond the host's keep) a count. */
export type Arrived = unknown[] | number;

/**
 * The host's side of a split search: tasks handed out in order, each task's solutions held back
 * until every earlier task is done (so the order is the same with 1 or N threads), and the tasks'
 * progress counters summed over the whole search.
 */
export class SplitTasks {
  /** Tasks in the split; 0 until the first worker reports its split. */
  total = 0;
  /** Tasks finished. */
  done = 0;
  /** Each task's summary, by task, for the plugin's merge. */
  readonly summaries: Summary[] = [];
  private next = 0;
  /** The first task whose solutions have not all gone out. */
  private pointer = 0;
  private readonly held = new Map<number, Arrived[]>();
  private readonly completed = new Set<number>();
  // Progress counters are per task; the host shows their sum over the whole search.
  private readonly counters = new Map<number, Record<string, number>>();

  constructor(private readonly emitArrived: (arrived: Arrived) => void) {}

  /** Gives `worker` the next free task, if any is left. */
  assign(worker: WorkerPort): void {
    if (this.next < this.total) worker.post({ type: 'task', task: this.next++ });
  }

  /** A task's solutions go out now if every earlier task is done, else they wait their turn. */
  take(task: number | undefined, arrived: Arrived): void {
    if (task === undefined || task === this.pointer) return this.emitArrived(arrived);
    const list = this.held.get(task);
    if (list) list.push(arrived);
    else this.held.set(task, [arrived]);
  }

  /** Records a task's latest progress counters; returns the sum over every task. */
  progress(task: number, counters: Record<string, number>): Record<string, number> {
    this.counters.set(task, counters);
    const total: Record<string, number> = {};
    for (const each of this.counters.values()) {
      for (const [key, value] of Object.entries(each)) total[key] = (total[key] ?? 0) + value;
    }
    return total;
  }

  /** Marks a task done with its summary, and lets out every solution now in turn. */
  finish(task: number, summary: Summary): void {
    this.summaries[task] = summary;
    // A finished task's own totals replace its last progress counters (same keys, e.g. tries).
    const last = this.counters.get(task) ?? {};
    const final: Record<string, number> = {};
    for (const key of Object.keys(last)) {
      const value = summary[key];
      final[key] = typeof value === 'number' ? value : last[key]!;
    }
    this.counters.set(task, final);
    this.completed.add(task);
    this.done++;
    this.flush();
  }

  private flush(): void {
    while (this.pointer < this.total) {
      for (const arrived of this.held.get(this.pointer) ?? []) this.emitArrived(arrived);
      this.held.delete(this.pointer);
      if (!this.completed.has(this.pointer)) return;
      this.pointer++;
    }
  }
}
