import type { SatBackend } from '../sat/backend.js';
import type { Classes, Pattern } from './classes.js';

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
export function encodeFill(pattern: Pattern, classes: Classes, sat: SatBackend, guards: boolean) {
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
    fullest.forEach((k, i) => {
      sat.addClause([value[k]![i]!]);
    });
  }
  return { value, selectors };
}

export type Limited = SatBackend & { solveLimited?: (assumptions: readonly number[], maxConflicts: number) => boolean | undefined };

export function solveWithin(sat: Limited, assumptions: number[], maxConflicts: number): boolean | undefined {
  return sat.solveLimited ? sat.solveLimited(assumptions, maxConflicts) : sat.solve(assumptions);
}
