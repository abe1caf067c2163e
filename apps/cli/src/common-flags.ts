// The common flags of `kit run` in one line, as core's table of host names gives them, for the
// help of `kit run` and of `kit info`.
import { HOST_NAMES } from '@kit/core/host';

/** `-q/--quiet`, `--limit N`, `--no-color`: a common flag as the lists spell it. */
function commonFlag(name: string, short: string | undefined, cli: { value?: string; negated?: boolean }): string {
  return `${short ? `-${short}/` : ''}--${cli.negated ? 'no-' : ''}${name}${cli.value ? ` ${cli.value.toUpperCase()}` : ''}`;
}

export function commonFlagsLine(): string {
  return `Common options: ${HOST_NAMES.flatMap(({ name, short, cli }) => (cli ? [commonFlag(name, short, cli)] : [])).join(', ')}`;
}
