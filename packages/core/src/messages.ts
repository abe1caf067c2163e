// @kit/core/messages: input errors and safe one-line messages, without the rest of core, for hosts
// that must start fast (the `kit` command loads this before it knows what it will run).
export { InputError, isInputError, formatInputError } from './errors.js';
export type { InputLocation } from './errors.js';
export { escapeControls, safeLine, MAX_MESSAGE_LENGTH } from './safe-text.js';
