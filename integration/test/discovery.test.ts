// Plugin discovery from the user's side: the installed `kit` in a project where plugins come from
// dependencies, --plugin and kit.config.json, including broken and foreign packages.
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { echoPluginSource, tracerSource, writePackage } from './support/fixture-plugins.js';
import { ownErrorLines, run } from './support/run.js';

const { consumerDir, scratchDir, packages } = inject('kit');
const project = join(scratchDir, 'discovery-project');
const markers = { notPlugin: join(scratchDir, 'not-a-plugin-was-imported'), future: join(scratchDir, 'future-was-imported') };
const kitBin = () => join(project, 'node_modules', '.bin', 'kit');
const kit = (cwd: string, ...args: string[]) => run(kitBin(), args, { cwd });
const listedIds = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(/\s+/)[0]);

beforeAll(() => {
  cpSync(consumerDir, project, { recursive: true, verbatimSymlinks: true });
  const modules = join(project, 'node_modules');
  writePackage(
    join(modules, 'kit-plugin-future'),
    { name: 'kit-plugin-future', kit: { plugin: './plugin.js', apiVersion: 2 } },
    {
      'plugin.js': tracerSource(markers.future),
    },
  );
  writePackage(
    join(modules, 'kit-plugin-stamped-future'),
    { name: 'kit-plugin-stamped-future', kit: { plugin: './plugin.js' } },
    {
      'plugin.js': echoPluginSource('stamped', 'plugin.apiVersion = 2;'),
    },
  );
  writePackage(
    join(modules, 'kit-plugin-broken'),
    { name: 'kit-plugin-broken', kit: { plugin: './plugin.js', apiVersion: 1 } },
    {
      'plugin.js': "throw new Error('broken on purpose');\n",
    },
  );
  // Looks like a plugin by name and keywords, but does not declare one: never imported.
  writePackage(
    join(modules, 'kit-plugin-not-really'),
    { name: 'kit-plugin-not-really', keywords: ['puzzle-kit', 'kit-plugin'], main: './index.js', exports: './index.js' },
    {
      'index.js': tracerSource(markers.notPlugin),
    },
  );
  writePackage(
    join(project, 'local', 'echo'),
    { name: 'echo-plugin', kit: { plugin: './plugin.js', apiVersion: 1 } },
    {
      'plugin.js': echoPluginSource('echo'),
    },
  );
  writePackage(
    join(project, 'local', 'echo-twin'),
    { name: 'echo-twin', kit: { plugin: './plugin.js', apiVersion: 1 } },
    {
      'plugin.js': echoPluginSource('echo'),
    },
  );
  writePackage(
    join(project, 'local', 'sudoku-clone'),
    { name: 'sudoku-clone', kit: { plugin: './plugin.js', apiVersion: 1 } },
    {
      'plugin.js': echoPluginSource('sudoku'),
    },
  );
});

