import { InputError } from './errors.js';
import { reservedNameProblem, type NameUse } from './host-names.js';
import { integerWords } from './integer-words.js';

/** A text file as a host hands it to a plugin: the CLI reads it from disk, the web app from a form. */
export interface TextFile {
  /** The file name as the user gave it, for messages. */
  name: string;
  /** The whole contents, decoded as UTF-8. */
  text: string;
}

interface BaseSpec {
  /** Kebab-case name: `size` becomes `--size` in the CLI and a field in the web form. */
  name: string;
  /** One-letter alias for the CLI (`-s`). */
  short?: string;
  help: string;
  /**
   * For the terminal only (an output file, `--force`, an external solver): hosts without a terminal
   * hide it. The web page offers the plugin's `output` as a download instead of `-o`.
   */
  terminalOnly?: boolean;
}

/** A whole number, optionally bounded: `--size 8`. */
export interface IntOptionSpec extends BaseSpec {
  /** Tells the option kinds apart. */
  type: 'int';
  /** The smallest value accepted (inclusive). */
  min?: number;
  /** The largest value accepted (inclusive). */
  max?: number;
  /** The value when the option is not given. */
  default?: number;
}

/** One word out of a fixed list: `--order size`. */
export interface EnumOptionSpec extends BaseSpec {
  /** Tells the option kinds apart. */
  type: 'enum';
  /** The accepted words, in the order help text shows them. */
  choices: readonly string[];
  /** The value when the option is not given; one of `choices`. */
  default?: string;
}

/** An on/off switch: `--unique`, `--unique=false`. */
export interface BooleanOptionSpec extends BaseSpec {
  /** Tells the option kinds apart. */
  type: 'boolean';
  /** The value when the option is not given. */
  default?: boolean;
}

/** Free text the plugin checks itself (a share link, a field code). */
export interface StringOptionSpec extends BaseSpec {
  /** Tells the option kinds apart. */
  type: 'string';
  /** The value when the option is not given. */
  default?: string;
  /** What the value looks like, for help text (`LETTERS`, `3-12`). */
  placeholder?: string;
  /**
   * Other options this value settles: a pasted link that holds a chain puzzle turns on `nazo`. A
   * host with a form sets them when the value is entered (the person sees them change and may undo
   * them); the CLI takes its flags as typed. Undefined or `{}` when the value settles nothing.
   */
  implies?(value: string): Readonly<Record<string, string | boolean>> | undefined;
}

/**
 * A subset of a fixed set of letters (pieces by name). The CLI takes it as letters (`--pieces LNPUVY`);
 * the web page draws a toggle per letter in the palette's colour of that letter. The value reaches
 * `parse` as the typed string: the plugin checks it (repeats, unknown letters) with its own words.
 */
export interface LettersOptionSpec extends BaseSpec {
  /** Tells the option kinds apart. */
  type: 'letters';
  /** The letters offered, in order (`FILNPTUVWXYZ`); each is also its palette key. */
  letters: string;
  /** The letters chosen when the option is not given. */
  default?: string;
  /** What the value looks like, for help text. */
  placeholder?: string;
}

/** A text file the host reads (bounded by `maxBytes`) and hands over as a `TextFile` (of the author entry). */
export interface FileOptionSpec extends BaseSpec {
  /** Tells the option kinds apart. */
  type: 'file';
  /** Formats the file may be in, for help text and the web form's file picker. */
  formats?: readonly string[];
  /** The largest file the host reads for this option, in bytes (default 1 MiB). */
  maxBytes?: number;
  /**
   * The file may be gzip-compressed (it starts with gzip's magic bytes): the host decompresses it
   * before the plugin sees the text, and `maxBytes` bounds the decompressed text too.
   */
  gzip?: boolean;
}

/** One option a plugin declares; hosts parse and check it before the plugin sees it. */
export type OptionSpec = IntOptionSpec | EnumOptionSpec | BooleanOptionSpec | StringOptionSpec | LettersOptionSpec | FileOptionSpec;

/** A checked option value: a number, a word or text, a switch, or a file read. */
export type OptionValue = number | string | boolean | TextFile;
/** Checked option values by name, defaults filled in; undefined for an option left out. */
export type ParsedOptions = Record<string, OptionValue | undefined>;
/** What a host collected before validation: CLI strings, form strings or booleans, files it read. */
export type RawOptions = Record<string, string | number | boolean | TextFile | undefined>;

const INTEGER = /^[+-]?\d+$/;

/** The option as the CLI spells it (`--size`), for messages. */
export function optionLabel(spec: Pick<OptionSpec, 'name'>): string {
  return `--${spec.name}`;
}

