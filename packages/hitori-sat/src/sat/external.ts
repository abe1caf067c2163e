import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { quote } from '../quote.js';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { InputError } from '@kit/core';
import { RecordingBackend } from './backend.js';
import { formatDimacs, parseSolverOutput } from './dimacs.js';

/**
 * The solver runs inside a small shell that owns the temporary directory and removes it on any
 * exit, Ctrl-C and SIGTERM included. Our own cleanup cannot do that: the call blocks the thread it
 * runs on (a worker, under `kit run`), and Ctrl-C ends the process from the main thread before the
 * worker's `finally` can run, which left `hitori-sat-*` directories behind. The shell gets the same
 * Ctrl-C (one process group), and if only `kit` is killed it still removes the directory when the
 * solver ends. The CNF arrives on stdin; stdout is the answer (MiniSat's result file, cat'ed).
 * Arguments: $1 the solver, $2 `minisat` for a MiniSat-style solver.
 */
const WRAPPER = [
  // Read the CNF even when giving up, so the caller's write does not fail with EPIPE.
  'command -v "$1" >/dev/null 2>&1 || { cat >/dev/null; exit 127; }',
  // The traps come before the directory, so no signal can fall between its creation and its
  // cleanup. The name holds this shell's pid, so one that exists already is stale (from a killed run).
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, expanded by sh, not JavaScript
  'dir="${TMPDIR:-/tmp}/hitori-sat-$$"',
  'trap \'rm -rf "$dir"\' EXIT',
  "trap 'exit 130' INT",
  "trap 'exit 143' TERM",
  "trap 'exit 129' HUP",
  'rm -rf "$dir"',
  'mkdir -m 700 "$dir" || { cat >/dev/null; exit 125; }',
  'cat > "$dir/problem.cnf" || exit 125',
  'if [ "$2" = minisat ]; then',
  '  "$1" -verb=0 "$dir/problem.cnf" "$dir/result.txt" >&2; status=$?',
  '  cat "$dir/result.txt" 2>/dev/null',
  'else',
  '  "$1" "$dir/problem.cnf"; status=$?',
  'fi',
  'exit $status',
].join('\n');

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
    const cnf = formatDimacs(this.vars, [...this.clauses, ...assumptions.map((a) => [a])]);
    const { run, text } = process.platform === 'win32' ? this.runDirect(cnf) : this.runWrapped(cnf);
    const answer = parseSolverOutput(text);
    if (answer === undefined) {
      const why = (run.stderr || run.stdout || '').trim().split('\n')[0] ?? '';
      throw new InputError(`SAT solver ${quote(this.command)} gave no answer (exit ${run.status})${why ? `: ${quote(why)}` : ''}`);
    }
    this.model = answer ?? new Set();
    return answer !== null;
  }

  private notFound(): InputError {
    return new InputError(`SAT solver ${quote(this.command)} was not found (install it or give a path)`);
  }

  private runWrapped(cnf: string): { run: SpawnSyncReturns<string>; text: string } {
    const args = ['-c', WRAPPER, 'hitori-sat', this.command, this.minisatStyle ? 'minisat' : 'plain'];
    const run = spawnSync('/bin/sh', args, { input: cnf, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    if (run.status === 127 && !run.stdout) throw this.notFound();
    if (run.error) throw new InputError(`SAT solver ${quote(this.command)} failed to start: ${quote(run.error.message)}`);
    if (run.status === 126) throw new InputError(`SAT solver ${quote(this.command)} failed to start: it is not executable`);
    return { run, text: run.stdout ?? '' };
  }

  /** Windows has no /bin/sh: the directory is removed when the call returns, not on Ctrl-C. */
  private runDirect(cnf: string): { run: SpawnSyncReturns<string>; text: string } {
    const dir = mkdtempSync(join(tmpdir(), 'hitori-sat-'));
    try {
      const input = join(dir, 'problem.cnf');
      const result = join(dir, 'result.txt');
      writeFileSync(input, cnf);
      const args = this.minisatStyle ? ['-verb=0', input, result] : [input];
      const run = spawnSync(this.command, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
      if (run.error) {
        if ((run.error as NodeJS.ErrnoException).code === 'ENOENT') throw this.notFound();
        throw new InputError(`SAT solver ${quote(this.command)} failed to start: ${quote(run.error.message)}`);
      }
      let text = run.stdout ?? '';
      if (this.minisatStyle) {
        try {
          text = readFileSync(result, 'utf8');
        } catch {
          text = '';
        }
      }
      return { run, text };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
