import type { SatBackend } from './backend.js';

// A compact CDCL solver in the MiniSat mould: two watched literals (with binary clauses kept in their
// own implication lists, since most Hitori clauses are binary), first-UIP learning with local clause
// minimisation, VSIDS on a binary heap, phase saving, Luby restarts and learnt-clause reduction.
// It is incremental (clauses can be added between solves) and supports assumptions.
//
// Internal literal: 2 * (v - 1) + (negative ? 1 : 0). Values per literal: 1 true, -1 false, 0 unset.

const NO_REASON = -1;

function luby(y: number, x: number): number {
  let size = 1;
  let seq = 0;
  while (size < x + 1) {
    seq++;
    size = 2 * size + 1;
  }
  while (size - 1 !== x) {
    size = (size - 1) >> 1;
    seq--;
    x = x % size;
  }
  return y ** seq;
}

/**
 * The embedded SAT solver (CDCL, in the MiniSat mould): the default backend, the one that runs in a
 * browser, incremental and with assumptions.
 */
export class CdclSolver implements SatBackend {
  /** `cdcl`, the name `--sat-solver` takes. */
  readonly name = 'cdcl';
  private readonly recorded: number[][] = [];
  /** Conflicts met so far, over every solve: the measure of how hard the search was. */
  conflicts = 0;
  /** Branching decisions made so far, over every solve. */
  decisions = 0;
  /** Literals assigned by unit propagation so far, over every solve. */
  propagations = 0;

  private vars = 0;
  private capacity = 0;
  private values = new Int8Array(0); // per literal
  private level = new Int32Array(0); // per variable
  private reason = new Int32Array(0); // per variable: clause index, or -2 - falseLiteral for a binary reason
  private activity = new Float64Array(0);
  private polarity = new Uint8Array(0); // saved phase: 1 = last assigned false
  private seen = new Uint8Array(0);
  private heap: number[] = [];
  private heapIndex = new Int32Array(0);
  private binaries: number[][] = []; // per literal L: literals implied when L becomes false
  private watches: number[][] = []; // per literal L: long clauses watching L
  private store: Int32Array[] = [];
  private learnt: boolean[] = [];
  private clauseActivity: number[] = [];
  private freeSlots: number[] = [];
  private learntCount = 0;
  private trail = new Int32Array(0);
  private trailSize = 0;
  private trailLimits: number[] = [];
  private queueHead = 0;
  private varIncrement = 1;
  private clauseIncrement = 1;
  private ok = true;
  private model = new Int8Array(0);

  /**
   * @param record keep every added clause (for `--dimacs`); off by default, since holding hundreds
   *   of thousands of small arrays costs more in garbage collection than the solving itself.
   */
  constructor(private readonly record = false) {}

  /** Every clause added, when the solver was made with `record` (for `--dimacs`); empty otherwise. */
  get clauses(): readonly (readonly number[])[] {
    return this.recorded;
  }

  /** How many variables {@link CdclSolver.newVar} has made. */
  get numVars(): number {
    return this.vars;
  }

  /** A fresh variable, numbered from 1 (its DIMACS literal; its negation is the negative number). */
  newVar(): number {
    if (this.vars === this.capacity) this.grow(Math.max(64, this.capacity * 2));
    const v = this.vars++;
    this.reason[v] = NO_REASON;
    this.polarity[v] = 1;
    this.binaries.push([], []);
    this.watches.push([], []);
    this.heapIndex[v] = -1;
    this.heapInsert(v);
    return v + 1;
  }

  private grow(capacity: number): void {
    const copy = <T extends Int8Array | Int32Array | Float64Array | Uint8Array>(old: T, size: number, make: (n: number) => T): T => {
      const next = make(size);
      next.set(old);
      return next;
    };
    this.values = copy(this.values, capacity * 2, (n) => new Int8Array(n));
    this.level = copy(this.level, capacity, (n) => new Int32Array(n));
    this.reason = copy(this.reason, capacity, (n) => new Int32Array(n));
    this.activity = copy(this.activity, capacity, (n) => new Float64Array(n));
    this.polarity = copy(this.polarity, capacity, (n) => new Uint8Array(n));
    this.seen = copy(this.seen, capacity, (n) => new Uint8Array(n));
    this.heapIndex = copy(this.heapIndex, capacity, (n) => new Int32Array(n));
    this.trail = copy(this.trail, capacity, (n) => new Int32Array(n));
    this.capacity = capacity;
  }

  /** The value to try first when the solver branches on this variable (default false). */
  preferTrue(variable: number, prefer = true): void {
    this.polarity[variable - 1] = prefer ? 0 : 1;
  }

  /** The variable's value in the last model (only after `solve` returned true). */
  value(variable: number): boolean {
    return this.model[variable - 1] === 1;
  }

