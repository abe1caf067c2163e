// The split at the queue's width, its largest tasks cut deeper as a queue's submitter plans it:
// the cut tasks still add up to the whole search exactly, in the single-thread order; a cut that is
// not one of the split's parts is refused.
import { applyCuts, createSolveContext, planCuts } from '@kit/core/host';
import reference from '@kit/tooling/reference-counts.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { boardFromRows, parseInstance } from '../src/index.js';
import { prepare, runAll } from '../src/engine.js';
import { solver } from '../src/solver.js';
import type { PackingInstance } from '../src/instance.js';

const QUEUE_WIDTH = 256;

/** Every task of `instance` split at the queue's width with `cuts`: sums, rows in task order, each task's tries. */
function allTasks(instance: PackingInstance, cuts: number[][]) {
  const split = applyCuts(solver.split!(instance, QUEUE_WIDTH)!, cuts, 1_000_000);
  const rows: string[] = [];
  const tries: number[] = [];
  let solutions = 0;
  for (let task = 0; task < split.tasks; task++) {
    const ctx = createSolveContext({}, { solution: (s) => rows.push((s as { rows: string[] }).rows.join('/')), progress: () => {}, step: () => {} });
    const summary = split.solveTask(task, ctx) as { solutions: number; tries: number };
    solutions += summary.solutions;
    tries.push(summary.tries);
  }
  return { tasks: split.tasks, solutions, tries: tries.reduce((a, b) => a + b, 0), largest: Math.max(...tries), rows };
}

function oneThread(instance: PackingInstance): string[] {
  const rows: string[] = [];
  runAll(prepare(boardFromRows(instance.board), instance.pieces, { all: instance.all }), { solution: (r) => rows.push(r.join('/')) });
  return rows;
}

const plan = (instance: PackingInstance, extra: number) => {
  const split = solver.split!(instance, QUEUE_WIDTH)!;
  return { base: split.tasks, cuts: planCuts(split, split.tasks + extra) };
};

describe('a split cut deeper where its tasks are largest', () => {
  it('gives 6x10 exactly (the reference counts and tries) in the order of one thread, its largest task smaller', () => {
    const instance = parseInstance({ size: 6 });
    const { base, cuts } = plan(instance, 2000);
    expect(cuts.length).toBeGreaterThan(50);
    const uncut = allTasks(instance, []);
    const { distinct: solutions, tries } = reference.pentomino['6x10'];
    const cut = allTasks(instance, cuts);
    expect(uncut).toMatchObject({ tasks: base, solutions, tries });
    expect(cut).toMatchObject({ solutions, tries });
    expect(cut.tasks).toBeGreaterThan(base);
    expect(cut.tasks).toBeLessThanOrEqual(base + 2000);
    expect(cut.largest * 2).toBeLessThan(uncut.largest);
    expect(cut.rows).toEqual(oneThread(instance));
  });

  it('gives small boards exactly: 3x20, 5x6 with repeated pieces, 5x12 --all', () => {
    for (const [instance, solutions, tries] of [
      [parseInstance({ size: 3 }), reference.pentomino['3x20'].distinct, reference.pentomino['3x20'].tries],
      [parseInstance({ board: { name: 'b.txt', text: '......\n'.repeat(5) }, pieces: 'LLNNPP' }), 17, 1703],
    ] as const) {
      const cut = allTasks(instance, plan(instance, 500).cuts);
      expect(cut).toMatchObject({ solutions, tries });
      expect(cut.rows).toEqual(oneThread(instance));
    }
    const all = parseInstance({ size: 5, all: true });
    expect(allTasks(all, plan(all, 3000).cuts)).toMatchObject({ solutions: 4040, tries: allTasks(all, []).tries });
  });

  it('plans the same cuts on every call, whatever was estimated before', () => {
    const instance = parseInstance({ size: 6 });
    const first = plan(instance, 1000).cuts;
    expect(first.length).toBeGreaterThan(20);
    expect(plan(instance, 1000).cuts).toEqual(first);
    // Estimates asked for in another order (deepest first) on the same split are the same figures.
    const split = solver.split!(instance, QUEUE_WIDTH)!;
    const fresh = solver.split!(instance, QUEUE_WIDTH)!;
    const deep = [first.at(-1)!, [first.at(-1)![0]!], [0]];
    const there = deep.map((path) => split.estimate!(path));
    expect(
      deep
        .reverse()
        .map((path) => fresh.estimate!(path))
        .reverse(),
    ).toEqual(there);
    expect(planCuts(split, split.tasks + 1000)).toEqual(first);
  });

  it('guesses a tree small enough to sample whole exactly: the tries below each task and part', () => {
    for (const instance of [parseInstance({ size: 3 }), parseInstance({ board: { name: 'b.txt', text: '......\n'.repeat(5) }, pieces: 'LLNNPP' })]) {
      const split = solver.split!(instance, QUEUE_WIDTH)!;
      const quiet = () => createSolveContext({}, { solution: () => {}, progress: () => {}, step: () => {} });
      const triesOf = (summary: unknown) => (summary as { tries: number }).tries;
      for (let task = 1; task < split.tasks; task++) {
        expect(split.estimate!([task])).toBe(triesOf(split.solveTask(task, quiet())));
        // A part other than the first carries no other tries than its own subtree's.
        if (split.parts!([task]) > 1) expect(split.estimate!([task, 1])).toBe(triesOf(split.solvePart!([task, 1], quiet())));
      }
    }
  });

  it('refuses cuts that are not parts of the split, naming them', () => {
    const split = solver.split!(parseInstance({ size: 6 }), QUEUE_WIDTH)!;
    const apply = (cuts: number[][]) => () => applyCuts(split, cuts, 1_000_000);
    expect(apply([[split.tasks]])).toThrow(`cut ${split.tasks} is not a task of the split (it has ${split.tasks} tasks)`);
    expect(apply([[0, 0]])).toThrow('cut 0.0 is inside 0, which is not cut');
    expect(apply([[1], [0]])).toThrow('cut 0 is out of order (after 1)');
    expect(apply([[0], [0]])).toThrow('cut 0 is out of order (after 0)');
    const parts = split.parts!([0]);
    expect(apply([[0], [0, parts]])).toThrow(`cut 0.${parts} is not a task of the split (0 has ${parts} parts)`);
    // Cut down to the last piece: nothing below to cut.
    const deep: number[][] = [];
    for (let path = [0]; split.parts!(path) > 0; path = [...path, 0]) deep.push(path);
    expect(() => applyCuts(split, [...deep, [...deep.at(-1)!, 0]], 1_000_000)).toThrow(`cut ${[...deep.at(-1)!, 0].join('.')} cannot be cut (no parts)`);
    expect(apply([[0], [1]])).not.toThrow();
    expect(() => applyCuts(split, [[0]], split.tasks)).toThrow(`the cuts make more than ${split.tasks} tasks`);
  });
});
