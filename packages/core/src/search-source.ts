import { InputError } from './errors.js';
import { optionLabel, parseOptions, type RawOptions, type TextFile } from './options.js';
import type { AnyPlugin } from './plugin.js';

/**
 * A search as text: the options as a host took them (before defaults) and the input file. This is
 * what leaves the machine (a queued job, a shard's file), never a parsed instance: whoever runs it
 * parses it again with the plugin's own parser, so data never becomes anything the parser would not
 * make of a user's typing.
 */
export interface SearchSource {
  /** The options as collected. */
  options: RawOptions;
  /** The positional file, if any. */
  input?: TextFile;
}

/** The options of `source` that name something on a host (terminal-only: files, programs, --force). */
export function hostScopedOptions(plugin: Pick<AnyPlugin, 'options'>, source: Pick<SearchSource, 'options'>): string[] {
  return plugin.options
    .filter((spec) => spec.terminalOnly && Object.hasOwn(source.options, spec.name) && source.options[spec.name] !== undefined)
    .map(optionLabel);
}

/**
 * The instance a source describes, parsed as a host parses a user's command. Host-scoped options are
 * refused: a search from elsewhere must not write this machine's files or run its programs.
 */
export function instanceFromSource(plugin: AnyPlugin, source: SearchSource): unknown {
  const hostScoped = hostScopedOptions(plugin, source);
  if (hostScoped.length > 0) {
    throw new InputError(
      `${hostScoped.join(', ')} cannot come from another machine (${hostScoped.length === 1 ? 'it names' : 'they name'} a file or program on the host)`,
    );
  }
  return plugin.parse(parseOptions(plugin.options, source.options), source.input);
}
