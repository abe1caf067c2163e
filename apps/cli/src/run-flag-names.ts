/**
 * The common flags of `kit run` (DESIGN.md §3) and whether each takes a value: the one list the
 * pre-scan for the plugin id (main.ts), the quick parser (run-args-quick.ts) and, checked by a
 * test, the commander command (run-command.ts) agree on. Its own file, so `kit` can read it before
 * it loads either parser. `--no-color` is the negation commander spells out; the quick parser
 * reads it by hand.
 */
export const COMMON_FLAGS: Readonly<Record<string, { value: boolean; short?: string }>> = {
  quiet: { value: false, short: 'q' },
  count: { value: false },
  limit: { value: true },
  json: { value: false },
  delay: { value: true },
  threads: { value: true },
  plugin: { value: true },
  shard: { value: true },
  queue: { value: true },
  'max-solutions': { value: true },
};

/** The common flags that take a value: the pre-scan must skip their values. */
export const COMMON_VALUE_FLAGS = Object.entries(COMMON_FLAGS)
  .filter(([, flag]) => flag.value)
  .map(([name]) => `--${name}`);
