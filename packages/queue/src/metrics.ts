/**
 * A worker's counters in Prometheus's text format: jobs finished by queue, kind and outcome, the
 * seconds they took, threads and busy threads. BullMQ's own export (jobs by state, per queue) is
 * added by the worker beside these.
 */
export class WorkerMetrics {
  readonly #jobs = new Map<string, number>();
  readonly #seconds = new Map<string, { sum: number; count: number }>();
  #handedBack = 0;

  constructor(private readonly threads: number) {}

  finished(queue: string, kind: 'block' | 'merge', outcome: 'completed' | 'failed', ms: number): void {
    const key = labels({ queue, kind, outcome });
    this.#jobs.set(key, (this.#jobs.get(key) ?? 0) + 1);
    const timing = labels({ queue, kind });
    const entry = this.#seconds.get(timing) ?? { sum: 0, count: 0 };
    entry.sum += ms / 1000;
    entry.count++;
    this.#seconds.set(timing, entry);
  }

  handedBack(count: number): void {
    this.#handedBack += count;
  }

  render(state: { busy: number; ready: boolean; connected: boolean }): string {
    const lines = [
      '# HELP kit_worker_threads Solver threads this worker runs jobs on.',
      '# TYPE kit_worker_threads gauge',
      `kit_worker_threads ${this.threads}`,
      '# HELP kit_worker_busy_threads Threads running a job now.',
      '# TYPE kit_worker_busy_threads gauge',
      `kit_worker_busy_threads ${state.busy}`,
      '# HELP kit_worker_ready 1 when connected to Redis and taking jobs.',
      '# TYPE kit_worker_ready gauge',
      `kit_worker_ready ${state.ready ? 1 : 0}`,
      '# HELP kit_worker_redis_connected 1 while Redis answers.',
      '# TYPE kit_worker_redis_connected gauge',
      `kit_worker_redis_connected ${state.connected ? 1 : 0}`,
      '# HELP kit_worker_jobs_total Jobs this worker finished, by queue, kind and outcome.',
      '# TYPE kit_worker_jobs_total counter',
      ...[...this.#jobs].map(([key, count]) => `kit_worker_jobs_total{${key}} ${count}`),
      '# HELP kit_worker_job_seconds Time spent on finished jobs, by queue and kind.',
      '# TYPE kit_worker_job_seconds summary',
      ...[...this.#seconds].flatMap(([key, { sum, count }]) => [
        `kit_worker_job_seconds_sum{${key}} ${sum.toFixed(3)}`,
        `kit_worker_job_seconds_count{${key}} ${count}`,
      ]),
      '# HELP kit_worker_jobs_handed_back_total Jobs handed back to the queue when the worker stopped.',
      '# TYPE kit_worker_jobs_handed_back_total counter',
      `kit_worker_jobs_handed_back_total ${this.#handedBack}`,
    ];
    return `${lines.join('\n')}\n`;
  }
}

function labels(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([name, value]) => `${name}="${value.replace(/[\\"]/g, (c) => `\\${c}`).replace(/\n/g, '\\n')}"`)
    .join(',');
}
