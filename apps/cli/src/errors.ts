/**
 * Exit codes of the contract (docs/contract.md#exit-codes), and those of a queued run's end (docs/distributed.md):
 * a script can tell a run that failed (a block's error) from one cancelled or one lost from Redis.
 */
export const EXIT = { ok: 0, fault: 1, usage: 2, runFailed: 3, cancelled: 4, lost: 5, interrupted: 130 } as const;

/** The exit code of a queued run that ended without a result, by how it ended. */
export function runEndedCode(state: string): number {
  return state === 'cancelled' ? EXIT.cancelled : state === 'lost' ? EXIT.lost : EXIT.runFailed;
}

/** Bad usage or input: printed as one line on stderr, exit 2, never a stack trace. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/**
 * An error commander threw (its message already printed): told by its code, so that this check
 * does not need commander loaded.
 */
export function isCommanderError(error: unknown): error is Error & { exitCode: number } {
  if (!(error instanceof Error)) return false;
  const { code, exitCode } = error as Error & { code?: unknown; exitCode?: unknown };
  return typeof code === 'string' && code.startsWith('commander.') && typeof exitCode === 'number';
}
