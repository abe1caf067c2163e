// @kit/core/messages: input errors, safe one-line messages and the nesting bound of JSON from
// elsewhere, without the rest of core, for hosts that must start fast (the `kit` command loads this
// before it knows what it will run).
export { isInputError, formatInputError } from './errors.js';
export type { InputError, InputLocation } from './errors.js';
export { escapeControls, safeLine } from './safe-text.js';
export { jsonNestsDeeperThan } from './json-depth.js';
