// Turns a plugin's first `examples` entry (a `kit run <id>` command line) into what the page takes:
// option values for the URL, the positional file's text, and the host's limit.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AnyPlugin } from '@kit/core/host';

export interface PageExample {
  commandLine: string;
  values: Record<string, string>;
  input: { name: string; text: string } | undefined;
  limit: number | undefined;
}

function tokens(commandLine: string): string[] {
  return [...commandLine.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((match) => match[1] ?? match[2] ?? match[3]!);
}

/** Host flags that mean nothing on the page (output modes, thread counts). */
const IGNORED_WITH_VALUE = new Set(['--threads', '--delay', '--plugin']);
const IGNORED = new Set(['--json', '--count', '-q', '--quiet', '--no-color']);

export function exampleForPage(plugin: AnyPlugin, commandLine: string, searchDirs: readonly string[]): PageExample {
  const values: Record<string, string> = {};
  let input: PageExample['input'];
  let limit: number | undefined;
  const list = tokens(commandLine);
  for (let i = 0; i < list.length; i++) {
    const token = list[i]!;
    if (IGNORED.has(token)) continue;
    if (IGNORED_WITH_VALUE.has(token)) {
      i++;
      continue;
    }
    if (token === '--limit') {
      limit = Number(list[++i]);
      continue;
    }
    if (token.startsWith('-')) {
      const [flag, inline] = token.split(/=(.*)/s, 2) as [string, string | undefined];
      const spec = flag.startsWith('--')
        ? plugin.options.find((option) => option.name === flag.slice(2))
        : plugin.options.find((option) => option.short === flag.slice(1));
      if (!spec) throw new Error(`example "${commandLine}": unknown flag ${flag}`);
      if (spec.type === 'boolean') values[spec.name] = inline ?? '1';
      else if (spec.type === 'file') values[spec.name] = readExampleFile(inline ?? list[++i]!, searchDirs).text;
      else values[spec.name] = inline ?? list[++i]!;
      continue;
    }
    input = readExampleFile(token, searchDirs);
  }
  return { commandLine, values, input, limit };
}

function readExampleFile(path: string, searchDirs: readonly string[]): { name: string; text: string } {
  for (const dir of searchDirs) {
    const full = resolve(dir, path);
    if (existsSync(full)) return { name: path, text: readFileSync(full, 'utf8') };
  }
  throw new Error(`example file ${path} not found in ${searchDirs.join(', ')}`);
}
