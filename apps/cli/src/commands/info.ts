import pc from 'picocolors';
import { escapeControls, safeLine } from '@kit/core/messages';
import { commonFlagsLine } from '../common-flags.js';
import type { DiscoveredPlugin } from '../discovery.js';
import { describeType, valuePlaceholder } from '../describe.js';

/** `kit info <id>`: what the plugin is, its options (type, range, default, help), formats, examples. */
export function infoText(found: DiscoveredPlugin): string {
  const { plugin } = found;
  // The version comes from the plugin's package.json and the source from a kit.config.json or the
  // command line: through the one escaping function, with the title and description.
  const lines = [
    `${pc.bold(pc.cyan(plugin.id))} ${escapeControls(plugin.version)}: ${pc.bold(escapeControls(plugin.title))}`,
    `  ${escapeControls(plugin.description)}`,
    `  from ${escapeControls(found.source)}`,
    '',
  ];
  lines.push(`Usage: kit run ${plugin.id}${plugin.input ? (plugin.input.required ? ' <file>' : ' [file]') : ''} [options]`, '');
  if (plugin.input) {
    lines.push(
      pc.bold('Input file:'),
      `  ${plugin.input.help ?? 'a file'}; formats: ${plugin.input.formats.join(', ')}${plugin.input.required ? ' (required)' : ''}`,
      '',
    );
  }
  lines.push(pc.bold('Options:'));
  if (plugin.options.length === 0) lines.push('  (none)');
  const flags = plugin.options.map((spec) => {
    const placeholder = valuePlaceholder(spec);
    return `${spec.short ? `-${spec.short}, ` : ''}--${spec.name}${placeholder ? ` <${placeholder}>` : ''}`;
  });
  const width = flags.reduce((most, flag) => Math.max(most, flag.length), 0);
  plugin.options.forEach((spec, i) => {
    const defaultText = spec.type !== 'file' && spec.default !== undefined ? `, default ${String(spec.default)}` : '';
    lines.push(`  ${flags[i]!.padEnd(width)}  ${spec.help} [${describeType(spec)}${defaultText}]`);
  });
  lines.push('', commonFlagsLine());
  const examples = plugin.examples?.length ? plugin.examples : [''];
  lines.push('', pc.bold('Examples:'), ...examples.map((example) => `  kit run ${plugin.id}${example ? ` ${example}` : ''}`));
  const samples = plugin.samples ?? [];
  if (samples.length > 0) {
    // The named examples hosts offer (the page's ?example=NAME), runnable by name.
    const runs = samples.map((sample) => `kit run ${plugin.id} --example ${sample.name}`);
    const runWidth = runs.reduce((most, run) => Math.max(most, run.length), 0);
    lines.push('', pc.bold('Named examples:'), ...samples.map((sample, i) => `  ${runs[i]!.padEnd(runWidth)}  ${safeLine(sample.title)}`));
  }
  const { generator, grader } = plugin;
  if (generator || grader) lines.push('', pc.bold('Making and grading:'));
  if (generator) {
    const size = generator.size ? `; sizes ${generator.size.min} to ${generator.size.max} a side (default ${generator.size.default})` : '';
    lines.push(`  kit generate ${plugin.id}  levels ${generator.levels.join(', ')}${size} (kit generate ${plugin.id} --help)`);
  }
  if (grader) lines.push(`  kit grade ${plugin.id} FILE  levels ${grader.levels.join(', ')}`);
  return `${lines.join('\n')}\n`;
}
