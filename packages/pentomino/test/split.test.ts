// The split at the queue's width (256 threads): finer tasks that still add up to the whole search,
// in the single-thread order, the same on every call.
import { createSolveContext } from '@kit/core';
import { describe, expect, it } from 'vitest';
import { boardFromRows, parseInstance, pentominoSet, prepare, runAll, runRoots, seedBoard, splitRoots } from '../src/index.js';
import { solver } from '../src/solver.js';
import type { PackingInstance } from '../src/instance.js';

const QUEUE_WIDTH = 256;

/** Every task of the split at `threads`: the summed summary and the solutions in task order. */
function allTasks(instance: PackingInstance, threads: number) {
  const split = solver.split!(instance, threads)!;
  const solutions: string[] = [];
  let count = 0;
  let tries = 0;
  for (let task = 0; task < split.tasks; task++) {
    const ctx = createSolveContext({}, { solution: (s) => solutions.push((s as { rows: string[] }).rows.join('/')), progress: () => {}, step: () => {} });
    const summary = split.solveTask(task, ctx) as { solutions: number; tries: number };
    count += summary.solutions;
    tries += summary.tries;
  }
  return { tasks: split.tasks, solutions: count, tries, rows: solutions };
}

/** The rows of every solution of a whole search on one thread, in order. */
function oneThread(instance: PackingInstance): string[] {
  const rows: string[] = [];
  runAll(prepare(boardFromRows(instance.board), instance.pieces, { all: instance.all }), { solution: (r) => rows.push(r.join('/')) });
  return rows;
}

describe('split at the queue width', () => {
  it('gives 6x10 exactly: 2339 solutions and 1,256,729 tries over all tasks, in the order of one thread', () => {
    const instance = parseInstance({ size: 6 });
    const whole = allTasks(instance, QUEUE_WIDTH);
    expect(whole).toMatchObject({ solutions: 2339, tries: 1_256_729 });
    expect(whole.tasks).toBeGreaterThan(QUEUE_WIDTH);
    expect(whole.tasks).toBeLessThanOrEqual(8 * 8 * QUEUE_WIDTH);
    expect(whole.rows).toEqual(oneThread(instance));
  });

  it('gives small boards exactly: 3x20, and 5x6 with repeated pieces', () => {
    const strip = parseInstance({ size: 3 });
    expect(allTasks(strip, QUEUE_WIDTH)).toMatchObject({ solutions: 2, tries: 5706 });
    const repeats = parseInstance({ board: { name: 'b.txt', text: '......\n'.repeat(5) }, pieces: 'LLNNPP' });
    const split = allTasks(repeats, QUEUE_WIDTH);
    expect(split).toMatchObject({ solutions: 17, tries: 1703 });
    expect(split.rows).toEqual(oneThread(repeats));
    const all = allTasks(parseInstance({ size: 5, all: true }), QUEUE_WIDTH);
    expect(all.solutions).toBe(4040);
  });

  it('is the same list on every call', () => {
    for (const settings of [{}, { all: true }]) {
      const [a, b] = [0, 1].map(() => splitRoots(prepare(boardFromRows(seedBoard(6)), pentominoSet(), settings), 8 * QUEUE_WIDTH));
      expect(b).toEqual(a);
      expect(a!.roots.length).toBeGreaterThan(8 * QUEUE_WIDTH);
    }
  });

  it('cuts the largest subtrees deeper when asked for more width', () => {
    const prepared = prepare(boardFromRows(seedBoard(6)), pentominoSet(), {});
    const largest = (target: number) => {
      const { roots } = splitRoots(prepared, target);
      return { tasks: roots.length, largest: Math.max(...roots.map((root) => runRoots(prepared, [root]).tries)) };
    };
    const [narrow, wide] = [largest(8 * QUEUE_WIDTH), largest(8 * 4 * QUEUE_WIDTH)];
    expect(wide.tasks).toBeGreaterThan(narrow.tasks);
    expect(wide.largest * 4).toBeLessThan(narrow.largest);
  });
});
