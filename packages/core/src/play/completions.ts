// How the referee counts a position's completions: through the plugin's own referee (prepared once
// for a game when it can be), or through the plugin's solver on the input `toInstance` makes.
import { createSolveContext } from '../context.js';
import type { AnyPlugin, Solver } from '../plugin.js';
import { playSpecOf } from './game.js';
import type { CompletionRequest, CompletionResult, PlayPosition, PlayReferee, PlaySetup, PreparedReferee } from './spec.js';

/** The plugin's way of counting completions: its own referee, or its solver on `toInstance`'s input. */
export type CompletionSource = (setup: PlaySetup, position: PlayPosition, request: CompletionRequest) => Promise<CompletionResult>;

/**
 * What a referee prepared, per setup (a game's setup lives as long as the game): judging the next
 * position of a game, in a worker or in this thread, reuses it.
 */
const prepared = new WeakMap<PlaySetup, { referee: PlayReferee; instance: unknown; prepared: PreparedReferee }>();

function preparedFor<I>(referee: PlayReferee<I>, instance: I, setup: PlaySetup): PreparedReferee | undefined {
  if (!referee.prepare) return undefined;
  const kept = prepared.get(setup);
  if (kept && kept.referee === referee && kept.instance === instance) return kept.prepared;
  const made = referee.prepare(instance, setup);
  prepared.set(setup, { referee: referee as PlayReferee, instance, prepared: made });
  return made;
}

/** Completions through the plugin: `referee()` when it has one, else its solver on `toInstance`. */
export function completionSource<I>(plugin: AnyPlugin, instance: I, loaded: { solver?: Solver; referee?: PlayReferee } = {}): CompletionSource {
  const play = playSpecOf(plugin);
  if (play.referee) {
    let referee: Promise<PlayReferee> | undefined = loaded.referee ? Promise.resolve(loaded.referee) : undefined;
    return async (setup, position, request) => {
      referee ??= play.referee!();
      const own = await referee;
      const ready = preparedFor(own, instance, setup);
      return ready ? ready.completions(position, request) : own.completions(instance, setup, position, request);
    };
  }
  if (!play.toInstance) throw new Error(`plugin ${plugin.id} has no referee: its play mode gives neither toInstance nor referee`);
  let solver: Promise<Solver> | undefined = loaded.solver ? Promise.resolve(loaded.solver) : undefined;
  return async (setup, position, request) => {
    solver ??= plugin.solver();
    const input = play.toInstance!(instance, setup, position);
    const found: unknown[] = [];
    const controller = new AbortController();
    const ctx = createSolveContext(
      { limit: request.limit, wantSolutions: request.positions, wantProgress: false, signal: controller.signal },
      { solution: (solution) => found.push(solution), progress: () => {}, step: () => {} },
    );
    const shouldStop = ctx.shouldStop;
    ctx.shouldStop = () => {
      if (request.shouldStop()) controller.abort();
      return shouldStop();
    };
    const summary = await (await solver).solve(input, ctx);
    const count = Math.max(0, Math.min(request.limit, Math.floor(Number(summary.solutions) || 0)));
    if (!request.positions) return { count };
    if (!play.fromSolution) throw new Error(`plugin ${plugin.id} gives toInstance but no fromSolution, so its referee cannot give hints`);
    return { count, positions: found.slice(0, request.limit).map((solution) => play.fromSolution!(instance, setup, position, solution)) };
  };
}