/** A short description of the values an option accepts, used by help text and errors alike. */
export function describeValues(spec: OptionSpec): string {
  switch (spec.type) {
    case 'int':
      return integerWords(spec.min, spec.max);
    case 'enum':
      return `one of ${spec.choices.join(', ')}`;
    case 'boolean':
      return 'true or false';
    case 'string':
      return spec.placeholder ? `a value like ${spec.placeholder}` : 'a text value';
    case 'letters':
      return `letters from ${spec.letters}`;
    case 'file':
      return spec.formats?.length ? `a file (${spec.formats.join(', ')})` : 'a file';
  }
}

function invalid(spec: OptionSpec, got: unknown): InputError {
  const shown = typeof got === 'string' ? JSON.stringify(got) : String(got);
  return new InputError(`${optionLabel(spec)} must be ${describeValues(spec)} (got ${shown})`);
}

function parseOne(spec: OptionSpec, raw: string | number | boolean | TextFile): OptionValue {
  switch (spec.type) {
    case 'int': {
      const text = typeof raw === 'number' ? String(raw) : raw;
      if (typeof text !== 'string' || !INTEGER.test(text.trim())) throw invalid(spec, raw);
      const value = Number(text.trim());
      if (!Number.isSafeInteger(value)) throw invalid(spec, raw);
      if ((spec.min !== undefined && value < spec.min) || (spec.max !== undefined && value > spec.max)) throw invalid(spec, raw);
      return value;
    }
    case 'enum':
      if (typeof raw !== 'string' || !spec.choices.includes(raw)) throw invalid(spec, raw);
      return raw;
    case 'boolean':
      if (typeof raw === 'boolean') return raw;
      if (raw === 'true' || raw === '') return true;
      if (raw === 'false') return false;
      throw invalid(spec, raw);
    case 'string':
    case 'letters':
      if (typeof raw !== 'string') throw invalid(spec, raw);
      return raw;
    case 'file':
      if (typeof raw !== 'object' || raw === null || typeof raw.text !== 'string') throw invalid(spec, raw);
      return raw;
  }
}

/**
 * Validates raw values against a plugin's specs and fills in defaults. Both hosts call this, so the
 * CLI and the web form show the same message for the same mistake.
 */
export function parseOptions(specs: readonly OptionSpec[], raw: RawOptions): ParsedOptions {
  const byName = new Map(specs.map((spec) => [spec.name, spec]));
  for (const name of Object.keys(raw)) {
    if (raw[name] !== undefined && !byName.has(name)) throw new InputError(`unknown option --${name}`);
  }
  // Own properties only, into an object with no prototype: an option may be called `constructor`
  // or `to-string`, and must not find Object.prototype's members (nor let `__proto__` reach it).
  const parsed: ParsedOptions = Object.create(null) as ParsedOptions;
  for (const spec of specs) {
    const value = Object.hasOwn(raw, spec.name) ? raw[spec.name] : undefined;
    if (value === undefined || (value === '' && spec.type !== 'boolean' && spec.type !== 'string' && spec.type !== 'letters')) {
      if (spec.type !== 'file' && spec.default !== undefined) parsed[spec.name] = spec.default;
      continue;
    }
    parsed[spec.name] = parseOne(spec, value);
  }
  return parsed;
}

/**
 * Checks a plugin's own specs: names (none of HOST_NAMES a plugin option, or with `use` 'parameter' a
 * generator parameter, may take), short names, ranges, defaults. Registration fails on a bad spec.
 */
export function checkOptionSpecs(specs: readonly OptionSpec[], use: NameUse = 'option'): string | undefined {
  const seen = new Set<string>();
  const shorts = new Map<string, string>();
  for (const spec of specs) {
    if (!/^[a-z][a-z0-9-]*$/.test(spec.name)) return `option name ${JSON.stringify(spec.name)} must be kebab-case`;
    if (spec.short !== undefined && !/^[A-Za-z]$/.test(spec.short)) return `option --${spec.name} has a bad short name`;
    const reserved = reservedNameProblem(spec.name, spec.short, use);
    if (reserved) return reserved;
    if (seen.has(spec.name)) return `option --${spec.name} is declared twice`;
    seen.add(spec.name);
    if (spec.short !== undefined) {
      const other = shorts.get(spec.short);
      if (other !== undefined) return `option --${spec.name}: -${spec.short} is taken by --${other} already`;
      shorts.set(spec.short, spec.name);
    }
    if (spec.type === 'file' && spec.maxBytes !== undefined && !(Number.isSafeInteger(spec.maxBytes) && spec.maxBytes > 0)) {
      return `option --${spec.name} has a maxBytes that is not a positive integer`;
    }
    if (spec.type === 'file' && spec.gzip !== undefined && typeof spec.gzip !== 'boolean') return `option --${spec.name} has a gzip that is not true or false`;
    if (spec.type !== 'file' && spec.default !== undefined) {
      try {
        parseOne(spec, spec.default);
      } catch {
        return `option --${spec.name} has a default that is not ${describeValues(spec)}`;
      }
    }
  }
  return undefined;
}
