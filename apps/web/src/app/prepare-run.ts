import { InputError, isInputError, parseOptions, type AnyPlugin, type IntOptionSpec } from '@kit/core';
import type { FormValues } from './option-form.js';

/** The host's `--limit`, checked by the same rules as a plugin's int option. */
const LIMIT_SPEC: IntOptionSpec = { name: 'limit', type: 'int', min: 1, help: 'stop after N solutions' };

export interface PreparedRun {
  instance: unknown;
  limit: number | undefined;
}

/**
 * Validates the form exactly as the CLI validates flags: core's `parseOptions`, then the plugin's
 * own `parse`. Throws InputError with the message the CLI would print.
 */
export function prepareRun(plugin: AnyPlugin, values: FormValues): PreparedRun {
  const limit = parseOptions([LIMIT_SPEC], { limit: values.limit })['limit'] as number | undefined;
  const options = parseOptions(plugin.options, values.raw);
  if (plugin.input?.required && !values.input) {
    throw new InputError(`${plugin.id} needs an input file (${plugin.input.formats.join(', ')})`);
  }
  return { instance: plugin.parse(options, values.input), limit };
}

/** One line for the person: an InputError with its location, or any other error's message. */
export function errorText(error: unknown): string {
  if (isInputError(error)) return typeof error.format === 'function' ? error.format() : error.message;
  return error instanceof Error ? error.message : String(error);
}
