import { InputError } from '@kit/core';
import { RecordingBackend } from './backend.js';

// logic-solver (MiniSat compiled to asm.js by emscripten) behind the same interface, kept as a
// second embedded backend so the two can be measured side by side.

interface LogicSolution {
  evaluate(term: string): boolean;
}
interface LogicSolverInstance {
  require(formula: unknown): void;
  solve(): LogicSolution | null;
  solveAssuming(formula: unknown): LogicSolution | null;
}
interface LogicModule {
  Solver: new () => LogicSolverInstance;
  or(...terms: string[]): unknown;
  and(...terms: string[]): unknown;
}

let loaded: LogicModule | undefined;

/**
 * A variable, not a literal: bundlers then leave the import alone, so a page bundles this package
 * without the optional peer installed (and gets cdcl only); Node imports it when it is there.
 */
const LOGIC_SOLVER = 'logic-solver';

/** Whether `error` says logic-solver itself is not installed (import() and require() word it apart). */
function isMissing(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && /'logic-solver'/.test(String(message));
}

export async function loadLogicSolver(): Promise<void> {
  if (!loaded) {
    let module: { default?: LogicModule } & LogicModule;
    try {
      module = (await import(/* webpackIgnore: true */ /* @vite-ignore */ LOGIC_SOLVER)) as { default?: LogicModule } & LogicModule;
    } catch (error) {
      // An optional peer: most users keep the embedded cdcl and never install it.
      if (isMissing(error))
        throw new InputError('--sat-solver logic-solver needs the logic-solver package, which is not installed: npm install logic-solver@2.0.1');
      if (!(globalThis as { process?: unknown }).process)
        throw new InputError("SAT solver 'logic-solver' is not bundled for the browser: in the browser use cdcl");
      throw error;
    }
    loaded = module.default ?? module;
  }
}

const term = (lit: number) => (lit > 0 ? `v${lit}` : `-v${-lit}`);

export class LogicSolverBackend extends RecordingBackend {
  readonly name = 'logic-solver';
  private readonly solver: LogicSolverInstance;
  private solution: LogicSolution | null = null;

  constructor() {
    super();
    if (!loaded) throw new Error('call loadLogicSolver() first');
    this.solver = new loaded.Solver();
  }

  override addClause(literals: readonly number[]): void {
    super.addClause(literals);
    this.solver.require(loaded!.or(...literals.map(term)));
  }

  solve(assumptions: readonly number[] = []): boolean {
    this.solution = assumptions.length > 0 ? this.solver.solveAssuming(loaded!.and(...assumptions.map(term))) : this.solver.solve();
    return this.solution !== null;
  }

  value(variable: number): boolean {
    return this.solution?.evaluate(`v${variable}`) ?? false;
  }
}
