// @kit/core/messages: input errors and safe one-line messages, without the rest of core, for hosts
// that must start fast (the `kit` command loads this before it knows what it will run).
export { isInputError, formatInputError } from './errors.js';
export type { InputError, InputLocation } from './errors.js';
export { escapeControls, safeLine } from './safe-text.js';