  private static toLit(dimacs: number): number {
    return dimacs > 0 ? 2 * (dimacs - 1) : 2 * (-dimacs - 1) + 1;
  }

  /** Adds a clause of DIMACS literals, also between solves; a RangeError names a literal of no variable. */
  addClause(literals: readonly number[]): void {
    for (let i = 0; i < literals.length; i++) {
      const lit = literals[i]!;
      if (!Number.isInteger(lit) || lit === 0 || Math.abs(lit) > this.vars) throw new RangeError(`bad literal ${lit}`);
    }
    if (this.record) this.recorded.push([...literals]);
    if (!this.ok) return;
    if (this.trailLimits.length > 0) this.cancelUntil(0);
    if (literals.length === 2 && this.addBinary(CdclSolver.toLit(literals[0]!), CdclSolver.toLit(literals[1]!))) return;
    const lits: number[] = [];
    for (let i = 0; i < literals.length; i++) {
      const lit = CdclSolver.toLit(literals[i]!);
      const value = this.values[lit]!;
      if (value === 1) return; // satisfied
      if (value === -1) continue;
      let duplicate = false;
      for (let k = 0; k < lits.length && !duplicate; k++) {
        if (lits[k] === (lit ^ 1)) return; // tautology
        duplicate = lits[k] === lit;
      }
      if (!duplicate) lits.push(lit);
    }
    if (lits.length === 0) {
      this.ok = false;
    } else if (lits.length === 1) {
      this.assign(lits[0]!, NO_REASON);
      if (this.propagate() !== null) this.ok = false;
    } else {
      this.attach(lits, false);
    }
  }

  /** The common case of two unassigned, distinct literals, without allocating; false if not that case. */
  private addBinary(a: number, b: number): boolean {
    if (a === b || a === (b ^ 1) || this.values[a] !== 0 || this.values[b] !== 0) return false;
    this.binaries[a]!.push(b);
    this.binaries[b]!.push(a);
    return true;
  }

  /** Adds a clause to the watch structures; returns its reason code. */
  private attach(lits: number[], learnt: boolean): number {
    if (lits.length === 2) {
      const a = lits[0]!;
      const b = lits[1]!;
      this.binaries[a]!.push(b);
      this.binaries[b]!.push(a);
      return -2 - b; // reason for a: b is false
    }
    const clause = Int32Array.from(lits);
    const index = this.freeSlots.length > 0 ? this.freeSlots.pop()! : this.store.length;
    this.store[index] = clause;
    this.learnt[index] = learnt;
    this.clauseActivity[index] = 0;
    if (learnt) this.learntCount++;
    this.watches[clause[0]!]!.push(index);
    this.watches[clause[1]!]!.push(index);
    return index;
  }

  private assign(lit: number, reason: number): void {
    const v = lit >> 1;
    this.values[lit] = 1;
    this.values[lit ^ 1] = -1;
    this.level[v] = this.trailLimits.length;
    this.reason[v] = reason;
    this.trail[this.trailSize++] = lit;
  }

  /** Unit propagation; returns the conflicting clause's literals, or null. */
  private propagate(): number[] | null {
    const values = this.values;
    while (this.queueHead < this.trailSize) {
      const p = this.trail[this.queueHead++]!;
      const falseLit = p ^ 1;
      this.propagations++;
      const implied = this.binaries[falseLit]!;
      for (let i = 0; i < implied.length; i++) {
        const other = implied[i]!;
        const value = values[other]!;
        if (value === 1) continue;
        if (value === -1) return [other, falseLit];
        this.assign(other, -2 - falseLit);
      }
      const watchers = this.watches[falseLit]!;
      let keep = 0;
      let i = 0;
      for (; i < watchers.length; i++) {
        const index = watchers[i]!;
        const clause = this.store[index]!;
        if (clause[0] === falseLit) {
          clause[0] = clause[1]!;
          clause[1] = falseLit;
        }
        const first = clause[0]!;
        if (values[first] === 1) {
          watchers[keep++] = index;
          continue;
        }
        let moved = false;
        for (let k = 2; k < clause.length; k++) {
          const lit = clause[k]!;
          if (values[lit] !== -1) {
            clause[1] = lit;
            clause[k] = falseLit;
            this.watches[lit]!.push(index);
            moved = true;
            break;
          }
        }
        if (moved) continue;
        watchers[keep++] = index;
        if (values[first] === -1) {
          for (i++; i < watchers.length; i++) watchers[keep++] = watchers[i]!;
          watchers.length = keep;
          this.queueHead = this.trailSize;
          return Array.from(clause);
        }
        this.assign(first, index);
      }
      watchers.length = keep;
    }
    return null;
  }

