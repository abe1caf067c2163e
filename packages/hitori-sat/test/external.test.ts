import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { searchHitori } from '../src/encode.js';
import { generateHitori } from '../src/generate.js';
import { parseSolverOutput } from '../src/sat/dimacs.js';
import { CdclSolver } from '../src/sat/cdcl.js';
import { ExternalSolver } from '../src/sat/external.js';

/** DIMACS solvers installed on this machine (`.ci/run` installs cadical and minisat from Debian). */
const installed = ['cadical', 'minisat'].filter((name) => spawnSync('sh', ['-c', `command -v ${name}`]).status === 0);

describe('reading DIMACS solver answers', () => {
  it('reads the competition format and MiniSat result files', () => {
    expect(parseSolverOutput('c comment\ns SATISFIABLE\nv 1 -2 3\nv -4 0\n')).toEqual(new Set([1, 3]));
    expect(parseSolverOutput('s UNSATISFIABLE\n')).toBeNull();
    expect(parseSolverOutput('SAT\n-1 2 0\n')).toEqual(new Set([2]));
    expect(parseSolverOutput('UNSAT\n')).toBeNull();
    expect(parseSolverOutput('c nothing\n')).toBeUndefined();
  });

  it('a missing solver is one clear error', () => {
    const solver = new ExternalSolver('/no/such/sat-solver');
    solver.newVar();
    solver.addClause([1]);
    expect(() => solver.solve()).toThrow("SAT solver '/no/such/sat-solver' was not found (install it or give a path)");
  });
});

describe.skipIf(installed.length === 0)(`external DIMACS solvers (${installed.join(', ') || 'skipped: neither cadical nor minisat is on the PATH'})`, () => {
  it.each(installed)('%s solves generated puzzles with the same unique answer as the embedded solver', (name) => {
    for (const seed of [1, 2]) {
      const { puzzle, shaded } = generateHitori(12, 12, seed, () => new CdclSolver());
      const found = searchHitori(puzzle, new ExternalSolver(name), { maxSolutions: 2 });
      expect(found.solutions).toHaveLength(1);
      expect(found.exhausted).toBe(true);
      expect(Array.from(found.solutions[0]!)).toEqual(Array.from(shaded));
    }
  });

  it.each(installed)('%s honours assumptions and reports UNSAT', (name) => {
    const solver = new ExternalSolver(name);
    solver.newVar();
    solver.newVar();
    solver.addClause([1, 2]);
    solver.addClause([-1, 2]);
    expect(solver.solve()).toBe(true);
    expect(solver.value(2)).toBe(true);
    expect(solver.solve([-2])).toBe(false);
  });
});
