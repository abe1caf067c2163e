import { Random } from '@kit/core';
import { describe, expect, it } from 'vitest';
import { CdclSolver } from '../src/sat/cdcl.js';

function bruteSat(vars: number, clauses: number[][], assumptions: number[] = []): boolean {
  for (let mask = 0; mask < 1 << vars; mask++) {
    const value = (lit: number) => (((mask >> (Math.abs(lit) - 1)) & 1) === 1) === lit > 0;
    if (assumptions.every(value) && clauses.every((c) => c.some(value))) return true;
  }
  return false;
}

describe('the embedded CDCL solver', () => {
  it('matches brute force on random 3-SAT near the threshold, with models that satisfy every clause', () => {
    const random = new Random(7);
    let sat = 0;
    for (let t = 0; t < 400; t++) {
      const vars = 4 + random.int(9);
      const clauses = Array.from({ length: Math.round(vars * 4.3) }, () => Array.from({ length: 3 }, () => (1 + random.int(vars)) * (random.int(2) ? 1 : -1)));
      const solver = new CdclSolver();
      for (let v = 0; v < vars; v++) solver.newVar();
      for (const c of clauses) solver.addClause(c);
      const result = solver.solve();
      expect(result).toBe(bruteSat(vars, clauses));
      if (result) {
        sat++;
        for (const c of clauses) expect(c.some((lit) => solver.value(Math.abs(lit)) === lit > 0)).toBe(true);
      }
    }
    expect(sat).toBeGreaterThan(50);
    expect(sat).toBeLessThan(350);
  });

  it('is incremental and honours assumptions without keeping them', () => {
    const random = new Random(9);
    for (let t = 0; t < 200; t++) {
      const vars = 6 + random.int(5);
      const solver = new CdclSolver();
      for (let v = 0; v < vars; v++) solver.newVar();
      const clauses: number[][] = [];
      for (let round = 0; round < 6; round++) {
        for (let k = 0; k < vars; k++) {
          const c = Array.from({ length: 3 }, () => (1 + random.int(vars)) * (random.int(2) ? 1 : -1));
          clauses.push(c);
          solver.addClause(c);
        }
        const assumptions = [(1 + random.int(vars)) * (random.int(2) ? 1 : -1)];
        expect(solver.solve(assumptions)).toBe(bruteSat(vars, clauses, assumptions));
        expect(solver.solve()).toBe(bruteSat(vars, clauses));
      }
    }
  });

  it('gives up within a conflict budget on a hard pigeonhole instance (10 pigeons, 9 holes), and stays usable', () => {
    const solver = new CdclSolver();
    const p = (i: number, h: number) => i * 9 + h + 1;
    for (let v = 0; v < 90; v++) solver.newVar();
    for (let i = 0; i < 10; i++) solver.addClause(Array.from({ length: 9 }, (_, h) => p(i, h)));
    for (let h = 0; h < 9; h++) for (let i = 0; i < 10; i++) for (let j = i + 1; j < 10; j++) solver.addClause([-p(i, h), -p(j, h)]);
    expect(solver.solveLimited([], 2000)).toBeUndefined();
    expect(solver.conflicts).toBeGreaterThanOrEqual(2000);
    expect(solver.conflicts).toBeLessThan(2100); // the budget is checked between decisions
    // Pigeon 0 in hole 0 and pigeon 1 in hole 0: refuted at once.
    expect(solver.solveLimited([p(0, 0), p(1, 0)], 10)).toBe(false);
  });

  it('solves a pigeonhole instance (5 pigeons, 4 holes) as unsatisfiable', () => {
    const solver = new CdclSolver();
    const p = (i: number, h: number) => i * 4 + h + 1;
    for (let v = 0; v < 20; v++) solver.newVar();
    for (let i = 0; i < 5; i++) solver.addClause([0, 1, 2, 3].map((h) => p(i, h)));
    for (let h = 0; h < 4; h++) for (let i = 0; i < 5; i++) for (let j = i + 1; j < 5; j++) solver.addClause([-p(i, h), -p(j, h)]);
    expect(solver.solve()).toBe(false);
  });
});
