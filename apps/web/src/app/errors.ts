import { isInputError } from '@kit/core';

/** One line for the person: an InputError with its location, or any other error's message. */
export function errorText(error: unknown): string {
  if (isInputError(error)) return typeof error.format === 'function' ? error.format() : error.message;
  return error instanceof Error ? error.message : String(error);
}
