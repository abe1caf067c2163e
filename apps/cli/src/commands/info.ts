import pc from 'picocolors';
import type { DiscoveredPlugin } from '../discovery.js';
import { describeType, valuePlaceholder } from '../describe.js';

/** `kit info <id>`: what the plugin is, its options (type, range, default, help), formats, examples. */
export function infoText(found: DiscoveredPlugin): string {
  const { plugin } = found;
  const lines = [`${pc.bold(pc.cyan(plugin.id))} ${plugin.version}: ${pc.bold(plugin.title)}`, `  ${plugin.description}`, `  from ${found.source}`, ''];
  lines.push(`Usage: kit run ${plugin.id}${plugin.input ? (plugin.input.required ? ' <file>' : ' [file]') : ''} [options]`, '');
  if (plugin.input) {
    lines.push(pc.bold('Input file:'), `  ${plugin.input.help ?? 'a file'}; formats: ${plugin.input.formats.join(', ')}${plugin.input.required ? ' (required)' : ''}`, '');
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
  lines.push('', 'Common options: -q/--quiet, --count, --limit N, --json, --no-color, --delay MS, --threads N, --plugin P, --shard K/N, --queue URL');
  const examples = plugin.examples?.length ? plugin.examples : [''];
  lines.push('', pc.bold('Examples:'), ...examples.map((example) => `  kit run ${plugin.id}${example ? ` ${example}` : ''}`));
  return `${lines.join('\n')}\n`;
}
