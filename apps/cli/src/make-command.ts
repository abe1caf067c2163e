// `kit generate <id>` and `kit grade <id>` as commander commands: their flags from core's table of
// host names (the entries' `make`), and for generate the generator's own parameters, so the plugin
// is found first (the words are pre-scanned for its id and --plugin values, as `kit run`'s are).
import { Command, Option } from 'commander';
import type { OptionSpec } from '@kit/core';
import { HOST_NAMES, type AnyPlugin } from '@kit/core/host';
import { configureCommand } from './commander-setup.js';
import { describeOption, valuePlaceholder } from './describe.js';
import { cliVersion } from './discovery.js';
import { EXIT, isCommanderError, UsageError } from './errors.js';

export type MakeVerb = 'generate' | 'grade';

const flagsOf = (verb: MakeVerb) => HOST_NAMES.flatMap(({ name, make }) => (make?.verbs.includes(verb) ? [{ name, make }] : []));

/** The plugin id and the --plugin values among the words after `kit generate` or `kit grade`; the rest as they were. */
export function splitMakeArguments(verb: MakeVerb, args: readonly string[]): { id: string | undefined; plugins: string[]; rest: string[] } {
  const valueFlags = new Set(flagsOf(verb).flatMap(({ name, make }) => (make.value ? [`--${name}`, ...(make.short ? [`-${make.short}`] : [])] : [])));
  const plugins: string[] = [];
  const rest: string[] = [];
  let id: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--plugin') {
      const value = args[++i];
      if (value === undefined) throw new UsageError("option '--plugin <path-or-package>' argument missing");
      plugins.push(value);
    } else if (arg.startsWith('--plugin=')) {
      plugins.push(arg.slice('--plugin='.length));
    } else if (id === undefined && !arg.startsWith('-')) {
      id = arg;
    } else if (id === undefined && valueFlags.has(arg) && i + 1 < args.length) {
      rest.push(arg, args[++i]!);
    } else {
      rest.push(arg);
    }
  }
  return { id, plugins, rest };
}

/** What a plugin offers, for a refusal: `a solver, a grader, play mode`. */
export function abilities(plugin: AnyPlugin): string {
  return ['a solver', ...(plugin.generator ? ['a generator'] : []), ...(plugin.grader ? ['a grader'] : []), ...(plugin.play ? ['play mode'] : [])].join(', ');
}

function parameterOption(spec: OptionSpec): Option[] {
  const short = spec.short ? `-${spec.short}, ` : '';
  if (spec.type === 'boolean' && spec.default === true) {
    return [new Option(`${short}--${spec.name}`).hideHelp(), new Option(`--no-${spec.name}`, `${spec.help} (on by default; --no-${spec.name} turns it off)`)];
  }
  const placeholder = valuePlaceholder(spec);
  return [new Option(`${short}--${spec.name}${placeholder ? ` <${placeholder}>` : ''}`, describeOption(spec))];
}

/** The command for `verb` of one plugin (help, version, the table's flags, the generator's parameters). */
export function buildMakeCommand(verb: MakeVerb, plugin: AnyPlugin, extraHelp: Readonly<Record<string, string>> = {}): Command {
  const command = new Command(`kit ${verb} ${plugin.id}`);
  const generator = plugin.generator;
  command
    .description(verb === 'generate' ? `${plugin.title}: make puzzles with its generator` : `${plugin.title}: the level of a puzzle and how a person solves it`)
    .usage(verb === 'generate' ? '[options]' : '<file> [options]')
    .allowExcessArguments(true);
  // Optional to commander: a missing file gets kit's own line, naming the formats.
  if (verb === 'grade') command.argument('[file]', `${plugin.input?.help ?? 'the puzzle file'} (${plugin.input?.formats.join(', ') ?? 'no file format'})`);
  for (const { name, make } of flagsOf(verb)) {
    const flag = `${make.short ? `-${make.short}, ` : ''}--${name}${make.value ? ` <${make.value}>` : ''}`;
    if (name === 'help') command.helpOption(flag, make.help);
    else if (name === 'version') command.version(cliVersion(), flag, make.help);
    else command.addOption(new Option(flag, make.help + (extraHelp[name] ?? '')));
  }
  if (verb === 'generate' && generator) {
    for (const spec of generator.parameters ?? [])
      for (const option of parameterOption(spec)) command.addOption(option.helpGroup("The generator's parameters:"));
    const levels = `Levels: ${generator.levels.join(', ')} (default ${generator.defaultLevel ?? generator.levels[0]})`;
    const sizes = generator.size
      ? `\nSizes: ${generator.size.min} to ${generator.size.max} a side (default ${generator.size.default}${generator.size.presets ? `; ${generator.size.presets.join(', ')}` : ''})`
      : '';
    const formats = generator.emits?.length ? `\nFormats for --emit: ${generator.emits.join(', ')}` : '';
    command.addHelpText('after', `\n${levels}${sizes}${formats}\n`);
  }
  if (verb === 'grade' && plugin.grader) command.addHelpText('after', `\nLevels: ${plugin.grader.levels.join(', ')}\n`);
  return configureCommand(command);
}

/** The words through the command: its options by camelCase name and its arguments, or an exit code (help, a mistake). */
export function parseMakeArguments(command: Command, args: readonly string[]): { opts: Record<string, unknown>; args: readonly string[] } | number {
  try {
    command.parse([...args], { from: 'user' });
  } catch (error) {
    if (isCommanderError(error)) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    throw error;
  }
  return { opts: command.opts<Record<string, unknown>>(), args: command.args };
}
