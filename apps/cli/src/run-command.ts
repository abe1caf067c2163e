// `kit run <id>` as a commander command built from the plugin's option specs: it parses whatever
// run-args-quick.ts leaves to it (help, --no-NAME, short clusters, mistakes) and writes `--help`.
import { Command, Option } from 'commander';
import type { AnyPlugin } from '@kit/core';
import { describeOption, valuePlaceholder } from './describe.js';
import { maxThreads, suggestedStepDelay } from './run-flags.js';

export function buildRunCommand(plugin: AnyPlugin): Command {
  const command = new Command(`kit run ${plugin.id}`);
  command
    .description(`${plugin.title}: ${plugin.description}`)
    .usage(plugin.input ? `${plugin.input.required ? '<file>' : '[file]'} [options]` : '[options]')
    .helpOption('-h, --help', 'show this help')
    .allowExcessArguments(true);
  if (plugin.input) {
    const help = plugin.input.help ?? 'input file';
    command.argument(plugin.input.required ? '<file>' : '[file]', `${help} (${plugin.input.formats.join(', ')})`);
  }
  const taken = new Set(['q', 'h']);
  for (const spec of plugin.options) {
    const short = spec.short && !taken.has(spec.short) ? `-${spec.short}, ` : '';
    if (spec.short) taken.add(spec.short);
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
  const common = (flags: string, help: string) => new Option(flags, help).helpGroup('Common options:');
  command
    .addOption(common('-q, --quiet', 'no search animation; solutions still printed'))
    .addOption(common('--count', 'print only the final summary line'))
    .addOption(common('--limit <n>', 'stop after n solutions'))
    .addOption(common('--json', 'newline-delimited JSON on stdout, one object per event'))
    .addOption(common('--no-color', 'letters instead of colour blocks'))
    .addOption(common('--delay <ms>', `pause between animation frames and steps (default 0${suggestedStepDelay(plugin) !== undefined ? `; ${suggestedStepDelay(plugin)} between steps` : ''})`))
    .addOption(common('--threads <n>', `worker threads for splittable searches (default and most: ${maxThreads()}, the available cores)`))
    .addOption(common('--plugin <path-or-package>', 'load one more plugin (repeatable)'))
    .addOption(common('--shard <K/N>', "run only the K-th of N shares of the search's tasks (merge them with kit merge)"))
    .addOption(common('--queue <url>', 'submit to kit workers through Redis (redis://HOST:PORT, rediss:// for TLS)'))
    .addOption(common('--max-solutions <n>', 'with --queue: refuse a run with more solutions than this (default 100000)'));
  if (plugin.examples?.length) {
    command.addHelpText('after', `\nExamples:\n${plugin.examples.map((example) => `  kit run ${plugin.id} ${example}`).join('\n')}\n`);
  }
  return command;
}
