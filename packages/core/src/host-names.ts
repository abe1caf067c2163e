// Every name a host reserves, in one table: the flags of `kit run` and the page's URL parameters
// and form fields. A plugin option may take none of them (checkOptionSpecs refuses it at load), the
// CLI builds its common flags and their help from it, and the page reads its URL with it. A host
// that gains a flag or a parameter adds it here first; the contract page (docs/contract.md) lists
// the table.

/** A `kit run` flag. */
export interface CliFlag {
  /** What follows the flag (`n`, `K/N`); absent for a switch. */
  readonly value?: string;
  /** The flag is spelled `--no-NAME` (it is on unless turned off). */
  readonly negated?: boolean;
  /** The flag may be given more than once (each value kept). */
  readonly repeatable?: boolean;
  /** One line for `kit run <id> --help`. */
  readonly help: string;
}

/** A page URL parameter; `field` when the page's form has a field of that name too. */
export interface PageParameter {
  readonly field?: boolean;
  /** What the parameter does, for the contract page and the form field's help. */
  readonly help: string;
}

export interface HostName {
  /** The name: `--NAME` on the command line, `?NAME=` in the page's address. */
  readonly name: string;
  /** The one-letter alias the CLI gives it (`-q`). */
  readonly short?: string;
  readonly cli?: CliFlag;
  readonly page?: PageParameter;
}

/** The names the hosts own, in the order `kit run --help` lists them. */
export const HOST_NAMES: readonly HostName[] = [
  { name: 'quiet', short: 'q', cli: { help: 'no search animation; solutions still printed' } },
  { name: 'count', cli: { help: 'print only the final summary line' } },
  {
    name: 'limit',
    cli: { value: 'n', help: 'stop after n solutions' },
    page: { field: true, help: 'Stop after this many solutions.' },
  },
  { name: 'json', cli: { help: 'newline-delimited JSON on stdout, one object per event' } },
  { name: 'color', cli: { negated: true, help: 'letters instead of colour blocks' } },
  {
    name: 'delay',
    cli: { value: 'ms', help: 'pause between animation frames and steps' },
    page: { field: true, help: 'Milliseconds between animation steps.' },
  },
  { name: 'threads', cli: { value: 'n', help: 'worker threads for splittable searches' } },
  { name: 'plugin', cli: { value: 'path-or-package', repeatable: true, help: 'load one more plugin (repeatable)' } },
  { name: 'shard', cli: { value: 'K/N', help: "run only the K-th of N shares of the search's tasks (merge them with kit merge)" } },
  { name: 'queue', cli: { value: 'url', help: 'submit to kit workers through Redis (redis://HOST:PORT, rediss:// for TLS)' } },
  { name: 'max-solutions', cli: { value: 'n', help: 'with --queue: refuse a run with more solutions than this (default 100000)' } },
  { name: 'keep', cli: { value: 'duration', help: 'with --queue: keep the results in Redis this long once the run ends (default 24h; 90m, 12h, 7d)' } },
  {
    name: 'example',
    cli: { value: 'name', help: "run one of the plugin's named examples (kit info lists them); flags given too override its options" },
    page: { help: "one of the plugin's named examples (its samples) to open" },
  },
  { name: 'help', short: 'h', cli: { help: 'show this help' } },
  { name: 'version', short: 'v', cli: { help: 'print the version' } },
  { name: 'puzzle', page: { help: 'the plugin the page opens, by id' } },
  { name: 'run', page: { help: '1: start the run as soon as the page opens' } },
  { name: 'play', page: { help: "open the plugin's play mode instead of the solver" } },
  { name: 'game', page: { help: 'with play=1: the position to open, as a game code (its seed, its moves and how many of them are played)' } },
  { name: 'input', page: { field: true, help: "the plugin's positional file (kit run ID FILE), as text" } },
  { name: 'new', page: { help: "with play=1: 1 plays a puzzle made by the plugin's generator (with difficulty, and seed and size, which mean the generator's only beside new=1)" } },
  { name: 'difficulty', page: { help: "with new=1: the generator's level" } },
  { name: 'daily', page: { help: "with play=1: 1 plays the day's puzzle (the same for everyone on that UTC day)" } },
];

/** Who owns `name` as an option name, for a refusal: `kit run --queue`, `the page's ?puzzle=`. */
function owners(entry: HostName, spelled: string): string {
  const uses: string[] = [];
  if (entry.cli) uses.push(`kit run ${spelled}`);
  if (entry.page) uses.push(`the page's ?${entry.name}=`);
  return uses.join(', ');
}

/**
 * Why a plugin option may not be called `name` (or take the one-letter alias `short`), or
 * undefined when it may. Names starting with `no-` are the CLI's way to turn an option off.
 */
export function reservedNameProblem(name: string, short?: string): string | undefined {
  if (name.startsWith('no-')) return `option --${name}: the CLI reads --no-NAME as turning --NAME off`;
  const taken = HOST_NAMES.find((entry) => entry.name === name);
  if (taken) return `option --${name} is reserved by the hosts (${owners(taken, `--${taken.cli?.negated ? 'no-' : ''}${name}`)})`;
  const alias = short === undefined ? undefined : HOST_NAMES.find((entry) => entry.short === short);
  if (alias) return `option --${name}: -${short} is reserved by the hosts (${owners(alias, `-${short}, --${alias.name}`)})`;
  return undefined;
}

/** The URL parameters the page owns; every other parameter is a plugin option or an unknown. */
export function isPageParameter(name: string): boolean {
  return HOST_NAMES.some((entry) => entry.name === name && entry.page !== undefined);
}
