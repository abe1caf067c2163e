import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseOptions, solveAll } from '@kit/core/host';
import { describe, expect, it } from 'vitest';
import { searchHitori } from '../src/encode.js';
import { generateHitori } from '../src/generate.js';
import { formatPencilBox } from '../src/formats/pencilbox.js';
import { checkShading } from '../src/check.js';
import { shadingRows } from '../src/model.js';
import plugin from '../src/plugin.js';
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

  it.each(installed)('%s: the --dimacs CNF of a generated puzzle has models that keep rules 1 and 2 (connectivity is lazy)', async (name) => {
    const dir = mkdtempSync(join(tmpdir(), 'hitori-sat-dimacs-'));
    const cnf = join(dir, 'puzzle.cnf');
    const instance = plugin.parse(parseOptions(plugin.options, { generate: '15x15', seed: 3, dimacs: cnf }));
    const { solutions } = await solveAll(plugin, instance);
    const args = name === 'minisat' ? ['-verb=0', cnf, join(dir, 'out.txt')] : [cnf];
    const run = spawnSync(name, args, { encoding: 'utf8' });
    const model = parseSolverOutput(name === 'minisat' ? readFileSync(join(dir, 'out.txt'), 'utf8') : run.stdout);
    expect(model).toBeInstanceOf(Set);
    const numbers = solutions[0]!.numbers.flat();
    const shaded = numbers.map((_, cell) => (model!.has(cell + 1) ? 1 : 0));
    const verdict = checkShading({ width: 15, height: 15, numbers }, shaded);
    if (verdict === undefined) expect(shadingRows(15, shaded)).toEqual(solutions[0]!.shaded);
    else expect(verdict).toBe('unshaded cells are not connected');
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

describe.skipIf(!installed.includes('minisat'))('Ctrl-C during an external solver call', () => {
  // The real `kit`, in a process group of its own so the signal reaches it and its children as
  // Ctrl-C in a terminal would, with a private TMPDIR to see exactly what it leaves behind.
  const root = resolve(import.meta.dirname, '../../..');
  const bin = join(root, 'apps/cli/dist/bin.cjs');
  const leftovers = (dir: string) => readdirSync(dir).filter((name) => name.startsWith('hitori-sat-'));

  it.each([
    ['SIGINT to the process group (Ctrl-C)', 'SIGINT', true, 130],
    ['SIGTERM to kit alone', 'SIGTERM', false, 143],
  ] as const)(
    '%s leaves no hitori-sat-* directory behind',
    async (_what, signal, group, code) => {
      const temp = mkdtempSync(join(tmpdir(), 'hitori-sat-signal-'));
      const work = mkdtempSync(join(tmpdir(), 'hitori-sat-puzzle-'));
      const { puzzle } = generateHitori(60, 60, 5, () => new CdclSolver());
      const file = join(work, 'big.txt');
      writeFileSync(file, formatPencilBox(60, 60, puzzle.numbers));
      const child = spawn(process.execPath, [bin, 'run', 'hitori-sat', file, '--sat-solver', 'minisat', '-q'], {
        cwd: root,
        detached: true,
        stdio: 'ignore',
        env: { ...process.env, TMPDIR: temp, NO_COLOR: '1' },
      });
      const exited = new Promise<number | null>((done) => child.on('exit', (status) => done(status)));
      // Wait until a solver call is under way: its directory exists.
      let during: string[] = [];
      for (let i = 0; i < 1500 && during.length === 0; i++) {
        during = leftovers(temp);
        if (during.length === 0) await sleep(10);
      }
      expect(during).toHaveLength(1);
      process.kill(group ? -child.pid! : child.pid!, signal);
      expect(await exited).toBe(code);
      // The shell around the solver removes it when the solver stops (at once on Ctrl-C).
      for (let i = 0; i < 200 && leftovers(temp).length > 0; i++) await sleep(50);
      expect(leftovers(temp)).toEqual([]);
      rmSync(temp, { recursive: true, force: true });
      rmSync(work, { recursive: true, force: true });
    },
    60_000,
  );
});
