import type { SatBackend } from './sat/backend.js';
import { classesOf, type Pattern } from './fill/classes.js';
import { constructFilling } from './fill/construct.js';
import { countingFault } from './fill/counting.js';
import { repairFilling } from './fill/repair.js';
import { encodeFill, solveWithin, type Limited } from './fill/sat.js';

export type { Pattern } from './fill/classes.js';

/** How {@link fillPattern} searches; the defaults suit every pattern. */
export interface FillOptions {
  /** false: SAT alone, as before the construction existed (the benchmark's reference). */
  construct?: boolean;
  /** The SAT search's budget (default 300,000 conflicts); when it runs out the result is `undecided`. */
  maxConflicts?: number;
}

/** A filled pattern's numbers (row-major), or the rows and columns that cannot be filled together. */
export type FillResult =
  | { ok: true; numbers: number[] }
  /**
   * No filling: rows and columns (from 1) at fault, and `message` when a simple count explains it.
   * With `undecided` nothing is proven: the search gave up, and `message` says why.
   */
  | { ok: false; rows: number[]; columns: number[]; message?: string; undecided?: boolean };

/** Conflicts allowed per check while narrowing down the lines at fault (a check that runs out keeps its line), and in all. */
const CORE_CHECK_CONFLICTS = 20_000;
const CORE_CONFLICTS = 200_000;
/** Conflicts allowed for the filling itself before giving up on a pattern as too hard to decide. */
const FILL_CONFLICTS = 300_000;
/**
 * Local-search steps before the SAT search takes over (each step costs about one line's worth of
 * work): 50 per class, at least 1,000 and at most 200,000. Designs from generated puzzles up to
 * 100x100 needed at most a few thousand; small impossible patterns reach SAT at once.
 */
const repairSteps = (classes: number) => Math.min(200_000, Math.max(1_000, 50 * classes));
/**
 * The largest SAT encoding (classes x numbers) tried when the construction gets stuck. Beyond it the
 * one-hot encoding needs gigabytes (a 100x100 pattern: a million variables, 1.3 GB), so the answer
 * is an honest "not decided" instead.
 */
const SAT_MAX_VARS = 250_000;

/**
 * Fills a pattern with numbers 1..max(width, height) so that equal labels in a line get equal numbers
 * and every other pair in a row or column differs. In order: a counting argument that proves some
 * patterns impossible at once; a construction line by line (bipartite matching, no search) that
 * fills every all-free pattern and most designs; then SAT, which either fills, proves that nothing
 * can (and names a smallest set of rows and columns that cannot be filled together, found by
 * dropping lines one at a time), or runs out of its budget and says so without claiming either.
 */
export function fillPattern(pattern: Pattern, backend: () => SatBackend, options: FillOptions = {}): FillResult {
  const classes = classesOf(pattern);
  const counted = countingFault(pattern, classes);
  if (counted) return { ok: false, ...counted };
  const numbersOf = (classValue: ArrayLike<number>) => Array.from(classes.classOf, (k) => (k >= 0 ? classValue[k]! : 0));
  const built = (options.construct === false ? [] : pattern.width === pattern.height ? [false, true] : [false])
    .map((transpose) => constructFilling(pattern, classes, transpose))
    .reduce<ReturnType<typeof constructFilling> | undefined>((a, b) => (a && a.unmatched <= b.unmatched ? a : b), undefined);
  const repaired = !built || built.unmatched === 0 ? built?.value : repairFilling(pattern, classes, built.value, repairSteps(classes.count));
  if (repaired) return { ok: true, numbers: numbersOf(repaired) };
  const n = Math.max(pattern.width, pattern.height);
  if (options.construct !== false && classes.count * n > SAT_MAX_VARS) {
    return {
      ok: false,
      rows: [],
      columns: [],
      undecided: true,
      message: `no filling found: the construction got stuck and the pattern (${classes.count} cells or groups x ${n} numbers) is too large for an exhaustive search, so a filling may still exist`,
    };
  }
  const sat: Limited = backend();
  const { value } = encodeFill(pattern, classes, sat, false);
  const budget = options.maxConflicts ?? FILL_CONFLICTS;
  const filled = solveWithin(sat, [], budget);
  if (filled === undefined) {
    return {
      ok: false,
      rows: [],
      columns: [],
      undecided: true,
      message: `no filling found: the search gave up after ${budget} conflicts without deciding, so a filling may still exist`,
    };
  }
  if (filled) return { ok: true, numbers: numbersOf(value.map((vars) => vars.findIndex((v) => sat.value(v)) + 1)) };
  const guarded: Limited = backend();
  const { selectors } = encodeFill(pattern, classes, guarded, true);
  let core = selectors.map((_, i) => i);
  const spent = () => (guarded as { conflicts?: number }).conflicts ?? 0;
  for (const line of [...core]) {
    const budget = Math.min(CORE_CHECK_CONFLICTS, CORE_CONFLICTS - spent());
    if (budget <= 0) break; // what is left is still a set that cannot be filled, if not the smallest
    const without = core.filter((i) => i !== line);
    if (solveWithin(guarded, [...without.map((i) => selectors[i]!), -selectors[line]!], budget) === false) core = without;
  }
  const rows = core.filter((i) => i < pattern.height).map((i) => i + 1);
  const columns = core.filter((i) => i >= pattern.height).map((i) => i - pattern.height + 1);
  return { ok: false, rows, columns };
}
