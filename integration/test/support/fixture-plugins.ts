// Small plugin packages written to disk for the discovery tests: a working one, one for another API
// version, one that throws on import, one that is not a plugin at all (and would leave a trace if
// anything imported it).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function writePackage(dir: string, manifest: Record<string, unknown>, files: Record<string, string>): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ version: '1.0.0', type: 'module', ...manifest }, null, 2));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
}

/** A complete plugin: `kit run <id> --word W` yields one solution `{ word: W }`. */
export function echoPluginSource(id: string, apiVersionLine = ''): string {
  return `import { definePlugin } from '@kit/core';
const plugin = definePlugin({
  id: '${id}',
  title: 'Echo ${id}',
  description: 'Says a word back.',
  version: '1.0.0',
  options: [{ name: 'word', type: 'string', default: 'hello', help: 'what to say' }],
  parse: (options) => ({ word: options.word }),
  solver: async () => ({ solve(instance, ctx) { ctx.solution({ word: instance.word }); return { solutions: 1, length: instance.word.length }; } }),
  view: (state) => ({ width: state.word.length, height: 1, cells: [...state.word].map((label) => ({ label })) }),
});
${apiVersionLine}
export default plugin;
`;
}

/** A module that records being imported, to prove discovery never imported it. */
export function tracerSource(marker: string): string {
  return `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'imported');\nexport default { apiVersion: 1, id: 'tracer' };\n`;
}
