import type { KeepPolicy, WorkerMessage } from './protocol.js';

/**
 * How long a worker may hold solutions before posting them. One message per solution cost a
 * browser page about 0.1 ms of main-thread time each (a 6x10 pentomino run's 2,339 solutions made
 * the page's thread the bottleneck), so solutions found close together travel as one message.
 */
export const BATCH_MS = 16;
/**
 * Small enough that a solver reporting faster than its host can print keeps being held back by
 * postMessage: a Node host takes up to 1,000 queued messages per turn of its event loop, and with
 * batches of 4,096 an endless `--json` search ignored Ctrl-C for seconds (the CLI's interrupt test).
 */
const MAX_BATCH = 64;

/**
 * How many solutions like `sample` a host keeps within `keep`: its byte budget over the sample's
 * JSON size (at least 64 bytes), at most `keep.most`, at least one. Measured once, on a task's first
 * solution, by the worker and the host alike, so both reach the same number.
 */
export function solutionsToKeep(sample: unknown, keep: KeepPolicy): number {
  let size = 64;
  try {
    size = Math.max(size, JSON.stringify(sample)?.length ?? 0);
  } catch {
    // Not JSON (a Map, a typed array, through structured cloning): the count cap alone applies.
  }
  return Math.max(1, Math.min(keep.most, Math.floor(keep.bytes / size)));
}

/**
 * A worker's outgoing messages with its solutions batched. Every other message first sends the
 * solutions held before it, so the host sees exactly the order the solver reported. The first
 * solution after a quiet spell goes at once; later ones wait at most BATCH_MS while the solver
 * keeps calling in (a solution, `shouldStop`, a report), or until a timer for solvers that await.
 *
 * With a keep policy (`keep`), a task's solutions beyond those the host keeps are only counted: a
 * flood of solutions (an empty 16x16 Sudoku finds 50,000 a second) then costs the host one small
 * `counted` message per batch instead of cloning, parsing and collecting every solution's objects.
 */
export function batchingPoster(post: (message: WorkerMessage) => void) {
  let held: unknown[] = [];
  let heldCount = 0;
  let heldTask: number | undefined;
  let lastPostAt = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let keep: KeepPolicy | undefined;
  /** Per task (undefined: the whole search): solutions sent whole so far, and how many may be. */
  const sent = new Map<number | undefined, { sent: number; limit: number }>();

  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (held.length === 0 && heldCount === 0) return;
    const task = heldTask !== undefined ? { task: heldTask } : {};
    // A task's counted solutions always come after the ones it sent whole.
    if (held.length > 0) post({ type: 'solutions', solutions: held, ...task });
    if (heldCount > 0) post({ type: 'counted', count: heldCount, ...task });
    held = [];
    heldCount = 0;
    lastPostAt = performance.now();
  };
  return {
    /** From now on, send whole only the solutions a host with this policy keeps (per task). */
    keep(policy: KeepPolicy | undefined): void {
      keep = policy;
      sent.clear();
    },
    solution(solution: unknown, task: number | undefined): void {
      if ((held.length > 0 || heldCount > 0) && heldTask !== task) flush();
      heldTask = task;
      let whole = true;
      if (keep) {
        let entry = sent.get(task);
        if (!entry) {
          entry = { sent: 0, limit: solutionsToKeep(solution, keep) };
          sent.set(task, entry);
        }
        whole = entry.sent < entry.limit;
        if (whole) entry.sent++;
      }
      if (whole) held.push(solution);
      else heldCount++;
      if (held.length >= MAX_BATCH || performance.now() - lastPostAt >= BATCH_MS) flush();
      else timer ??= setTimeout(flush, BATCH_MS);
    },
    /** Sends held solutions once they have waited long enough (the solver is still busy). */
    flushIfDue(): void {
      if ((held.length > 0 || heldCount > 0) && performance.now() - lastPostAt >= BATCH_MS) flush();
    },
    post(message: WorkerMessage): void {
      flush();
      post(message);
      lastPostAt = performance.now();
    },
  };
}
