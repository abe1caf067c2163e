// Every name a host reserves, in one table: the flags of `kit run`, of `kit generate` and `kit grade`,
// and the page's URL parameters and form fields. A plugin option may take no name `kit run` or the
// page owns, a generator parameter no name of the table at all (checkOptionSpecs refuses it at
// load); the CLI builds its flags and their help from it, and the page reads its URL with it. A host
// that gains a flag or a parameter adds it here first; the contract page (docs/contract.md) lists
// the table. A name that takes a number carries its check and the words of its refusal, so every
// host refuses `--limit 0`, `?seed=-1` or `--threads x` in one wording (readHostInteger).

import { InputError } from './errors.js';
import { integerWords } from './integer-words.js';

/** How a host checks a whole-number value: bounds, and the words the refusal says it must be. */
export interface IntegerCheck {
  /** Tells the kinds of check apart (the only kind so far). */
  readonly kind: 'integer';
  /** The smallest value accepted (inclusive). */
  readonly min: number;
  /** The largest value accepted (inclusive); none when the host clamps it itself (--threads). */
  readonly max?: number;
  /** What the value must be, when the bounds say it badly (`a whole number of milliseconds`). */
  readonly words?: string;
}

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

/** A flag of `kit generate` or `kit grade`: the verbs that make and grade puzzles. */
export interface MakerFlag extends CliFlag {
  /** The verbs that take the flag. */
  readonly verbs: readonly ('generate' | 'grade')[];
  /** Its one-letter alias (`-o`); these verbs' own, so a plugin option of `kit run` may have it. */
  readonly short?: string;
  /** The value's check when these verbs mean another thing by the name (`--count K`). */
  readonly check?: IntegerCheck;
}

/** A page URL parameter; `field` when the page's form has a field of that name too. */
export interface PageParameter {
  /** True when the page's form has a field of this name. */
  readonly field?: boolean;
  /**
   * Read only in a New game's or a Daily's address (`new=1`, `daily=1`): the generator's request.
   * In a solver's address a plugin option of that name keeps it (`?puzzle=pentomino&size=6`).
   */
  readonly newGame?: boolean;
  /** What the parameter does, for the contract page and the form field's help. */
  readonly help: string;
}

/** A name the hosts own (a flag, a URL parameter) and what it means to each of them. */
export interface HostName {
  /** The name: `--NAME` on the command line, `?NAME=` in the page's address. */
  readonly name: string;
  /** The one-letter alias the CLI gives it (`-q`). */
  readonly short?: string;
  /** The `kit run` flag. */
  readonly cli?: CliFlag;
  /** The `kit generate` / `kit grade` flag (the same name may mean another thing there: `--count K`). */
  readonly make?: MakerFlag;
  /** The page's URL parameter. */
  readonly page?: PageParameter;
  /** The value's check, for every host that takes one under this name (MakerFlag.check overrides). */
  readonly check?: IntegerCheck;
}

const GENERATE = ['generate'] as const;
const GRADE = ['grade'] as const;
const BOTH = ['generate', 'grade'] as const;
/** A generator's seeds: 32 bits, so every host and every seeded random source agree. */
const SEED: IntegerCheck = { kind: 'integer', min: 0, max: 0xffff_ffff };

