import type { TemplateVars } from './vars.js';

/** src/index.ts: the programmatic API for people who use the package as a library. */
export function indexSource(_vars: TemplateVars): string {
  return `// The library API: solve without the CLI. The plugin itself is re-exported for hosts and tools.
import { parseOptions, solveAll } from '@kit/core/host';
import plugin, { type Placement } from './plugin.js';

export { default as plugin } from './plugin.js';
export type { Instance, Placement } from './plugin.js';
export { solver } from './solver.js';

/** Every way to place \`size\` queens, in search order. Throws InputError for a size out of range. */
export async function solve(size: number): Promise<Placement[]> {
  const instance = plugin.parse(parseOptions(plugin.options, { size }));
  const { solutions } = await solveAll(plugin, instance);
  return solutions;
}
`;
}
