/** Exit codes of the contract (DESIGN.md §3). */
export const EXIT = { ok: 0, fault: 1, usage: 2, interrupted: 130 } as const;

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
