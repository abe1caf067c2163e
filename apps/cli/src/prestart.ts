import { availableParallelism } from 'node:os';
import type { WorkerPool } from '@kit/core/node';

/**
 * `kit run` starts its solver workers before discovering plugins, so a worker's own start-up (about
 * 40 ms: a fresh V8 isolate, then @kit/core) overlaps the CLI's. The flags are not parsed yet: this
 * reads just `--threads` and `--limit` (which means one worker), and a wrong guess only costs an
 * idle worker, which never keeps the process alive.
 */
export async function prestartWorkers(args: readonly string[], solving = true): Promise<WorkerPool | undefined> {
  const help = args.includes('-h') || args.includes('--help');
  if (!solving || help || likelySolvedHere(args)) return undefined;
  // Imported only now: a run on the CLI's own thread never loads the worker host.
  const { startWorkerPool } = await import('@kit/core/node');
  return startWorkerPool(expectedThreads(args));
}

/** solve-with's solvesHere() guessed from the words alone: one thread and --count or --json. */
export function likelySolvedHere(args: readonly string[]): boolean {
  const words = args.slice(0, args.includes('--') ? args.indexOf('--') : args.length);
  const writesAsItGoes = words.includes('--count') || words.includes('--json');
  const distributed = words.some((word) => /^--(shard|queue)(=|$)/.test(word));
  return writesAsItGoes && !distributed && expectedThreads(args) === 1;
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
