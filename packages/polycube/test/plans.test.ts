// Plans change how the search runs, never what it finds: the WebAssembly listing equals the
// JavaScript one, and every plan the planner can choose counts the same packings.
import { describe, expect, it } from 'vitest';
import { compileProblem } from '../src/compile.js';
import { type Prepared, prepare, runAll } from '../src/engine.js';
import { breakSymmetry, compareCellSets, firstCandidates, planSearch } from '@kit/cover';
import { namedSet } from '../src/sets.js';
import { boxTarget, targetFromLayers } from '../src/target.js';
import { images, key } from './support.js';
import reference from '@kit/tooling/reference-counts.json' with { type: 'json' };

describe('plans', () => {
  it('lists the same placements in WebAssembly and in JavaScript, in every axis order', () => {
    const tower = targetFromLayers([
      ['...', '...', '...'],
      ['...', '.#.', '...'],
      ['..#', '...', '#..'],
    ]);
    for (const [target, pieces] of [
      [boxTarget('2x5x6'), namedSet('solid-pentominoes').pieces],
      [tower, namedSet('tetracubes').pieces],
      // A flat box of 64 cells: no neighbour along C (a shift by 64 is no shift in WebAssembly).
      [boxTarget('8x8x1'), namedSet('tetracubes').pieces],
    ] as const) {
      for (const axes of [
        [0, 1, 2],
        [2, 0, 1],
        [1, 2, 0],
      ] as [number, number, number][]) {
        const wasm = compileProblem(target, pieces, axes);
        const js = compileProblem(target, pieces, axes, { wasm: false });
        expect(wasm.placements).toEqual(js.placements);
        expect(wasm.masks).toEqual(js.masks);
      }
    }
  });

  it('finds the same distinct packings whatever the plan', { timeout: 120_000 }, () => {
    const set = namedSet('solid-pentominoes');
    const target = boxTarget('2x3x10');
    const standard = prepare(target, set.pieces, { planAbove: Infinity });
    const planned = prepare(target, set.pieces, { planAbove: 0 });
    const found = (prepared: typeof standard) => {
      const out: string[][][] = [];
      runAll(prepared, { solution: (layers) => out.push(layers) });
      return out;
    };
    const a = found(standard);
    const b = found(planned);
    expect(a).toHaveLength(12);
    expect(b).toHaveLength(12);
    // The same orbits: every solution of one plan is an image of a solution of the other.
    const orbits = (list: string[][][]) => new Set(list.map((layers) => [...images(layers, true, (n) => n)].sort()[0]));
    expect(orbits(b)).toEqual(orbits(a));
    expect(new Set(a.map(key)).size).toBe(12);
  });

  it('breaks the symmetry the roots leave with more pieces placed first: the same packings, one per orbit, in fewer tries', { timeout: 120_000 }, () => {
    const cases = [
      { target: namedSet('soma').target!, pieces: namedSet('soma').pieces, count: 240, twin: (n: string) => ({ A: 'B', B: 'A' })[n] ?? n },
      { target: namedSet('tetracubes').target!, pieces: namedSet('tetracubes').pieces, count: 695, twin: (n: string) => ({ A: 'B', B: 'A' })[n] ?? n },
      { target: boxTarget('2x3x10'), pieces: namedSet('solid-pentominoes').pieces, count: 12, twin: (n: string) => n },
    ];
    for (const { target, pieces, count, twin } of cases) {
      const standard = prepare(target, pieces, { planAbove: Infinity });
      // Every root of these plans filters at its leaves, else there would be nothing to break.
      expect(standard.plan.roots.some((root) => root.check.length > 0)).toBe(true);
      const broken: Prepared = { ...standard, plan: breakSymmetry(standard.problem, standard.group, standard.plan) };
      expect(broken.plan.roots.length).toBeGreaterThan(standard.plan.roots.length);
      const solve = (prepared: Prepared) => {
        const out: string[][][] = [];
        const { tries } = runAll(prepared, { solution: (layers) => out.push(layers) });
        return { out, tries };
      };
      const a = solve(standard);
      const b = solve(broken);
      expect(b.out).toHaveLength(count);
      expect(b.tries).toBeLessThan(a.tries);
      // One packing per orbit, and the same orbits as the standard plan's.
      const canonical = (layers: string[][]) => [...images(layers, true, twin)].sort()[0];
      expect(new Set(b.out.map(canonical)).size).toBe(count);
      expect(new Set(b.out.map(canonical))).toEqual(new Set(a.out.map(canonical)));
    }
  });

  it('breaks the symmetry at the root of a search too small to plan, where the quick estimate says it pays', () => {
    // The default plan's roots leave the Soma cube's packings to a symmetry check at each leaf.
    const soma = namedSet('soma');
    const prepared = prepare(soma.target!, soma.pieces, { symmetry: 'auto' });
    const standard = planSearch(prepared.problem, prepared.group, 'first');
    expect(standard.roots.some((root) => root.check.length > 0)).toBe(true);
    expect(prepared.plan.roots.length).toBeGreaterThan(standard.roots.length);
    expect(prepared.plan.roots.every((root) => root.check.length === 0)).toBe(true);
    expect(runAll(prepared).solutions).toBe(240);
  });

  it('places a second piece only at the smallest of its images under the elements that fix the first', () => {
    const set = namedSet('solid-pentominoes');
    const standard = prepare(boxTarget('2x5x6'), set.pieces, { planAbove: Infinity });
    const { problem, group } = standard;
    // X is placed first here (it has the fewest placements); the second is I.
    expect(problem.kindNames[standard.plan.kind]).toBe('X');
    const plan = planSearch(problem, group, standard.plan.method, { kind: standard.plan.kind, second: problem.kindNames.indexOf('I') });
    const solutions: string[][][] = [];
    runAll({ ...standard, plan }, { solution: (layers) => solutions.push(layers) });
    expect(solutions).toHaveLength(264);
    expect(new Set(solutions.map((layers) => [...images(layers, true, (n) => n)].sort()[0])).size).toBe(264);
    const imageOf = (g: number, cells: readonly number[]) => cells.map((c) => group.perms[g]![c]!).sort((a, b) => a - b);
    let fixedRoots = 0;
    for (const root of plan.roots) {
      const parent = standard.plan.roots.find((r) => r.prefix[0] === root.prefix[0])!;
      const cells = problem.placements[root.prefix[1]!]!.cells;
      if (parent.check.length > 0) fixedRoots++;
      // No element fixing the first placement maps the second to a smaller one; those mapping it onto itself are checked below.
      for (const g of parent.check) expect(compareCellSets(imageOf(g, cells), cells)).toBeGreaterThanOrEqual(0);
      expect(root.check).toEqual(parent.check.filter((g) => compareCellSets(imageOf(g, cells), cells) === 0));
    }
    expect(fixedRoots).toBeGreaterThan(0);
  });

  it('sends plans too close for a thousand walks to a run-off: the Bedlam cube places X alone first', { timeout: 240_000 }, () => {
    // A thousand walks put X then E (95,170,365 tries) below X alone; the run-off's 16,000 do not.
    const bedlam = namedSet('bedlam');
    const prepared = prepare(bedlam.target!, bedlam.pieces);
    expect(prepared.problem.kindNames[prepared.plan.kind]).toBe('X');
    expect(prepared.plan.second).toBe(-1);
    const { solutions, tries } = runAll(prepared);
    expect({ solutions, tries }).toEqual({ solutions: reference.polycube.bedlam.distinct, tries: reference.polycube.bedlam.tries });
  });

  it('finds the same packings whichever piece breaks the symmetry first', { timeout: 120_000 }, () => {
    const set = namedSet('solid-pentominoes');
    const standard = prepare(boxTarget('2x3x10'), set.pieces, { planAbove: Infinity });
    const { problem, group } = standard;
    const orbits = new Set<string>();
    const firsts = firstCandidates(problem, group);
    expect(firsts).toHaveLength(12);
    for (const kind of firsts) {
      const plan = planSearch(problem, group, 'first', { kind });
      expect(plan.kind).toBe(kind);
      const found: string[] = [];
      runAll({ ...standard, plan }, { solution: (layers) => found.push([...images(layers, true, (n) => n)].sort()[0]!) });
      expect(new Set(found).size).toBe(12);
      expect(found).toHaveLength(12);
      for (const orbit of found) orbits.add(orbit);
    }
    expect(orbits.size).toBe(12);
  });
});
