/**
 * The small interface every SAT backend offers. Literals are DIMACS integers: variable v (from 1)
 * is `v`, its negation `-v`. Backends are incremental: clauses may be added between solves, which is
 * what the lazy connectivity cuts and the uniqueness proof rely on.
 */
export interface SatBackend {
  /** The backend's name for messages: `cdcl`, `logic-solver`, or the external solver's command. */
  readonly name: string;
  /** A fresh variable, numbered from 1. */
  newVar(): number;
  /** How many variables have been made. */
  readonly numVars: number;
  /** Adds a clause (DIMACS literals), also between solves. */
  addClause(literals: readonly number[]): void;
  /** True when satisfiable under the assumptions (literals forced true for this call only). */
  solve(assumptions?: readonly number[]): boolean;
  /** The last model: value of variable v (only after `solve` returned true). */
  value(variable: number): boolean;
  /** Every clause added so far, for `--dimacs` (the embedded solver keeps them only when asked). */
  readonly clauses: readonly (readonly number[])[];
}

/** Creates a fresh backend for one problem. */
export type BackendFactory = () => SatBackend;

/**
 * The bookkeeping the solver-program backends share: variables are numbered here and every clause is
 * recorded (the external solver sends them all each time; both can write them for `--dimacs`).
 */
export abstract class RecordingBackend implements SatBackend {
  abstract readonly name: string;
  readonly clauses: number[][] = [];
  protected vars = 0;

  get numVars(): number {
    return this.vars;
  }

  newVar(): number {
    return ++this.vars;
  }

  addClause(literals: readonly number[]): void {
    this.clauses.push([...literals]);
  }

  abstract solve(assumptions?: readonly number[]): boolean;
  abstract value(variable: number): boolean;
}
