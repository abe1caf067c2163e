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

export async function loadLogicSolver(): Promise<void> {
  if (!loaded) {
    const module = (await import('logic-solver')) as unknown as { default?: LogicModule } & LogicModule;
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