describe('discovery in an npm project', () => {
  it('finds plugins installed as dependencies, and reports the broken ones by name with the reason', () => {
    const { status, stdout, stderr } = kit(project, 'list');
    expect(status).toBe(0);
    const ids = listedIds(stdout);
    for (const pkg of packages.filter((p) => p.isPlugin)) expect(ids).toContain(pkg.name === 'kit-plugin-sudoku' ? 'sudoku' : pkg.name.replace('@kit/', ''));
    expect(ids).not.toContain('stamped');
    const problems = stderr.trim().split('\n').sort();
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/plugin kit-plugin-broken skipped: .*broken on purpose$/);
    expect(problems[1]).toMatch(/plugin kit-plugin-future skipped: declares plugin API version 2, but this kit supports 1$/);
    expect(problems[2]).toMatch(/plugin kit-plugin-stamped-future skipped: speaks plugin API 2, but this host speaks 1$/);
  });

  it('runs a plugin that came from a third-party dependency', () => {
    const { status, stdout } = kit(project, 'run', 'sudoku', '--count', '--json');
    expect(status).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ type: 'done', solutions: 1, unique: true });
  });

  it('--plugin loads a package directory by path', () => {
    const { status, stdout } = kit(project, 'run', 'echo', '--plugin', './local/echo', '--word', 'tiles', '--json');
    expect(status).toBe(0);
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines[0]).toEqual({ type: 'solution', index: 1, solution: { word: 'tiles' } });
    expect(lines[1]).toMatchObject({ type: 'done', solutions: 1, length: 5 });
  });

  it('--plugin loads a module file by absolute path', () => {
    const { status, stdout } = kit(project, 'list', '--plugin', join(project, 'local', 'echo', 'plugin.js'));
    expect(status).toBe(0);
    expect(listedIds(stdout)).toContain('echo');
  });

  it('--plugin takes package names: a plugin package is loaded once, a package that is not a plugin is an error', () => {
    const { status, stdout } = kit(project, 'list', '--plugin', 'kit-plugin-sudoku');
    expect(status).toBe(0);
    expect(listedIds(stdout).filter((id) => id === 'sudoku')).toHaveLength(1);
    const refused = kit(project, 'list', '--plugin', 'kit-plugin-sudoku', '--plugin', 'kit-plugin-not-really');
    expect([refused.status, refused.stdout]).toEqual([2, '']);
    expect(refused.stderr).toBe('kit: --plugin kit-plugin-not-really: package.json declares no "kit": {"plugins": [...]} entry\n');
  });

  it('--plugin with a package that is not installed is a usage error', () => {
    const { status, stderr } = kit(project, 'list', '--plugin', 'kit-plugin-nowhere');
    expect(status).toBe(2);
    expect(ownErrorLines(stderr)).toHaveLength(1);
    expect(stderr).toMatch(/--plugin kit-plugin-nowhere: package not found/);
  });

  it('kit.config.json lists plugins by path and by package name, and reports the ones it cannot find', () => {
    const configured = join(project, 'configured');
    mkdirSync(configured, { recursive: true });
    writeFileSync(
      join(configured, 'kit.config.json'),
      JSON.stringify({ plugins: ['../local/echo', 'kit-plugin-sudoku', 'kit-plugin-not-really', './missing', 'kit-plugin-nowhere'] }),
    );
    const { status, stdout, stderr } = kit(configured, 'list');
    expect(status).toBe(0);
    expect(listedIds(stdout)).toContain('echo');
    expect(listedIds(stdout)).toContain('sudoku');
    expect(stderr).toMatch(/plugin \.\/missing skipped: not found \(listed in kit\.config\.json\)/);
    expect(stderr).toMatch(/plugin kit-plugin-nowhere skipped: package not found \(listed in kit\.config\.json\)/);
    // Named explicitly, so resolved by name and reported, where the node_modules scan stays silent.
    expect(stderr).toMatch(/plugin kit-plugin-not-really skipped: package\.json declares no "kit": \{"plugins": \[\.\.\.\]\} entry/);
    const run = kit(configured, 'run', 'echo', '--json', '--count');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ type: 'done', solutions: 1 });
  });

  it('two plugins with one id are an error that names both', () => {
    const { status, stdout, stderr } = kit(project, 'list', '--plugin', './local/echo', '--plugin', './local/echo-twin');
    expect(status).toBe(2);
    expect(stdout).toBe('');
    const lines = ownErrorLines(stderr);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("plugin id 'echo'");
    expect(lines[0]).toContain('./local/echo ');
    expect(lines[0]).toContain('./local/echo-twin');
  });

  it('a path plugin clashing with an installed one names the package and the path', () => {
    const { status, stderr } = kit(project, 'list', '--plugin', './local/sudoku-clone');
    expect(status).toBe(2);
    const lines = ownErrorLines(stderr);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('kit-plugin-sudoku');
    expect(lines[0]).toContain('./local/sudoku-clone');
  });

  it('never imported a package that does not declare itself a plugin, nor one for another API version', () => {
    kit(project, 'list');
    kit(project, 'run', 'echo', '--plugin', './local/echo', '--json');
    expect(existsSync(markers.notPlugin)).toBe(false);
    expect(existsSync(markers.future)).toBe(false);
  });
});
