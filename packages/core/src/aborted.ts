// The error a cancelled run, judgement or making rejects with: its own file, so the referee, the
// maker and the runner each import it without importing one another.
import { shareInstanceof } from './shared-instanceof.js';

/** Thrown by a run that was cancelled through its signal. */
export class AbortedError extends Error {
  /** The DOM's name for a cancelled operation, so callers can test `name` alone. */
  override readonly name = 'AbortError';
  constructor() {
    super('the search was cancelled');
  }
}
shareInstanceof(AbortedError, 'AbortedError');