  /** The false literals that forced variable v (excluding v's own literal). */
  private reasonLits(v: number): ArrayLike<number> {
    const reason = this.reason[v]!;
    if (reason <= -2) return [-2 - reason];
    const clause = this.store[reason]!;
    if (this.learnt[reason]) this.bumpClause(reason);
    return clause.subarray(1);
  }

  private analyze(conflict: number[]): { learnt: number[]; backtrack: number } {
    const seen = this.seen;
    const level = this.level;
    const current = this.trailLimits.length;
    const learnt: number[] = [-1];
    let pathCount = 0;
    let p = -1;
    let index = this.trailSize - 1;
    let lits: ArrayLike<number> = conflict;
    for (;;) {
      for (let i = 0; i < lits.length; i++) {
        const q = lits[i]!;
        const v = q >> 1;
        if (seen[v] || level[v] === 0) continue;
        seen[v] = 1;
        this.bumpVar(v);
        if (level[v]! >= current) pathCount++;
        else learnt.push(q);
      }
      while (!seen[this.trail[index]! >> 1]) index--;
      p = this.trail[index]!;
      index--;
      seen[p >> 1] = 0;
      pathCount--;
      if (pathCount === 0) break;
      lits = this.reasonLits(p >> 1);
    }
    learnt[0] = p ^ 1;
    // Local minimisation: drop a literal whose reason is already covered by the clause.
    const marked = learnt.slice(1);
    let size = 1;
    for (let i = 1; i < learnt.length; i++) {
      const v = learnt[i]! >> 1;
      const reason = this.reason[v]!;
      let redundant = reason !== NO_REASON;
      if (redundant) {
        const why = reason <= -2 ? [-2 - reason] : this.store[reason]!.subarray(1);
        for (let k = 0; k < why.length; k++) {
          const u = why[k]! >> 1;
          if (!seen[u] && level[u]! > 0) {
            redundant = false;
            break;
          }
        }
      }
      if (!redundant) learnt[size++] = learnt[i]!;
    }
    for (const lit of marked) seen[lit >> 1] = 0;
    learnt.length = size;
    let backtrack = 0;
    if (size > 1) {
      let best = 1;
      for (let i = 2; i < size; i++) if (level[learnt[i]! >> 1]! > level[learnt[best]! >> 1]!) best = i;
      const swap = learnt[1]!;
      learnt[1] = learnt[best]!;
      learnt[best] = swap;
      backtrack = level[learnt[1]! >> 1]!;
    }
    return { learnt, backtrack };
  }

  private cancelUntil(target: number): void {
    if (this.trailLimits.length <= target) return;
    const stop = this.trailLimits[target]!;
    for (let i = this.trailSize - 1; i >= stop; i--) {
      const lit = this.trail[i]!;
      const v = lit >> 1;
      this.values[lit] = 0;
      this.values[lit ^ 1] = 0;
      this.reason[v] = NO_REASON;
      this.polarity[v] = lit & 1;
      if (this.heapIndex[v]! < 0) this.heapInsert(v);
    }
    this.trailSize = stop;
    this.queueHead = stop;
    this.trailLimits.length = target;
  }

  private bumpVar(v: number): void {
    this.activity[v]! += this.varIncrement;
    if (this.activity[v]! > 1e100) {
      for (let i = 0; i < this.vars; i++) this.activity[i]! *= 1e-100;
      this.varIncrement *= 1e-100;
    }
    if (this.heapIndex[v]! >= 0) this.heapUp(this.heapIndex[v]!);
  }

  private bumpClause(index: number): void {
    this.clauseActivity[index]! += this.clauseIncrement;
    if (this.clauseActivity[index]! > 1e20) {
      for (let i = 0; i < this.store.length; i++) if (this.learnt[i]) this.clauseActivity[i]! *= 1e-20;
      this.clauseIncrement *= 1e-20;
    }
  }

  // Binary max-heap of variables by activity.
  private heapInsert(v: number): void {
    this.heapIndex[v] = this.heap.length;
    this.heap.push(v);
    this.heapUp(this.heap.length - 1);
  }

