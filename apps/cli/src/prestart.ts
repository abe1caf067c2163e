import { availableParallelism } from 'node:os';
import type { RunPlace } from '@kit/core/host';
import type { NodeWorkerSupply } from '@kit/core/node';

/**
 * `kit run` starts its solver workers before discovering plugins, so a worker's own start-up (about
 * 40 ms: a fresh V8 isolate, then @kit/core) overlaps the CLI's. The flags are not parsed yet: this
 * guesses the run's place (core's placeRun, the one rule) from the words alone, and starts workers
 * only for a run that is sure to use them (one that draws while it searches, or a shard's); a wrong
 * guess costs an idle worker, which never keeps the process alive, or a worker started later.
 */
export async function prestartWorkers(args: readonly string[], solving = true): Promise<NodeWorkerSupply | undefined> {
  const help = args.includes('-h') || args.includes('--help');
  if (!solving || help || (await guessedPlace(args)) !== 'workers') return undefined;
  // Imported only now: a run on the CLI's own thread never loads the worker host.
  const { nodeWorkers } = await import('@kit/core/node');
  return nodeWorkers({ prestart: expectedThreads(args) });
}

/** Where the run will likely solve, from its words and the terminal (see run.ts for the real one). */
export async function guessedPlace(args: readonly string[], env: Record<string, string | undefined> = process.env): Promise<RunPlace> {
  const words = args.slice(0, args.includes('--') ? args.indexOf('--') : args.length);
  const quietly = words.some((word) => word === '--quiet' || word === '--count' || word === '--json' || /^-[A-Za-z]*q[A-Za-z]*$/.test(word));
  const force = env['FORCE_COLOR'];
  const terminal = (force !== undefined && force !== '0' && force !== 'false') || (process.stdout.isTTY === true && env['TERM'] !== 'dumb');
  const { placeRun } = await import('@kit/core/host');
  return placeRun({
    threads: expectedThreads(args),
    drawsMeanwhile: terminal && !quietly,
    distributed: words.some((word) => /^--(shard|queue)(=|$)/.test(word)),
    // The search's size is unknown before the plugin is loaded: a run that draws nothing meanwhile
    // may be too small to split, and is taken to be. Such a run on several threads that turns out
    // big starts its workers once its solver has guessed its size (solve-with.ts).
    estimatedTries: 0,
  });
}

export function expectedThreads(args: readonly string[]): number {
  let threads = availableParallelism();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') break;
    if (arg === '--limit' || arg.startsWith('--limit=')) return 1;
    const value = arg === '--threads' ? args[i + 1] : arg.startsWith('--threads=') ? arg.slice('--threads='.length) : undefined;
    if (value !== undefined && /^\d+$/.test(value)) threads = Math.max(1, Number(value));
  }
  // The cap of run-flags' maxThreads(): never a worker more than the run will use.
  return Math.min(threads, availableParallelism());
}
