import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { InputError } from '@kit/core';
import { RecordingBackend } from './backend.js';
import { formatDimacs, parseSolverOutput } from './dimacs.js';

/**
 * Any DIMACS solver on the PATH or at a path (`cadical`, `kissat`, `minisat`, ...), run once per
 * solve call on a temporary CNF file. MiniSat-style solvers write their answer to a result file;
 * the others print `s`/`v` lines, and both forms are read.
 */
export class ExternalSolver extends RecordingBackend {
  readonly name: string;
  private model = new Set<number>();
  private readonly minisatStyle: boolean;

  constructor(private readonly command: string) {
    super();
    this.name = basename(command);
    this.minisatStyle = /minisat|glucose/i.test(this.name);
  }

  value(variable: number): boolean {
    return this.model.has(variable);
  }

  solve(assumptions: readonly number[] = []): boolean {
    const dir = mkdtempSync(join(tmpdir(), 'hitori-sat-'));
    try {
      return this.run(dir, assumptions);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  private run(dir: string, assumptions: readonly number[]): boolean {
    const cnf = join(dir, 'problem.cnf');
    const result = join(dir, 'result.txt');
    writeFileSync(cnf, formatDimacs(this.vars, [...this.clauses, ...assumptions.map((a) => [a])]));
    const args = this.minisatStyle ? ['-verb=0', cnf, result] : [cnf];
    const run = spawnSync(this.command, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    if (run.error) {
      const code = (run.error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw new InputError(`SAT solver '${this.command}' was not found (install it or give a path)`);
      throw new InputError(`SAT solver '${this.command}' failed to start: ${run.error.message}`);
    }
    let text = run.stdout ?? '';
    if (this.minisatStyle) {
      try {
        text = readFileSync(result, 'utf8');
      } catch {
        text = '';
      }
    }
    const answer = parseSolverOutput(text);
    if (answer === undefined) {
      const why = (run.stderr || run.stdout || '').trim().split('\n')[0] ?? '';
      throw new InputError(`SAT solver '${this.command}' gave no answer (exit ${run.status})${why ? `: ${why}` : ''}`);
    }
    this.model = answer ?? new Set();
    return answer !== null;
  }
}