/** The names the hosts own, in the order `kit run --help` lists them. */
export const HOST_NAMES: readonly HostName[] = [
  { name: 'quiet', short: 'q', cli: { help: 'no search animation; solutions still printed' } },
  {
    name: 'count',
    cli: { help: 'print only the final summary line' },
    make: { verbs: GENERATE, value: 'K', help: 'make K puzzles, of seeds N, N+1, ... (default 1)', check: { kind: 'integer', min: 1, max: 100_000 } },
  },
  {
    name: 'limit',
    cli: { value: 'n', help: 'stop after n solutions' },
    page: { field: true, help: 'Stop after this many solutions.' },
    check: { kind: 'integer', min: 1 },
  },
  {
    name: 'json',
    cli: { help: 'newline-delimited JSON on stdout, one object per event' },
    make: { verbs: BOTH, help: 'one JSON line a puzzle (generate); one a step, then the grade (grade)' },
  },
  { name: 'color', cli: { negated: true, help: 'letters instead of colour blocks' } },
  {
    name: 'delay',
    cli: { value: 'ms', help: 'pause between animation frames and steps' },
    page: { field: true, help: 'Milliseconds between animation steps.' },
    check: { kind: 'integer', min: 0, words: 'a whole number of milliseconds' },
  },
  {
    name: 'threads',
    cli: { value: 'n', help: 'worker threads for splittable searches' },
    make: { verbs: GENERATE, value: 'n', help: 'puzzles made at once, each in a worker thread (the output is the same)' },
    // No largest value: a host clamps it to the CPUs it may use, with a note.
    check: { kind: 'integer', min: 1 },
  },
  {
    name: 'plugin',
    cli: { value: 'path-or-package', repeatable: true, help: 'load one more plugin (repeatable)' },
    make: { verbs: BOTH, value: 'path-or-package', repeatable: true, help: 'load one more plugin (repeatable)' },
  },
  { name: 'shard', cli: { value: 'K/N', help: "run only the K-th of N shares of the search's tasks (merge them with kit merge)" } },
  { name: 'queue', cli: { value: 'url', help: 'submit to kit workers through Redis (redis://HOST:PORT, rediss:// for TLS)' } },
  {
    name: 'max-solutions',
    cli: { value: 'n', help: 'with --queue: refuse a run with more solutions than this (default 100000)' },
    check: { kind: 'integer', min: 1 },
  },
  { name: 'keep', cli: { value: 'duration', help: 'with --queue: keep the results in Redis this long once the run ends (default 24h; 90m, 12h, 7d)' } },
  {
    name: 'example',
    cli: { value: 'name', help: "run one of the plugin's named examples (kit info lists them); flags given too override its options" },
    page: { help: "one of the plugin's named examples (its samples) to open" },
  },
  { name: 'help', short: 'h', cli: { help: 'show this help' }, make: { verbs: BOTH, short: 'h', help: 'show this help' } },
  { name: 'version', short: 'v', cli: { help: 'print the version' }, make: { verbs: BOTH, short: 'v', help: 'print the version' } },
  {
    name: 'size',
    make: { verbs: GENERATE, value: 'WxH', help: "the puzzles' size (kit generate ID --help lists the sizes)" },
    page: { newGame: true, help: "with new=1: the generated puzzle's size, WxH" },
  },
  {
    name: 'difficulty',
    make: { verbs: GENERATE, value: 'level', help: "one of the generator's levels (kit generate ID --help lists them)" },
    page: { newGame: true, help: "with new=1: the generated puzzle's level" },
  },
  {
    name: 'seed',
    make: { verbs: GENERATE, value: 'n', help: "the first puzzle's seed, 0 to 4294967295 (default 1): the same seed, the same puzzle" },
    page: { newGame: true, help: "with new=1: the generated puzzle's seed" },
    check: SEED,
  },
  { name: 'emit', make: { verbs: GENERATE, value: 'format', help: "write the puzzles in another of the generator's formats" } },
  { name: 'output', make: { verbs: GENERATE, short: 'o', value: 'file', help: 'write the puzzles to this file instead of stdout' } },
  { name: 'force', make: { verbs: GENERATE, help: 'let -o overwrite an existing file' } },
  { name: 'steps', make: { verbs: GRADE, help: 'print the solving path, one line a step' } },
  { name: 'puzzle', page: { help: 'the plugin the page opens, by id' } },
  { name: 'run', page: { help: '1: start the run as soon as the page opens' } },
  { name: 'play', page: { help: "open the plugin's play mode instead of the solver" } },
  { name: 'game', page: { help: 'with play=1: the position to open, as a game code (its seed, its moves and how many of them are played)' } },
  { name: 'input', page: { field: true, help: "the plugin's positional file (kit run ID FILE), as text" } },
  { name: 'new', page: { help: "with play=1: 1 opens a freshly generated game (its size, difficulty and seed, and the generator's parameters, by name)" } },
  { name: 'daily', page: { help: "with play=1: 1 opens the day's puzzle, the same for everyone on that UTC day" } },
];

/**
 * What a name would clash with: a plugin option (`kit run`'s flags and the page's solver address) or
 * a generator parameter (`kit generate`'s flags beside every host's, and the page's New game address).
 */
