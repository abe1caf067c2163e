import type { WorkerMessage } from './protocol.js';

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
 * A worker's outgoing messages with its solutions batched. Every other message first sends the
 * solutions held before it, so the host sees exactly the order the solver reported. The first
 * solution after a quiet spell goes at once; later ones wait at most BATCH_MS while the solver
 * keeps calling in (a solution, `shouldStop`, a report), or until a timer for solvers that await.
 */
export function batchingPoster(post: (message: WorkerMessage) => void) {
  let held: unknown[] = [];
  let heldTask: number | undefined;
  let lastPostAt = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (held.length === 0) return;
    const solutions = held;
    held = [];
    post({ type: 'solutions', solutions, ...(heldTask !== undefined ? { task: heldTask } : {}) });
    lastPostAt = performance.now();
  };
  return {
    solution(solution: unknown, task: number | undefined): void {
      if (held.length > 0 && heldTask !== task) flush();
      heldTask = task;
      held.push(solution);
      if (held.length >= MAX_BATCH || performance.now() - lastPostAt >= BATCH_MS) flush();
      else timer ??= setTimeout(flush, BATCH_MS);
    },
    /** Sends held solutions once they have waited long enough (the solver is still busy). */
    flushIfDue(): void {
      if (held.length > 0 && performance.now() - lastPostAt >= BATCH_MS) flush();
    },
    post(message: WorkerMessage): void {
      flush();
      post(message);
      lastPostAt = performance.now();
    },
  };
}
