/** Exit codes of the contract (DESIGN.md §3). */
export const EXIT = { ok: 0, fault: 1, usage: 2, interrupted: 130 } as const;

/** Bad usage or input: printed as one line on stderr, exit 2, never a stack trace. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
