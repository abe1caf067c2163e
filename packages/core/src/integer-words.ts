// What a whole number within bounds is called in a refusal or a help line: one wording for a plugin's
// int option (options.ts) and a host's own numbers (host-names.ts), so the two cannot drift apart.

/** `an integer from 3 to 8`, `a positive integer`, `an integer of at least 0`. */
export function integerWords(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `an integer from ${min} to ${max}`;
  if (min === 1) return 'a positive integer';
  if (min !== undefined) return `an integer of at least ${min}`;
  if (max !== undefined) return `an integer of at most ${max}`;
  return 'an integer';
}
