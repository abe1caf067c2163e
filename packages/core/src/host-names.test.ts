import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HOST_NAMES, hostCheck, isPageParameter, readHostInteger } from './host-names.js';
import { isInputError } from './errors.js';
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
      'quiet',
      'count',
      'limit',
      'json',
      'color',
      'delay',
      'threads',
      'plugin',
      'shard',
      'queue',
      'max-solutions',
      'keep',
      'example',
      'help',
      'version',
    ]);
    expect(HOST_NAMES.filter((entry) => entry.make).map((entry) => `${entry.name}:${entry.make!.verbs.join('/')}`)).toEqual([
      'count:generate',
      'json:generate/grade',
      'threads:generate',
      'plugin:generate/grade',
      'help:generate/grade',
      'version:generate/grade',
      'size:generate',
      'difficulty:generate',
      'seed:generate',
      'emit:generate',
      'output:generate',
      'force:generate',
      'steps:grade',
    ]);
    expect(HOST_NAMES.filter((entry) => entry.page).map((entry) => entry.name)).toEqual([
      'limit',
      'delay',
      'example',
      'size',
      'difficulty',
      'seed',
      'puzzle',
      'run',
      'play',
      'game',
      'input',
      'new',
      'daily',
    ]);
    expect(['puzzle', 'example', 'run', 'play', 'game', 'input', 'limit', 'delay', 'new', 'daily'].every((name) => isPageParameter(name))).toBe(true);
    // A New game's request is the page's only in a New game's address: elsewhere it is a plugin option's.
    expect(['size', 'difficulty', 'seed'].map((name) => [isPageParameter(name), isPageParameter(name, { newGame: true })])).toEqual([
      [false, true],
      [false, true],
      [false, true],
    ]);
    expect(isPageParameter('queue')).toBe(false);
    expect(isPageParameter('queue', { newGame: true })).toBe(false);
  });
});

/** Who a refusal names for `name`: kit run's flag, the other verbs' (for a generator parameter), the page's parameter. */
function ownersOf(entry: (typeof HOST_NAMES)[number], use: 'option' | 'parameter'): string {
  const spelled = (flag: { negated?: boolean }) => `--${flag.negated ? 'no-' : ''}${entry.name}`;
  return [
    ...(entry.cli ? [`kit run ${spelled(entry.cli)}`] : []),
    ...(entry.make && use === 'parameter' ? [`kit ${entry.make.verbs.join('/')} ${spelled(entry.make)}`] : []),
    ...(entry.page ? [`the page's ?${entry.name}=`] : []),
  ].join(', ');
}

describe('a plugin option that takes a name the hosts own', () => {
  const runOrPage = HOST_NAMES.filter((entry) => entry.cli || (entry.page && !entry.page.newGame));
  it.each(runOrPage.map((entry) => [entry.name, entry] as const))('--%s is refused, naming the host that owns it', (name, entry) => {
    expect(checkOptionSpecs([option(name)])).toBe(`option --${name} is reserved by the hosts (${ownersOf(entry, 'option')})`);
  });

  it("lets a plugin option take a name only kit generate, kit grade or the page's New game read (kit run never sees them)", () => {
    const others = HOST_NAMES.filter((entry) => !runOrPage.includes(entry)).map((entry) => entry.name);
    expect(others).toEqual(['size', 'difficulty', 'seed', 'emit', 'output', 'force', 'steps']);
    expect(checkOptionSpecs(others.map((name) => option(name)))).toBeUndefined();
    // hitori-sat's `-o, --output FILE` of kit run: -o is kit generate's alias, not kit run's.
    expect(checkOptionSpecs([option('output', 'o')])).toBeUndefined();
  });

  it('refuses a short alias the CLI owns, a short alias given twice, and a name the CLI reads as a negation', () => {
    expect(checkOptionSpecs([option('quick', 'q')])).toBe('option --quick: -q is reserved by the hosts (kit run -q, --quiet)');
    expect(checkOptionSpecs([option('hint', 'h')])).toBe('option --hint: -h is reserved by the hosts (kit run -h, --help)');
    expect(checkOptionSpecs([option('size', 's'), option('seed', 's')])).toBe('option --seed: -s is taken by --size already');
    expect(checkOptionSpecs([option('no-cache')])).toBe('option --no-cache: the CLI reads --no-NAME as turning --NAME off');
    expect(checkOptionSpecs([option('size', 's'), option('quantity', 'Q'), option('notes')])).toBeUndefined();
  });

  it('refuses a generator parameter every name of the table, and the aliases of kit generate', () => {
    for (const entry of HOST_NAMES) {
      expect(checkOptionSpecs([option(entry.name)], 'parameter')).toBe(`option --${entry.name} is reserved by the hosts (${ownersOf(entry, 'parameter')})`);
    }
    expect(checkOptionSpecs([option('outline', 'o')], 'parameter')).toBe('option --outline: -o is reserved by the hosts (kit generate -o, --output)');
    expect(checkOptionSpecs([option('quick', 'q')], 'parameter')).toBe('option --quick: -q is reserved by the hosts (kit run -q, --quiet)');
    expect(checkOptionSpecs([option('fill', 'f'), option('pairs')], 'parameter')).toBeUndefined();
  });

  it('makes the plugin a refusal that names its id, so a host asked for that id can say why', () => {
    const plugin = definePlugin({
      id: 'clash',
      title: 'C',
      description: 'd',
      version: '1.0.0',
      options: [option('shard')],
      parse: () => ({}),
      solver: async () => ({ solve: () => ({ solutions: 0 }) }),
      view: () => ({ width: 0, height: 0, cells: [] }),
    });
    let caught: unknown;
    try {
      checkPlugin(plugin, 'kit-clash');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PluginLoadError);
    const error = caught as PluginLoadError;
    expect([error.message, error.refused, error.pluginId]).toEqual([
      'plugin kit-clash: option --shard is reserved by the hosts (kit run --shard)',
      true,
      'clash',
    ]);
  });
});

