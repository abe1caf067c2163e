import { InputError } from '@kit/core';
import { quote } from '../quote.js';
import type * as NodeExternal from './external.js';

// `#external-solver` outside Node (package.json "imports"): a browser cannot start a program, so a
// DIMACS solver's name is refused in one line naming the embedded backends that work there.

class ExternalSolverUnavailable {
  constructor(command: string) {
    throw new InputError(`SAT solver ${quote(command)} needs Node (an external program): in the browser use cdcl`);
  }
}

export const ExternalSolver = ExternalSolverUnavailable as unknown as typeof NodeExternal.ExternalSolver;