  private heapUp(i: number): void {
    const heap = this.heap;
    const v = heap[i]!;
    const act = this.activity[v]!;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pv = heap[parent]!;
      if (this.activity[pv]! >= act) break;
      heap[i] = pv;
      this.heapIndex[pv] = i;
      i = parent;
    }
    heap[i] = v;
    this.heapIndex[v] = i;
  }

  private heapPop(): number {
    const heap = this.heap;
    const top = heap[0]!;
    const last = heap.pop()!;
    this.heapIndex[top] = -1;
    if (heap.length > 0) {
      let i = 0;
      const act = this.activity[last]!;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= heap.length) break;
        const right = left + 1;
        const child = right < heap.length && this.activity[heap[right]!]! > this.activity[heap[left]!]! ? right : left;
        if (this.activity[heap[child]!]! <= act) break;
        heap[i] = heap[child]!;
        this.heapIndex[heap[i]!] = i;
        i = child;
      }
      heap[i] = last;
      this.heapIndex[last] = i;
    }
    return top;
  }

  private pickBranch(): number {
    while (this.heap.length > 0) {
      const v = this.heapPop();
      if (this.values[2 * v] === 0) return 2 * v + this.polarity[v]!;
    }
    return -1;
  }

  /** Removes the less active half of the long learnt clauses that are not reasons right now. */
  private reduceLearnts(): void {
    const candidates: number[] = [];
    for (let i = 0; i < this.store.length; i++) {
      const clause = this.store[i];
      if (!clause || !this.learnt[i] || clause.length <= 2) continue;
      const v = clause[0]! >> 1;
      if (this.reason[v] === i && this.values[clause[0]!] === 1) continue;
      candidates.push(i);
    }
    candidates.sort((a, b) => this.clauseActivity[a]! - this.clauseActivity[b]!);
    const remove = new Set(candidates.slice(0, candidates.length >> 1));
    if (remove.size === 0) return;
    for (const watchers of this.watches) {
      let keep = 0;
      for (let i = 0; i < watchers.length; i++) if (!remove.has(watchers[i]!)) watchers[keep++] = watchers[i]!;
      watchers.length = keep;
    }
    for (const index of remove) {
      this.store[index] = undefined as unknown as Int32Array;
      this.learnt[index] = false;
      this.freeSlots.push(index);
      this.learntCount--;
    }
  }

  /** True when the clauses are satisfiable with the assumptions (literals true for this call only). */
  solve(assumptions: readonly number[] = []): boolean {
    return this.run(assumptions, Infinity)!;
  }

  /** Like `solve`, but gives up (undefined) after about `maxConflicts` conflicts. */
  solveLimited(assumptions: readonly number[], maxConflicts: number): boolean | undefined {
    return this.run(assumptions, maxConflicts);
  }

  private run(assumptions: readonly number[], maxConflicts: number): boolean | undefined {
    if (!this.ok) return false;
    this.cancelUntil(0);
    if (this.propagate() !== null) {
      this.ok = false;
      return false;
    }
    const assume = assumptions.map(CdclSolver.toLit);
    let maxLearnts = Math.max(2000, this.store.length / 3);
    const giveUpAt = this.conflicts + maxConflicts;
    for (let restart = 0; ; restart++) {
      const result = this.search(Math.min(100 * luby(2, restart), giveUpAt - this.conflicts), assume, maxLearnts);
      if (result !== undefined) {
        if (result) this.model = Int8Array.from({ length: this.vars }, (_, v) => this.values[2 * v]!);
        this.cancelUntil(0);
        return result;
      }
      if (this.conflicts >= giveUpAt) return undefined;
      maxLearnts *= 1.05;
    }
  }

  /** One restart's worth of search: true/false when decided, undefined when the budget ran out. */
  private search(budget: number, assume: number[], maxLearnts: number): boolean | undefined {
    let conflictsHere = 0;
    for (;;) {
      const conflict = this.propagate();
      if (conflict !== null) {
        this.conflicts++;
        conflictsHere++;
        if (this.trailLimits.length === 0) {
          this.ok = false;
          return false;
        }
        const { learnt, backtrack } = this.analyze(conflict);
        this.cancelUntil(backtrack);
        if (learnt.length === 1) {
          this.assign(learnt[0]!, NO_REASON);
        } else {
          const reason = this.attach(learnt, true);
          if (reason >= 0) this.bumpClause(reason);
          this.assign(learnt[0]!, reason);
        }
        this.varIncrement /= 0.95;
        this.clauseIncrement /= 0.999;
        continue;
      }
      if (conflictsHere >= budget) {
        this.cancelUntil(0);
        return undefined;
      }
      if (this.learntCount - this.trailSize >= maxLearnts) this.reduceLearnts();
      let next = -1;
      while (this.trailLimits.length < assume.length) {
        const p = assume[this.trailLimits.length]!;
        const value = this.values[p]!;
        if (value === 1) {
          this.trailLimits.push(this.trailSize);
        } else if (value === -1) {
          return false; // the assumptions contradict the clauses
        } else {
          next = p;
          break;
        }
      }
      if (next < 0) {
        next = this.pickBranch();
        if (next < 0) return true;
        this.decisions++;
      }
      this.trailLimits.push(this.trailSize);
      this.assign(next, NO_REASON);
    }
  }
}