/** What readHostInteger throws, or its value. */
function read(...args: Parameters<typeof readHostInteger>): number | string | undefined {
  try {
    return readHostInteger(...args);
  } catch (error) {
    if (isInputError(error)) return error.message;
    throw error;
  }
}

describe("a host's own numbers", () => {
  it('are checked by the table, in one wording for the CLI and the page', () => {
    expect(read('limit', '0')).toBe('--limit must be a positive integer (got "0")');
    expect(read('limit', 'lots', 'page')).toBe('--limit must be a positive integer (got "lots")');
    expect(read('delay', '-5', 'page')).toBe('--delay must be a whole number of milliseconds (got "-5")');
    expect(read('threads', '1.5')).toBe('--threads must be a positive integer (got "1.5")');
    expect(read('max-solutions', '')).toBe('--max-solutions must be a positive integer (got "")');
    expect(read('seed', '4294967296', 'make')).toBe('--seed must be an integer from 0 to 4294967295 (got "4294967296")');
    expect(read('seed', '-1', 'page', 'seed')).toBe('seed must be an integer from 0 to 4294967295 (got "-1")');
    expect(read('count', '100001', 'make')).toBe('--count must be an integer from 1 to 100000 (got "100001")');
  });

  it('read a number with a sign or spaces, and nothing when it is not given', () => {
    expect([read('limit', ' 7 '), read('delay', '+0'), read('seed', '4294967295', 'page'), read('limit', undefined)]).toEqual([7, 0, 4294967295, undefined]);
    expect(read('threads', '9007199254740993')).toBe('--threads must be a positive integer (got "9007199254740993")');
  });

  it('quote at most 40 characters of a refused value (an address may be long)', () => {
    expect(read('seed', 'x'.repeat(5000), 'page', 'seed')).toBe(`seed must be an integer from 0 to 4294967295 (got "${'x'.repeat(40)}")`);
  });

  it('give each name its own check, and the maker verbs theirs where --count means another thing', () => {
    const checked = HOST_NAMES.filter((entry) => entry.check || entry.make?.check).map((entry) => entry.name);
    expect(checked).toEqual(['count', 'limit', 'delay', 'threads', 'max-solutions', 'seed']);
    expect(() => hostCheck('count')).toThrow('host name "count" carries no check');
    expect(() => read('quiet', '1')).toThrow('host name "quiet" carries no check');
  });
});

describe('the contract page', () => {
  it('lists the table as it is (docs/contract.md#names-the-hosts-own)', () => {
    const page = readFileSync(new URL('../../../docs/contract.md', import.meta.url), 'utf8');
    const listed = /<!-- host-names:start[^>]*-->\n([\s\S]*?)<!-- host-names:end -->/.exec(page)?.[1];
    const spell = (name: string, short: string | undefined, flag: { negated?: boolean; value?: string } | undefined) =>
      flag ? `\`${short ? `-${short}, ` : ''}--${flag.negated ? 'no-' : ''}${name}${flag.value ? ` <${flag.value}>` : ''}\`` : '';
    const rows = HOST_NAMES.map(({ name, short, cli, make, page: parameter }) => {
      const url = parameter ? `\`?${name}=\`${parameter.field ? ' (form field)' : ''}${parameter.newGame ? ' (New game)' : ''}` : '';
      const verbs = make ? `${spell(name, make.short, make)} (${make.verbs.join(', ')})` : '';
      // Each host's help once: kit run's, the other verbs' where it says something else, the page's where no flag says it.
      const what = [
        cli?.help,
        make && make.help !== cli?.help ? `${cli ? `${make.verbs.join(', ')}: ` : ''}${make.help}` : undefined,
        parameter && !cli ? `${make ? 'page: ' : ''}${parameter.help}` : undefined,
      ]
        .filter((part) => part !== undefined)
        .join('; ');
      return `| \`${name}\` | ${spell(name, short, cli)} | ${verbs} | ${url} | ${what} |`;
    });
    expect(listed).toBe(
      ['| name | `kit run` flag | `kit generate`, `kit grade` flag | page URL parameter | what it does |', '| --- | --- | --- | --- | --- |', ...rows, ''].join(
        '\n',
      ),
    );
  });
});
