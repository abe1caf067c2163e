// `kit run <id>` as a commander command built from the plugin's option specs: it parses whatever
// run-args-quick.ts leaves to it (help, --no-NAME, short clusters, mistakes) and writes `--help`.
import { Command, Option } from 'commander';
import { type AnyPlugin, HOST_NAMES, type CliFlag } from '@kit/core/host';
import { cliVersion } from './discovery.js';
import { describeOption, valuePlaceholder } from './describe.js';
import { maxThreads, suggestedStepDelay } from './run-flags.js';

const hostFlag = (name: string): CliFlag => HOST_NAMES.find((entry) => entry.name === name)!.cli!;

export function buildRunCommand(plugin: AnyPlugin): Command {
  const command = new Command(`kit run ${plugin.id}`);
  command
    .description(`${plugin.title}: ${plugin.description}`)
    .usage(plugin.input ? `${plugin.input.required ? '<file>' : '[file]'} [options]` : '[options]')
    .helpOption('-h, --help', hostFlag('help').help)
    .version(cliVersion(), '-v, --version', hostFlag('version').help)
    .allowExcessArguments(true);
  if (plugin.input) {
    const help = plugin.input.help ?? 'input file';
    command.argument(plugin.input.required ? '<file>' : '[file]', `${help} (${plugin.input.formats.join(', ')})`);
  }
  // Names and short names are the plugin's own: checkPlugin refused any a host owns or one given twice.
  for (const spec of plugin.options) {
    const short = spec.short ? `-${spec.short}, ` : '';
    const placeholder = valuePlaceholder(spec);
    if (spec.type === 'boolean' && spec.default === true) {
      // On by default: what a user can type to change it is --no-NAME, so that is what help shows.
      // --NAME still works (scripts may spell the default out) but is not listed.
      command.addOption(new Option(`${short}--${spec.name}`).hideHelp());
      command.addOption(new Option(`--no-${spec.name}`, `${spec.help} (on by default; --no-${spec.name} turns it off)`));
      continue;
    }
    command.addOption(new Option(`${short}--${spec.name}${placeholder ? ` <${placeholder}>` : ''}`, describeOption(spec)));
  }
  // The common flags, as core's table of host names gives them; help and version are commander's own.
  const extra: Record<string, string> = {
    delay: ` (default 0${suggestedStepDelay(plugin) !== undefined ? `; ${suggestedStepDelay(plugin)} between steps` : ''})`,
    threads: ` (default and most: ${maxThreads()}, the available cores)`,
  };
  for (const { name, short, cli } of HOST_NAMES) {
    if (!cli || name === 'help' || name === 'version') continue;
    const flags = `${short ? `-${short}, ` : ''}--${cli.negated ? 'no-' : ''}${name}${cli.value ? ` <${cli.value}>` : ''}`;
    command.addOption(new Option(flags, cli.help + (extra[name] ?? '')).helpGroup('Common options:'));
  }
  if (plugin.examples?.length) {
    command.addHelpText('after', `\nExamples:\n${plugin.examples.map((example) => `  kit run ${plugin.id} ${example}`).join('\n')}\n`);
  }
  return command;
}
