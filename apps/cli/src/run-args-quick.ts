// The words after `kit run <id>` read with Node's own parser, the way the commander command of
// run-command.ts reads them: most runs then never load commander (about 5 ms of a short run's CLI
// start-up). Whatever is not plain (help, --no-NAME, -abc clusters, -n5, a mistake) returns
// undefined and goes to commander, which answers as it always has; a test holds the two parsers
// to the same result on every input this one accepts.
import { parseArgs } from 'node:util';
import type { AnyPlugin } from '@kit/core/host';
import { COMMON_FLAGS } from './run-flag-names.js';
import { attributeName, type ParsedRunArguments } from './run-flags.js';

type Flag = { type: 'boolean' | 'string'; short?: string };

/** The common flags as parseArgs takes them (--no-color is read by hand below). */
const COMMON: Record<string, Flag> = Object.fromEntries(
  Object.entries(COMMON_FLAGS).map(([name, flag]) => [name, { type: flag.value ? 'string' : 'boolean', ...(flag.short ? { short: flag.short } : {}) }]),
);

export function parseRunArgsQuickly(plugin: AnyPlugin, args: readonly string[]): ParsedRunArguments | undefined {
  const end = args.indexOf('--');
  const options: Record<string, Flag> = Object.assign(Object.create(null) as Record<string, Flag>, COMMON);
  // No option takes a name or short name the CLI owns, nor one twice: checkPlugin refused such a plugin.
  for (const spec of plugin.options) {
    // Options on by default are typed --no-NAME: commander's call.
    if (spec.type === 'boolean' && spec.default === true) return undefined;
    options[spec.name] = { type: spec.type === 'boolean' ? 'boolean' : 'string', ...(spec.short ? { short: spec.short } : {}) };
  }
  // Does this word want the next one as its value (`--limit`, `-s`, not `--limit=3`)?
  const wantsValue = (word: string | undefined): boolean => {
    if (word === undefined || !word.startsWith('-') || word.includes('=')) return false;
    const flag = word.startsWith('--') ? options[word.slice(2)] : Object.values(options).find((option) => option.short === word.slice(1));
    return flag?.type === 'string';
  };
  let color = true;
  const words: string[] = [];
  for (const [i, word] of args.entries()) {
    const isOption = end < 0 || i < end;
    if (isOption && (word === '-h' || word === '--help' || word.startsWith('--no-') || /^-[^-]./.test(word))) {
      // --no-color alone is read here; as the value of an option before it, it is commander's call.
      if (word !== '--no-color' || wantsValue(args[i - 1])) return undefined;
      color = false;
      continue;
    }
    words.push(word);
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: words, options, strict: true, allowPositionals: true });
  } catch {
    return undefined;
  }
  const opts: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [name, value] of Object.entries(parsed.values)) opts[attributeName(name)] = value;
  // As commander has it: --no-color makes `color` an option that is on unless turned off.
  opts['color'] = color;
  return { opts, args: parsed.positionals };
}
