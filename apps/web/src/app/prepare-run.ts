import { InputError } from '@kit/core';
import { parseOptions, type AnyPlugin } from '@kit/core/host';
import { DEFAULT_STEP_DELAY_MS, type FormValues } from './option-form.js';

export interface PreparedRun {
  instance: unknown;
  limit: number | undefined;
  /** Pause between animation steps. */
  delayMs: number;
}

/** The host's own `--limit` and `--delay`, with the CLI's wording. */
function hostInteger(name: string, text: string, min: number, describe: string): number | undefined {
  if (text === '') return undefined;
  const value = /^[+-]?\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min) throw new InputError(`--${name} must be ${describe} (got ${JSON.stringify(text)})`);
  return value;
}

/**
 * Validates the form exactly as the CLI validates flags: core's `parseOptions`, then the plugin's
 * own `parse`. Throws InputError with the message the CLI would print.
 */
export function prepareRun(plugin: AnyPlugin, values: FormValues): PreparedRun {
  const limit = hostInteger('limit', values.limit, 1, 'a positive integer');
  const delayMs = hostInteger('delay', values.delay, 0, 'a whole number of milliseconds') ?? plugin.stepDelayMs ?? DEFAULT_STEP_DELAY_MS;
  const options = parseOptions(plugin.options, values.raw);
  if (plugin.input?.required && !values.input) {
    throw new InputError(`this puzzle needs an input (${plugin.input.formats.join(', ')})`);
  }
  return { instance: plugin.parse(options, values.input), limit, delayMs };
}

export { errorText } from './errors.js';
