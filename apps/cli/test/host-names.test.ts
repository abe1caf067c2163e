// The names the CLI owns (core's HOST_NAMES table): a plugin whose option takes one is refused when
// it loads, with one line naming the option, and the CLI's own flags and help come from the table.
import { describe, expect, it } from 'vitest';
import { HOST_NAMES } from '@kit/core/host';
import { COUNTING, inDir, kit, pluginModule, tempDir, writeFiles } from './helpers.js';

/** A plugin module whose one option is `spec` (a JSON object literal). */
const clashing = (id: string, spec: string) => pluginModule(id).replace(/options: \[.*\],/, `options: [${spec}],`);

/** A package in node_modules whose manifest names its plugin, so it loads only when asked for. */
function declaredPackage(id: string, spec: string): Record<string, string> {
  return inDir(`node_modules/kit-${id}`, {
    'package.json': JSON.stringify({
      name: `kit-${id}`,
      version: '1.0.0',
      type: 'module',
      kit: { apiVersion: 1, plugins: [{ id, title: 'Clash', module: './plugin.js' }] },
    }),
    'plugin.js': clashing(id, spec),
  });
}

describe('a plugin option that takes a name kit run owns', () => {
  // These three made `kit run` exit 1 with commander's "conflicting flag" error.
  it.each(['queue', 'shard', 'max-solutions'])('--%s: the plugin is refused with one line, exit 2', (name) => {
    const cwd = tempDir();
    writeFiles(cwd, declaredPackage('clash', `{ name: '${name}', type: 'string', help: 'mine' }`));
    const result = kit(['run', 'clash', '--count'], { cwd });
    expect([result.status, result.stdout, result.stderr]).toEqual([
      2,
      '',
      `kit: plugin clash from kit-clash is refused: option --${name} is reserved by the hosts (kit run --${name})\n`,
    ]);
  });

  it('a short alias the CLI owns is refused too', () => {
    const cwd = tempDir();
    writeFiles(cwd, declaredPackage('clash', `{ name: 'quick', short: 'q', type: 'boolean', help: 'mine' }`));
    const result = kit(['run', 'clash'], { cwd });
    expect([result.status, result.stderr]).toEqual([
      2,
      'kit: plugin clash from kit-clash is refused: option --quick: -q is reserved by the hosts (kit run -q, --quiet)\n',
    ]);
  });

  it('a name the page owns is refused in the CLI as well: a plugin works in both hosts or in neither', () => {
    const cwd = tempDir();
    writeFiles(cwd, declaredPackage('clash', `{ name: 'puzzle', type: 'string', help: 'mine' }`));
    const result = kit(['run', 'clash'], { cwd });
    expect([result.status, result.stderr]).toEqual([
      2,
      "kit: plugin clash from kit-clash is refused: option --puzzle is reserved by the hosts (the page's ?puzzle=)\n",
    ]);
  });

  it('named with --plugin, the plugin is refused with one line, exit 2', () => {
    const cwd = tempDir();
    writeFiles(cwd, { 'clash.js': clashing('clash', `{ name: 'json', type: 'boolean', help: 'mine' }`) });
    const result = kit(['run', 'clash', '--plugin', './clash.js'], { cwd });
    expect([result.status, result.stdout, result.stderr]).toEqual([
      2,
      '',
      'kit: --plugin ./clash.js: option --json is reserved by the hosts (kit run --json)\n',
    ]);
  });

  it('found but not asked for, it is the usual discovery warning and the run goes on', () => {
    const cwd = tempDir();
    writeFiles(
      cwd,
      inDir('node_modules/kit-clash', {
        'package.json': JSON.stringify({ name: 'kit-clash', version: '1.0.0', type: 'module', kit: { apiVersion: 1, plugin: './plugin.js' } }),
        'plugin.js': clashing('clash', `{ name: 'threads', type: 'int', help: 'mine' }`),
      }),
    );
    const result = kit(['run', 'counting', '--n', '3', '--count', '--plugin', COUNTING], { cwd });
    expect([result.status, result.stdout, result.stderr]).toEqual([
      0,
      '3 solutions\n',
      'kit: plugin kit-clash skipped: option --threads is reserved by the hosts (kit run --threads)\n',
    ]);
  });
});

describe("the CLI's own flags come from the table", () => {
  const cli = HOST_NAMES.filter((entry) => entry.cli);

  it('kit run <id> --help lists every one of them with the help the table gives', () => {
    const help = kit(['run', 'counting', '--help', '--plugin', COUNTING], { cwd: tempDir() });
    expect(help.status).toBe(0);
    for (const entry of cli) {
      const flag = entry.cli!.negated ? `--no-${entry.name}` : `--${entry.name}`;
      const spelled = `${entry.short ? `-${entry.short}, ` : ''}${flag}${entry.cli!.value ? ` <${entry.cli!.value}>` : ''}`;
      expect(help.stdout).toMatch(
        new RegExp(`\\n  ${spelled.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} +${entry.cli!.help.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      );
    }
  });

  it('kit run --help names every one of them', () => {
    const help = kit(['run', '--help', '--plugin', COUNTING], { cwd: tempDir() });
    for (const entry of cli) expect(help.stdout).toContain(entry.cli!.negated ? `--no-${entry.name}` : `--${entry.name}`);
  });
});
