import { describe, expect, it } from 'vitest';
import type { HostMessage, WorkerMessage } from '../src/protocol.js';
import { BATCH_MS, batchingPoster, solutionsToKeep } from '../src/solution-batch.js';
import { serveWorker } from '../src/worker-loop.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const busyWait = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('batchingPoster', () => {
  it('posts the first solution at once, holds the next ones, and sends them before any other message', () => {
    const posted: WorkerMessage[] = [];
    const out = batchingPoster((message) => posted.push(message));
    out.solution('a', 0);
    out.solution('b', 0);
    out.solution('c', 0);
    expect(posted).toEqual([{ type: 'solutions', solutions: ['a'], task: 0 }]);
    out.post({ type: 'task-done', task: 0, summary: { solutions: 3 } });
    expect(posted.slice(1)).toEqual([
      { type: 'solutions', solutions: ['b', 'c'], task: 0 },
      { type: 'task-done', task: 0, summary: { solutions: 3 } },
    ]);
  });

  it("never mixes two tasks' solutions in one message", () => {
    const posted: WorkerMessage[] = [];
    const out = batchingPoster((message) => posted.push(message));
    out.post({ type: 'split', tasks: 2 });
    out.solution('a', 0);
    out.solution('b', 1);
    out.post({ type: 'task-done', task: 1, summary: { solutions: 1 } });
    expect(posted.slice(1)).toEqual([
      { type: 'solutions', solutions: ['a'], task: 0 },
      { type: 'solutions', solutions: ['b'], task: 1 },
      { type: 'task-done', task: 1, summary: { solutions: 1 } },
    ]);
  });

  it('sends held solutions when the solver checks in after BATCH_MS, and by timer when it awaits', async () => {
    const posted: WorkerMessage[] = [];
    const out = batchingPoster((message) => posted.push(message));
    out.post({ type: 'split', tasks: 1 });
    out.solution(1, undefined);
    out.flushIfDue();
    expect(posted).toHaveLength(1);
    busyWait(BATCH_MS + 2);
    out.flushIfDue();
    expect(posted.slice(1)).toEqual([{ type: 'solutions', solutions: [1] }]);
    out.solution(2, undefined);
    expect(posted).toHaveLength(2);
    await sleep(BATCH_MS * 4);
    expect(posted.slice(2)).toEqual([{ type: 'solutions', solutions: [2] }]);
  });
});

describe('batchingPoster with a keep policy', () => {
  it('sends whole only the solutions a host keeps, per task, and counts the rest after them', () => {
    const posted: WorkerMessage[] = [];
    const out = batchingPoster((message) => posted.push(message));
    // 64 bytes a solution at least: room for three.
    out.keep({ bytes: 3 * 64, most: 1000 });
    out.post({ type: 'split', tasks: 2 });
    for (const solution of ['a', 'b', 'c', 'd', 'e']) out.solution(solution, 0);
    for (const solution of ['v', 'w', 'x', 'y']) out.solution(solution, 1);
    out.post({ type: 'task-done', task: 1, summary: { solutions: 4 } });
    const forTask = (task: number) => posted.filter((message) => 'task' in message && message.task === task && message.type !== 'task-done');
    const whole = (task: number) => forTask(task).flatMap((message) => (message.type === 'solutions' ? message.solutions : []));
    const counted = (task: number) => forTask(task).reduce((sum, message) => sum + (message.type === 'counted' ? message.count : 0), 0);
    expect(whole(0)).toEqual(['a', 'b', 'c']);
    expect(counted(0)).toBe(2);
    expect(whole(1)).toEqual(['v', 'w', 'x']);
    expect(counted(1)).toBe(1);
    // Within a task, nothing counted comes before a solution sent whole; the task's end comes last.
    for (const task of [0, 1]) {
      const kinds = forTask(task).map((message) => message.type);
      expect(kinds.lastIndexOf('solutions')).toBeLessThan(kinds.indexOf('counted'));
    }
    expect(posted.at(-1)).toEqual({ type: 'task-done', task: 1, summary: { solutions: 4 } });
  });

  it("keeps by the first solution's size, within the count cap", () => {
    expect(solutionsToKeep('x'.repeat(998), { bytes: 10_000, most: 1000 })).toBe(10);
    expect(solutionsToKeep(1, { bytes: 64 * 500, most: 100 })).toBe(100);
    expect(solutionsToKeep('x'.repeat(10_000), { bytes: 100, most: 5 })).toBe(1);
    expect(solutionsToKeep(new Map([[1, 2]]), { bytes: 64 * 7, most: 1000 })).toBe(7);
  });
});

describe('serveWorker', () => {
  it("sends a fast search's solutions in a few messages, all of them in order, before done", async () => {
    const posted: WorkerMessage[] = [];
    let send: (message: HostMessage) => void = () => {};
    serveWorker(
      { post: (message) => posted.push(message), onMessage: (handler) => (send = handler) },
      (url) => import(url) as Promise<Record<string, unknown>>,
    );
    const moduleUrl = new URL('./fixtures/counting-plugin.js', import.meta.url).href;
    send({ type: 'load', moduleUrl, pluginId: 'counting', instance: { n: 1000, mode: 'plain' }, threads: 1, role: 'lead', settings: {} });
    while (posted.at(-1)?.type !== 'done' && posted.at(-1)?.type !== 'error') await sleep(5);
    const batches = posted.filter((message) => message.type === 'solutions');
    expect(batches.flatMap((message) => message.solutions)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    expect(batches.length).toBeLessThan(50);
    expect(posted.at(-1)).toEqual({ type: 'done', summary: { solutions: 1000, tries: 1000 } });
  });
});
