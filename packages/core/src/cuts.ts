import type { SplitSearch } from './plugin.js';

/**
 * Cutting a split's largest tasks deeper, so that one run's tasks are of even size (a queued run's
 * slowest job bounds its time). One machine (the submitter) plans the cuts from the plugin's size
 * estimates; every other machine is given them and only applies them: `SplitSearch.parts` is one
 * level of the search, the estimates are not computed again.
 *
 * A cut is a task path (a task number, then part numbers, see `SplitSearch.parts`); a list of cuts is
 * in ascending order (as arrays of numbers), so each cut comes after the one that made its task.
 */

/** Cuts below cuts, at most: deeper than any search's useful balance. */
export const MAX_CUT_DEPTH = 32;

/** Whether a split can be cut deeper. */
export function canCut(split: SplitSearch): boolean {
  return typeof split.parts === 'function' && typeof split.solvePart === 'function';
}

/** A path as people read it: `12.3.0`. */
export function pathText(path: readonly number[]): string {
  return path.join('.');
}

/**
 * Plans the cuts: the task with the largest estimate is cut into its parts, again and again, while
 * the search has at most `maxTasks` tasks and the largest estimate is at least `minEstimate` (a task
 * smaller than that is not worth a job of its own). Empty when the plugin gives no estimates.
 */
export function planCuts(split: SplitSearch, maxTasks: number, minEstimate = 0): number[][] {
  if (!canCut(split) || typeof split.estimate !== 'function') return [];
  const heap = new EstimateHeap();
  for (let task = 0; task < split.tasks; task++) heap.push([task], split.estimate([task]));
  const cuts: number[][] = [];
  let tasks = split.tasks;
  while (heap.size > 0 && heap.largest >= minEstimate) {
    const path = heap.pop();
    const parts = split.parts!(path);
    if (parts < 1) continue;
    // The largest no longer fits: cutting smaller ones would not shorten the run.
    if (tasks - 1 + parts > maxTasks) break;
    cuts.push(path);
    tasks += parts - 1;
    for (let part = 0; part < parts; part++) {
      const child = [...path, part];
      if (child.length <= MAX_CUT_DEPTH) heap.push(child, split.estimate(child));
    }
  }
  return cuts.sort(comparePaths);
}

/**
 * The split with `cuts` applied: its tasks are the uncut paths, in order (a task's parts where it
 * was cut), so solutions keep the order of the split. Every cut is checked against the split; a
 * cut that is not one of its tasks or parts is refused, naming it. At most `maxTasks` tasks.
 */
export function applyCuts<S, P>(split: SplitSearch<S, P>, cuts: readonly (readonly number[])[], maxTasks: number): SplitSearch<S, P> {
  if (cuts.length === 0) return split;
  if (!canCut(split)) throw new Error("the search's split cannot be cut, but the run names cuts");
  const partsOf = new Map<string, number>();
  let tasks = split.tasks;
  let previous: readonly number[] | undefined;
  for (const path of cuts) {
    const name = pathText(path);
    if (path.length < 1 || path.length > MAX_CUT_DEPTH || !path.every((n) => Number.isSafeInteger(n) && n >= 0))
      throw new Error(`cut ${name.slice(0, 200)} is not a task path`);
    if (previous && comparePaths(previous, path) >= 0) throw new Error(`cut ${name} is out of order (after ${pathText(previous)})`);
    previous = path;
    const parent = path.slice(0, -1);
    const last = path[path.length - 1]!;
    const siblings = parent.length === 0 ? split.tasks : partsOf.get(pathText(parent));
    if (siblings === undefined) throw new Error(`cut ${name} is inside ${pathText(parent)}, which is not cut`);
    if (last >= siblings)
      throw new Error(
        `cut ${name} is not a task of the split (${parent.length === 0 ? `it has ${siblings} tasks` : `${pathText(parent)} has ${siblings} parts`})`,
      );
    const parts = split.parts!(path);
    if (!Number.isSafeInteger(parts) || parts < 1) throw new Error(`cut ${name} cannot be cut (no parts)`);
    tasks += parts - 1;
    if (tasks > maxTasks) throw new Error(`the cuts make more than ${maxTasks} tasks`);
    partsOf.set(name, parts);
  }
  const leaves: number[][] = [];
  const expand = (path: number[]) => {
    const parts = partsOf.get(pathText(path));
    if (parts === undefined) leaves.push(path);
    else for (let part = 0; part < parts; part++) expand([...path, part]);
  };
  for (let task = 0; task < split.tasks; task++) expand([task]);
  return {
    tasks: leaves.length,
    solveTask(task, ctx) {
      const path = leaves[task];
      if (!path) throw new Error(`no task ${task}`);
      return path.length === 1 ? split.solveTask(path[0]!, ctx) : split.solvePart!(path, ctx);
    },
    ...(split.merge ? { merge: split.merge.bind(split) } : {}),
    ...(split.finish ? { finish: split.finish.bind(split) } : {}),
  };
}

/** Arrays of numbers in lexicographic order (a prefix first). */
export function comparePaths(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** A max-heap of paths by estimate; equal estimates: the earlier path first, so the plan is the same everywhere. */
class EstimateHeap {
  #items: { path: number[]; estimate: number }[] = [];

  get size(): number {
    return this.#items.length;
  }

  get largest(): number {
    return this.#items[0]?.estimate ?? 0;
  }

  push(path: number[], estimate: number): void {
    const items = this.#items;
    items.push({ path, estimate: Number.isFinite(estimate) ? estimate : 0 });
    for (let i = items.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (!this.#above(i, parent)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  pop(): number[] {
    const items = this.#items;
    const first = items[0]!;
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        let best = i;
        if (l < items.length && this.#above(l, best)) best = l;
        if (l + 1 < items.length && this.#above(l + 1, best)) best = l + 1;
        if (best === i) break;
        [items[i], items[best]] = [items[best]!, items[i]!];
        i = best;
      }
    }
    return first.path;
  }

  #above(i: number, j: number): boolean {
    const a = this.#items[i]!;
    const b = this.#items[j]!;
    return a.estimate > b.estimate || (a.estimate === b.estimate && comparePaths(a.path, b.path) < 0);
  }
}
