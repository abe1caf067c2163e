/** DIMACS CNF text: a `p cnf` header, optional comment lines, one clause a line ending in 0. */
export function formatDimacs(numVars: number, clauses: readonly (readonly number[])[], comments: readonly string[] = []): string {
  const out: string[] = comments.map((c) => `c ${c}`);
  out.push(`p cnf ${numVars} ${clauses.length}`);
  for (const clause of clauses) out.push(`${clause.join(' ')} 0`);
  return `${out.join('\n')}\n`;
}

/**
 * A solver's answer in the SAT competition format (`s SATISFIABLE`, `v` lines) or MiniSat's result
 * file (`SAT` then the model). Returns null when it says UNSAT, the model (true variables) when SAT.
 */
export function parseSolverOutput(text: string): Set<number> | null | undefined {
  const lines = text.split(/\r?\n/);
  let status: boolean | undefined;
  const trueVars = new Set<number>();
  for (const raw of lines) {
    const line = raw.trim();
    if (line === 's SATISFIABLE' || line === 'SAT') status = true;
    else if (line === 's UNSATISFIABLE' || line === 'UNSAT') status = false;
    else if (status === true && (line.startsWith('v ') || /^-?\d/.test(line))) {
      for (const token of line.replace(/^v\s*/, '').split(/\s+/)) {
        const lit = Number(token);
        if (lit > 0) trueVars.add(lit);
      }
    }
  }
  if (status === undefined) return undefined;
  return status ? trueVars : null;
}
