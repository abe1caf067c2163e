import { InputError, isInputError, parseOptions, type AnyPlugin } from '@kit/core';
import type { FormValues } from './option-form.js';

export interface PreparedRun {
  instance: unknown;
  limit: number | undefined;
}

/** The host's own `--limit`, with the CLI's wording. */
function parseLimit(text: string): number | undefined {
  if (text === '') return undefined;
  const limit = /^[+-]?\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(limit) || limit < 1) throw new InputError(`--limit must be a positive integer (got ${JSON.stringify(text)})`);
  return limit;
}

/**
 * Validates the form exactly as the CLI validates flags: core's `parseOptions`, then the plugin's
 * own `parse`. Throws InputError with the message the CLI would print.
 */
export function prepareRun(plugin: AnyPlugin, values: FormValues): PreparedRun {
  const limit = parseLimit(values.limit);
  const options = parseOptions(plugin.options, values.raw);
  if (plugin.input?.required && !values.input) {
    throw new InputError(`kit run ${plugin.id} needs a file (${plugin.input.formats.join(', ')})`);
  }
  return { instance: plugin.parse(options, values.input), limit };
}

/** One line for the person: an InputError with its location, or any other error's message. */
export function errorText(error: unknown): string {
  if (isInputError(error)) return typeof error.format === 'function' ? error.format() : error.message;
  return error instanceof Error ? error.message : String(error);
}
