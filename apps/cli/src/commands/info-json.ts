import type { DiscoveredPlugin } from '../discovery.js';

/**
 * `kit info <id> --json`: the same facts as the text, as one JSON object for scripts and editors.
 * Option specs, the generator and the grader are plugin data already; JSON.stringify drops any
 * function a plugin hung on them (a validator), which no script could use anyway.
 */
export function infoJson(found: DiscoveredPlugin): string {
  const { plugin } = found;
  const object = {
    id: plugin.id,
    version: plugin.version,
    title: plugin.title,
    description: plugin.description,
    source: found.source,
    input: plugin.input ?? null,
    options: plugin.options,
    examples: (plugin.examples?.length ? plugin.examples : ['']).map((example) => `kit run ${plugin.id}${example ? ` ${example}` : ''}`),
    samples: (plugin.samples ?? []).map((sample) => ({ name: sample.name, title: sample.title, command: `kit run ${plugin.id} --example ${sample.name}` })),
    generator: plugin.generator ?? null,
    grader: plugin.grader ?? null,
  };
  return `${JSON.stringify(object)}\n`;
}
