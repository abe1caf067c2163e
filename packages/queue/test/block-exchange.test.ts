// A block's tasks run in one exchange with the solver thread (TaskThread.runBlock, as the worker
// does): on a real search, cut as a submitter plans it, every task's summary and solutions must be
// what running its tasks one by one gives, and the totals the reference counts.
import { describe, expect, it } from 'vitest';
import reference from '@kit/tooling/reference-counts.json' with { type: 'json' };
import type { Summary } from '@kit/core';
import { TaskThread, type TaskSearch } from '@kit/core/host';
import { createNodeWorker } from '@kit/core/node';
import { QUEUE_MAX_TASKS, QUEUE_MIN_CUT, QUEUE_SPLIT_WIDTH, blockCount, tasksOfBlock } from '../src/spec.js';

const pentomino = (size: string, wantSolutions: boolean): TaskSearch => ({
  moduleUrl: new URL('../../pentomino/dist/index.js', import.meta.url).href,
  pluginId: 'pentomino',
  source: { options: { size } },
  splitWidth: QUEUE_SPLIT_WIDTH,
  settings: { wantSolutions, wantProgress: false },
});

/** The search's cuts as a submitter plans them, then every block run both ways on two threads. */
async function bothWays(search: TaskSearch) {
  const planner = new TaskThread(createNodeWorker);
  const oneByOne = new TaskThread(createNodeWorker);
  const inBlocks = new TaskThread(createNodeWorker);
  try {
    await planner.load({ ...search, plan: { maxTasks: QUEUE_MAX_TASKS, minEstimate: QUEUE_MIN_CUT } }, 'plan');
    const cut = { ...search, cuts: planner.cuts };
    const tasksTotal = await oneByOne.load(cut, 'cut');
    expect(await inBlocks.load(cut, 'cut')).toBe(tasksTotal);
    const blocks = blockCount(tasksTotal);
    const summaries: Summary[] = new Array(tasksTotal);
    let solutions = 0;
    for (let block = 0; block < blocks; block++) {
      const tasks = tasksOfBlock(block, blocks, tasksTotal, 'mixed');
      const expected = [];
      for (const task of tasks) expected.push(await oneByOne.run(task));
      const results = await inBlocks.runBlock(tasks);
      expect(results).toEqual(expected);
      for (const result of results) {
        summaries[result.task] = result.summary;
        solutions += result.solutions.length;
      }
    }
    return { tasksTotal, cuts: planner.cuts.length, blocks, merged: (await inBlocks.merge(summaries)).summary, solutions };
  } finally {
    planner.terminate();
    oneByOne.terminate();
    inBlocks.terminate();
  }
}

describe('a block of a real search in one exchange', () => {
  it('6x10 pentomino, counted: the same summaries task by task, the reference totals', async () => {
    const { tasksTotal, cuts, blocks, merged, solutions } = await bothWays(pentomino('6', false));
    expect(cuts).toBeGreaterThan(0);
    expect(tasksTotal).toBeGreaterThan(blocks);
    expect(merged).toMatchObject({ solutions: reference.pentomino['6x10'].distinct, tries: reference.pentomino['6x10'].tries });
    expect(solutions).toBe(0);
  }, 60_000);

  it('4x15 pentomino with its solutions: the same solutions task by task, all of them', async () => {
    const { merged, solutions } = await bothWays(pentomino('4', true));
    expect(merged).toMatchObject({ solutions: reference.pentomino['4x15'].distinct, tries: reference.pentomino['4x15'].tries });
    expect(solutions).toBe(reference.pentomino['4x15'].distinct);
  }, 60_000);
});
