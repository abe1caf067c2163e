// The page speaks to players: a plugin's messages and help name CLI flags (`--size must be ...`),
// which the page words as the fields a person sees (`size must be ...`).
import type { AnyPlugin } from '@kit/core/host';
import { errorText } from './errors.js';
import { DELAY_FIELD, LIMIT_FIELD } from './form-fields.js';

const FLAG = /(^|[^\w-])--([a-z][a-z0-9-]*)/g;

/** `--size` becomes `size` wherever the page has a field of that name; other text is left as it is. */
export function pageWords(plugin: AnyPlugin, text: string): string {
  const fields = new Set([...plugin.options.filter((spec) => !spec.terminalOnly).map((spec) => spec.name), LIMIT_FIELD, DELAY_FIELD]);
  return text.replace(FLAG, (whole, before: string, name: string) => (fields.has(name) ? `${before}${name}` : whole));
}

/** An error's one line, in the page's words. */
export function pageErrorText(plugin: AnyPlugin, error: unknown): string {
  return pageWords(plugin, typeof error === 'string' ? error : errorText(error));
}
