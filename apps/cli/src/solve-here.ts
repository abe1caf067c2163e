// A one-thread run whose output needs no drawing loop (--count, --json) solves on this thread: a
// worker thread's own start-up (about 50 ms) would be most of a short run.
import { Script } from 'node:vm';
import type { Solver } from '@kit/core';
import { type DoneEvent, AbortedError, solveInProcess, type RunRequest } from '@kit/core/host';
import type { DiscoveredPlugin } from './discovery.js';

// The search is reached through a global symbol: running in this context costs nothing, where a
// context of its own costs about a millisecond.
const SEARCH = Symbol.for('@kit/cli.search');
const callInterruptibly = new Script(`globalThis[Symbol.for(${JSON.stringify(SEARCH.description)})]()`, { filename: 'kit-solve-here' });

/**
 * Runs `search` so that Ctrl-C stops it: a synchronous search never yields to the event loop, where
 * 'SIGINT' listeners run, so it runs the way Node's REPL runs a line (`breakOnSigint`). SIGTERM's
 * listeners are set aside meanwhile, so SIGTERM ends the process at once instead of after the search.
 */
export function interruptibly<T>(search: () => T): T {
  const sigterm = process.listeners('SIGTERM');
  process.removeAllListeners('SIGTERM');
  const global = globalThis as Record<symbol, unknown>;
  global[SEARCH] = search;
  // A solver that calls process.exit() would end kit itself, silently: in a worker it only ends
  // the worker, which is reported. Here it is reported as the plugin's fault too.
  const exit = process.exit;
  process.exit = ((code?: number | string | null) => {
    throw new Error(`the solver called process.exit(${code ?? ''})`);
  }) as typeof process.exit;
  try {
    return callInterruptibly.runInThisContext({ breakOnSigint: true }) as T;
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === 'ERR_SCRIPT_EXECUTION_INTERRUPTED') throw new AbortedError();
    throw error;
  } finally {
    process.exit = exit;
    delete global[SEARCH];
    for (const listener of sigterm) process.on('SIGTERM', listener as () => void);
  }
}

/**
 * The request solved here: the same events, in the same order, as one worker would send.
 * `meanwhile` is called each time the solver asks whether to stop: the search holds this thread, so
 * output held back for batching gets its turn there.
 */
export async function solveHere(found: DiscoveredPlugin, request: RunRequest, meanwhile?: () => void): Promise<DoneEvent> {
  const { plugin } = found;
  const solver = await plugin.solver();
  const here: Solver = {
    solve: (instance, ctx) =>
      interruptibly(() =>
        solver.solve(
          instance,
          meanwhile
            ? {
                ...ctx,
                shouldStop: () => {
                  meanwhile();
                  return ctx.shouldStop();
                },
              }
            : ctx,
        ),
      ),
  };
  const onEvent = request.onEvent;
  // A worker's solutions reach the host as copies: a solver that reuses an object between solutions
  // must print the same here.
  const copying: RunRequest['onEvent'] =
    onEvent && ((event) => onEvent(event.type === 'solution' ? { ...event, solution: structuredClone(event.solution) } : event));
  const { moduleUrl: _url, pluginId: _id, instance, threads: _threads, ...settings } = request;
  return solveInProcess({ ...plugin, solver: async () => here }, instance, { ...settings, ...(copying ? { onEvent: copying } : {}) });
}
