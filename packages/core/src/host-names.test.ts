import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HOST_NAMES, isPageParameter } from './host-names.js';
import { checkOptionSpecs, type OptionSpec } from './options.js';
import { checkPlugin } from './registry.js';
import { definePlugin } from './plugin.js';
import { PluginLoadError } from './plugin-load-error.js';

const option = (name: string, short?: string): OptionSpec => ({ name, type: 'string', help: 'h', ...(short ? { short } : {}) });

describe('HOST_NAMES', () => {
  it('holds each name once and each short alias once', () => {
    const names = HOST_NAMES.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
    const shorts = HOST_NAMES.flatMap((entry) => (entry.short ? [entry.short] : []));
    expect(shorts).toEqual(['q', 'h', 'v']);
  });

  it("names kit run's flags and the page's URL parameters", () => {
    expect(HOST_NAMES.filter((entry) => entry.cli).map((entry) => entry.name)).toEqual([
      'quiet', 'count', 'limit', 'json', 'color', 'delay', 'threads', 'plugin', 'shard', 'queue', 'max-solutions', 'keep', 'example', 'help', 'version',
    ]);
    expect(HOST_NAMES.filter((entry) => entry.page).map((entry) => entry.name)).toEqual(['limit', 'delay', 'example', 'puzzle', 'run', 'play', 'game', 'input', 'new', 'difficulty', 'daily']);
    expect(['puzzle', 'example', 'run', 'play', 'game', 'input', 'limit', 'delay'].every(isPageParameter)).toBe(true);
    expect(isPageParameter('size')).toBe(false);
    expect(isPageParameter('queue')).toBe(false);
  });
});

describe('a plugin option that takes a name the hosts own', () => {
  it.each(HOST_NAMES.map((entry) => [entry.name, entry] as const))('--%s is refused, naming the host that owns it', (name, entry) => {
    const problem = checkOptionSpecs([option(name)]);
    const owners = [
      ...(entry.cli ? [`kit run --${entry.cli.negated ? 'no-' : ''}${name}`] : []),
      ...(entry.page ? [`the page's ?${name}=`] : []),
    ];
    expect(problem).toBe(`option --${name} is reserved by the hosts (${owners.join(', ')})`);
  });

  it('refuses a short alias the CLI owns, a short alias given twice, and a name the CLI reads as a negation', () => {
    expect(checkOptionSpecs([option('quick', 'q')])).toBe('option --quick: -q is reserved by the hosts (kit run -q, --quiet)');
    expect(checkOptionSpecs([option('hint', 'h')])).toBe('option --hint: -h is reserved by the hosts (kit run -h, --help)');
    expect(checkOptionSpecs([option('size', 's'), option('seed', 's')])).toBe('option --seed: -s is taken by --size already');
    expect(checkOptionSpecs([option('no-cache')])).toBe('option --no-cache: the CLI reads --no-NAME as turning --NAME off');
    expect(checkOptionSpecs([option('size', 's'), option('quantity', 'Q'), option('notes')])).toBeUndefined();
  });

  it('makes the plugin a refusal that names its id, so a host asked for that id can say why', () => {
    const plugin = definePlugin({
      id: 'clash', title: 'C', description: 'd', version: '1.0.0', options: [option('shard')],
      parse: () => ({}), solver: async () => ({ solve: () => ({ solutions: 0 }) }), view: () => ({ width: 0, height: 0, cells: [] }),
    });
    let caught: unknown;
    try {
      checkPlugin(plugin, 'kit-clash');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PluginLoadError);
    const error = caught as PluginLoadError;
    expect([error.message, error.refused, error.pluginId]).toEqual(['plugin kit-clash: option --shard is reserved by the hosts (kit run --shard)', true, 'clash']);
  });
});

describe('the contract page', () => {
  it('lists the table as it is (docs/contract.md#names-the-hosts-own)', () => {
    const page = readFileSync(new URL('../../../docs/contract.md', import.meta.url), 'utf8');
    const listed = /<!-- host-names:start[^>]*-->\n([\s\S]*?)<!-- host-names:end -->/.exec(page)?.[1];
    const rows = HOST_NAMES.map(({ name, short, cli, page: parameter }) => {
      const flag = cli ? `\`${short ? `-${short}, ` : ''}--${cli.negated ? 'no-' : ''}${name}${cli.value ? ` <${cli.value}>` : ''}\`` : '';
      const url = parameter ? `\`?${name}=\`${parameter.field ? ' (form field)' : ''}` : '';
      const what = cli ? cli.help : parameter!.help;
      return `| \`${name}\` | ${flag} | ${url} | ${what} |`;
    });
    expect(listed).toBe(['| name | `kit run` flag | page URL parameter | what it does |', '| --- | --- | --- | --- |', ...rows, ''].join('\n'));
  });
});
