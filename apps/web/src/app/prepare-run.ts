import { InputError } from '@kit/core';
import { parseOptions, readHostInteger, type AnyPlugin } from '@kit/core/host';
import { DEFAULT_STEP_DELAY_MS, type FormValues } from './option-form.js';

export interface PreparedRun {
  instance: unknown;
  limit: number | undefined;
  /** Pause between animation steps. */
  delayMs: number;
}

/** The host's own `--limit` or `--delay`, checked as the CLI checks it; an empty field is not given. */
function hostInteger(name: 'limit' | 'delay', text: string): number | undefined {
  return text === '' ? undefined : readHostInteger(name, text, 'page');
}

/**
 * Validates the form exactly as the CLI validates flags: core's `parseOptions`, then the plugin's
 * own `parse`. Throws InputError with the message the CLI would print.
 */
export function prepareRun(plugin: AnyPlugin, values: FormValues): PreparedRun {
  const limit = hostInteger('limit', values.limit);
  const delayMs = hostInteger('delay', values.delay) ?? plugin.stepDelayMs ?? DEFAULT_STEP_DELAY_MS;
  const options = parseOptions(plugin.options, values.raw);
  if (plugin.input?.required && !values.input) {
    throw new InputError(`this puzzle needs an input (${plugin.input.formats.join(', ')})`);
  }
  return { instance: plugin.parse(options, values.input), limit, delayMs };
}

export { errorText } from './errors.js';
