/**
 * The common flags of `kit run` (core's HOST_NAMES table: every name a host owns) and whether each
 * takes a value: the one list the pre-scan for the plugin id (main.ts), the quick parser
 * (run-args-quick.ts) and the commander command (run-command.ts) agree on. Its own file, so `kit`
 * can read it before it loads either parser. `--no-color` (negated) and `-h`/`--help`, `-v`/
 * `--version` are read by hand or by commander, so they are not here.
 */
import { HOST_NAMES } from '@kit/core/host';

export const COMMON_FLAGS: Readonly<Record<string, { value: boolean; short?: string }>> = Object.fromEntries(
  HOST_NAMES.flatMap(({ name, short, cli }) =>
    cli && !cli.negated && name !== 'help' && name !== 'version' ? [[name, { value: cli.value !== undefined, ...(short ? { short } : {}) }]] : [],
  ),
);

/** The common flags that take a value: the pre-scan must skip their values. */
export const COMMON_VALUE_FLAGS = Object.entries(COMMON_FLAGS)
  .filter(([, flag]) => flag.value)
  .map(([name]) => `--${name}`);
