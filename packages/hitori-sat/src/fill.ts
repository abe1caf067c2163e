import type { SatBackend } from './sat/backend.js';

/** A designer's pattern: labels row-major, 0 a free cell, -1 blank, equal non-zero labels in a line share a number. */
export interface Pattern {
  width: number;
  height: number;
  labels: number[];
}

export type FillResult =
  | { ok: true; numbers: number[] }
  /** Rows and columns (from 1) at fault; `message` when a simple count explains it. */
  | { ok: false; rows: number[]; columns: number[]; message?: string; undecided?: boolean };

/** Conflicts allowed per check while narrowing down the lines at fault (a check that runs out keeps its line), and in all. */
const CORE_CHECK_CONFLICTS = 20_000;
const CORE_CONFLICTS = 200_000;
/** Conflicts allowed for the filling itself before giving up on a pattern as too hard to decide. */
const FILL_CONFLICTS = 300_000;

interface Classes {
  classOf: Int32Array; // -1 for a blank cell
  count: number;
  /** Per line (rows first, then columns): the distinct classes in it. */
  lines: number[][];
}

/** Cells that must carry the same number: equal non-zero labels in a row or column, joined transitively. */
function classesOf(pattern: Pattern): Classes {
  const { width, height, labels } = pattern;
  const size = width * height;
  const parent = Int32Array.from({ length: size }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  const lineCells: number[][] = [];
  for (let y = 0; y < height; y++) lineCells.push(Array.from({ length: width }, (_, x) => y * width + x));
  for (let x = 0; x < width; x++) lineCells.push(Array.from({ length: height }, (_, y) => y * width + x));
  for (const cells of lineCells) {
    const first = new Map<number, number>();
    for (const cell of cells) {
      const label = labels[cell]!;
      if (label <= 0) continue;
      const earlier = first.get(label);
      if (earlier === undefined) first.set(label, cell);
      else parent[find(cell)] = find(earlier);
    }
  }
  const classOf = new Int32Array(size).fill(-1);
  const ids = new Map<number, number>();
  for (let cell = 0; cell < size; cell++) {
    if (labels[cell]! < 0) continue;
    const root = find(cell);
    let id = ids.get(root);
    if (id === undefined) ids.set(root, (id = ids.size));
    classOf[cell] = id;
  }
  const lines = lineCells.map((cells) => [...new Set(cells.map((c) => classOf[c]!).filter((k) => k >= 0))]);
  return { classOf, count: ids.size, lines };
}

// Pairwise clauses propagate best and the solver keeps binary clauses cheaply; past this length the
// quadratic count costs more to build than it saves (measured on 25x25 and 40x40 fills).
const PAIRWISE_UP_TO = 26;

/** At most one of the literals: pairwise when short, a sequential counter (Sinz) when long. */
function atMostOne(sat: SatBackend, lits: number[], guard: number[]): void {
  if (lits.length <= PAIRWISE_UP_TO) {
    for (let i = 0; i < lits.length; i++) for (let j = i + 1; j < lits.length; j++) sat.addClause([-lits[i]!, -lits[j]!, ...guard]);
    return;
  }
  let prev = 0;
  for (let i = 0; i < lits.length; i++) {
    const lit = lits[i]!;
    const last = i === lits.length - 1;
    const s = last ? 0 : sat.newVar();
    if (s) sat.addClause([-lit, s, ...guard]);
    if (prev) {
      sat.addClause([-prev, -lit, ...guard]);
      if (s) sat.addClause([-prev, s, ...guard]);
    }
    prev = s;
  }
}

/**
 * Encodes the filling: a one-hot value 1..n per class, every value at most once per line (and, on a
 * line with n classes, at least once). With `guards`, each line's clauses hang on a selector so the
 * lines at fault can be found; without, the fullest line is fixed to 1, 2, 3... (numbers are
 * interchangeable, so this loses no filling and saves the solver from trying permutations).
 */
function encodeFill(pattern: Pattern, classes: Classes, sat: SatBackend, guards: boolean) {
  const n = Math.max(pattern.width, pattern.height);
  const value: number[][] = [];
  for (let k = 0; k < classes.count; k++) {
    const vars = Array.from({ length: n }, () => sat.newVar());
    value.push(vars);
    sat.addClause(vars);
  }
  const selectors = classes.lines.map(() => (guards ? sat.newVar() : 0));
  classes.lines.forEach((members, index) => {
    const guard = guards ? [-selectors[index]!] : [];
    for (let v = 0; v < n; v++) {
      const lits = members.map((k) => value[k]![v]!);
      atMostOne(sat, lits, guard);
      if (members.length === n) sat.addClause([...lits, ...guard]);
    }
  });
  if (!guards && classes.lines.length > 0) {
    const fullest = classes.lines.reduce((a, b) => (b.length > a.length ? b : a));
    fullest.forEach((k, i) => sat.addClause([value[k]![i]!]));
  }
  return { value, selectors };
}

const cellName = (width: number, cell: number) => `r${Math.floor(cell / width) + 1}c${(cell % width) + 1}`;

/** `2, 4-60` style: runs of three or more consecutive numbers shortened, the last joined by "and". */
function listOf(items: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < items.length; ) {
    let j = i;
    while (j + 1 < items.length && items[j + 1] === items[j]! + 1) j++;
    if (j - i >= 2) parts.push(`${items[i]}-${items[j]}`);
    else for (let k = i; k <= j; k++) parts.push(String(items[k]));
    i = j + 1;
  }
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * A counting argument that catches what a SAT solver finds hardest (it is the pigeonhole problem):
 * a line with n different classes uses every number, so the number of a class K appears in every
 * such row that K is not in, each time in a column K is not in, and a column holds it once at most.
 * More such rows than free columns (or the same with rows and columns swapped) means no filling.
 */
function countingFault(pattern: Pattern, classes: Classes): FillResult | undefined {
  const { width, height, labels } = pattern;
  const n = Math.max(width, height);
  const cellsOf: number[][] = Array.from({ length: classes.count }, () => []);
  classes.classOf.forEach((k, cell) => {
    if (k >= 0) cellsOf[k]!.push(cell);
  });
  const full = classes.lines.map((members) => members.length === n);
  for (let k = 0; k < classes.count; k++) {
    const cells = cellsOf[k]!;
    if (cells.length < 2) continue;
    const inRows = new Set(cells.map((c) => Math.floor(c / width)));
    const inCols = new Set(cells.map((c) => c % width));
    const where = `the number of the ${labels[cells[0]!]}s at ${cells.slice(0, 4).map((c) => cellName(width, c)).join(', ')}${cells.length > 4 ? ', ...' : ''}`;
    const needRows = Array.from({ length: height }, (_, r) => r).filter((r) => full[r] && !inRows.has(r));
    const freeCols = Array.from({ length: width }, (_, c) => c).filter((c) => !inCols.has(c));
    if (needRows.length > freeCols.length) {
      const rows = needRows.map((r) => r + 1);
      const columns = freeCols.map((c) => c + 1);
      const only = columns.length === 0 ? 'no column is' : `only column${columns.length > 1 ? 's' : ''} ${listOf(columns)} ${columns.length > 1 ? 'are' : 'is'}`;
      return { ok: false, rows, columns, message: `${where} must appear in row${rows.length > 1 ? 's' : ''} ${listOf(rows)}, but ${only} free to hold it` };
    }
    const needCols = Array.from({ length: width }, (_, c) => c).filter((c) => full[height + c] && !inCols.has(c));
    const freeRows = Array.from({ length: height }, (_, r) => r).filter((r) => !inRows.has(r));
    if (needCols.length > freeRows.length) {
      const columns = needCols.map((c) => c + 1);
      const rows = freeRows.map((r) => r + 1);
      const only = rows.length === 0 ? 'no row is' : `only row${rows.length > 1 ? 's' : ''} ${listOf(rows)} ${rows.length > 1 ? 'are' : 'is'}`;
      return { ok: false, rows, columns, message: `${where} must appear in column${columns.length > 1 ? 's' : ''} ${listOf(columns)}, but ${only} free to hold it` };
    }
  }
  return undefined;
}

type Limited = SatBackend & { solveLimited?: (assumptions: readonly number[], maxConflicts: number) => boolean | undefined };

function solveWithin(sat: Limited, assumptions: number[], maxConflicts: number): boolean | undefined {
  return sat.solveLimited ? sat.solveLimited(assumptions, maxConflicts) : sat.solve(assumptions);
}

/**
 * Fills a pattern with numbers 1..max(width, height) so that equal labels in a line get equal numbers
 * and every other pair in a row or column differs. When that is impossible, says why by counting
 * where it can, else names a smallest set of rows and columns that cannot be filled together (found
 * by dropping lines one at a time).
 */
export function fillPattern(pattern: Pattern, backend: () => SatBackend): FillResult {
  const classes = classesOf(pattern);
  const counted = countingFault(pattern, classes);
  if (counted) return counted;
  const sat: Limited = backend();
  const { value } = encodeFill(pattern, classes, sat, false);
  const filled = solveWithin(sat, [], FILL_CONFLICTS);
  if (filled === undefined) {
    return { ok: false, rows: [], columns: [], undecided: true, message: `no filling found within ${FILL_CONFLICTS} conflicts (the pattern may be impossible)` };
  }
  if (filled) {
    const classValue = value.map((vars) => vars.findIndex((v) => sat.value(v)) + 1);
    const numbers = Array.from(classes.classOf, (k) => (k >= 0 ? classValue[k]! : 0));
    return { ok: true, numbers };
  }
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
