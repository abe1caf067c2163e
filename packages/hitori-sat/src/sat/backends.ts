import { CdclSolver } from './cdcl.js';
import type { BackendFactory } from './backend.js';

/** The embedded backends by name; anything else is taken as an external DIMACS solver's command. */
export const EMBEDDED_BACKENDS = ['cdcl', 'logic-solver'] as const;

/**
 * Resolves `--sat-solver`: `cdcl` (the default, our own solver), `logic-solver` (MiniSat in asm.js),
 * or a command/path for an external DIMACS solver. Heavy or Node-only code is imported only when asked for.
 * `record` makes the embedded solver keep its clauses, for `--dimacs`.
 */
export async function backendFactory(name = 'cdcl', options: { record?: boolean } = {}): Promise<BackendFactory> {
  if (name === 'cdcl') return () => new CdclSolver(options.record ?? false);
  if (name === 'logic-solver') {
    const { loadLogicSolver, LogicSolverBackend } = await import('./logic-solver.js');
    await loadLogicSolver();
    return () => new LogicSolverBackend();
  }
  // Node-only (it starts a program): `#external-solver` is a refusal in browser bundles (package.json "imports").
  const { ExternalSolver } = await import('#external-solver');
  return () => new ExternalSolver(name);
}