export type NameUse = 'option' | 'parameter';

/**
 * Who owns `name`, for a refusal: `kit run --queue`, `kit generate --size`, `the page's ?puzzle=`
 * (a plugin option hears only of `kit run` and the page: the other verbs never read options).
 */
function owners(entry: HostName, use: NameUse, spelled: (flag: CliFlag) => string): string {
  const uses: string[] = [];
  if (entry.cli) uses.push(`kit run ${spelled(entry.cli)}`);
  if (entry.make && use === 'parameter') uses.push(`kit ${entry.make.verbs.join('/')} ${spelled(entry.make)}`);
  if (entry.page) uses.push(`the page's ?${entry.name}=`);
  return uses.join(', ');
}

/** The entries a name of `use` may not take. */
function clashes(entry: HostName, use: NameUse): boolean {
  if (use === 'parameter') return true;
  return entry.cli !== undefined || (entry.page !== undefined && entry.page.newGame !== true);
}

/**
 * Why a plugin option (or, with `use` 'parameter', a generator parameter) may not be called `name`
 * (or take the one-letter alias `short`), or undefined when it may. Names starting with `no-` are the
 * CLI's way to turn an option off.
 */
export function reservedNameProblem(name: string, short?: string, use: NameUse = 'option'): string | undefined {
  if (name.startsWith('no-')) return `option --${name}: the CLI reads --no-NAME as turning --NAME off`;
  const taken = HOST_NAMES.find((entry) => entry.name === name && clashes(entry, use));
  if (taken) return `option --${name} is reserved by the hosts (${owners(taken, use, (flag) => `--${flag.negated ? 'no-' : ''}${name}`)})`;
  if (short === undefined) return undefined;
  const alias = HOST_NAMES.find((entry) => (entry.short === short && clashes(entry, use)) || (use === 'parameter' && entry.make?.short === short));
  if (alias) return `option --${name}: -${short} is reserved by the hosts (${owners(alias, use, () => `-${short}, --${alias.name}`)})`;
  return undefined;
}

/**
 * The URL parameters the page owns; every other parameter is a plugin option or an unknown. With
 * `newGame` (an address with `new=1` or `daily=1`), also the generator's request: size, difficulty, seed.
 */
export function isPageParameter(name: string, options: { newGame?: boolean } = {}): boolean {
  return HOST_NAMES.some((entry) => entry.name === name && entry.page !== undefined && (options.newGame === true || entry.page.newGame !== true));
}

/** Which host reads a value: `kit run`, `kit generate`/`kit grade`, or the page. */
export type HostUse = 'run' | 'make' | 'page';

/** The check of the host name `name` as `use` reads it; a name without one is a slip of the host's. */
export function hostCheck(name: string, use: HostUse = 'run'): IntegerCheck {
  const entry = HOST_NAMES.find((candidate) => candidate.name === name);
  const check = (use === 'make' ? entry?.make?.check : undefined) ?? entry?.check;
  if (!check) throw new Error(`host name ${JSON.stringify(name)} carries no check`);
  return check;
}

/** The most characters of a refused value a message quotes (a URL parameter may be long). */
const SHOWN_CHARACTERS = 40;
const INTEGER = /^[+-]?\d+$/;

/**
 * The value of the host name `name`, checked; undefined when it is not given. An empty value is refused
 * (an unset shell variable): a page passes an empty field as not given.
 * A bad value throws InputError: `--limit must be a positive integer (got "0")`. `label` is how the
 * host spells the name (`--limit` unless given: the page shows its own words).
 */
export function readHostInteger(name: string, value: unknown, use: HostUse = 'run', label = `--${name}`): number | undefined {
  if (value === undefined) return undefined;
  const check = hostCheck(name, use);
  const text = String(value).trim();
  const number = INTEGER.test(text) ? Number(text) : Number.NaN;
  if (Number.isSafeInteger(number) && number >= check.min && (check.max === undefined || number <= check.max)) return number;
  const shown = String(value).slice(0, SHOWN_CHARACTERS);
  throw new InputError(`${label} must be ${check.words ?? integerWords(check.min, check.max)} (got ${JSON.stringify(shown)})`);
}
