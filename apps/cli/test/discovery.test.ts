import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverPlugins } from '@kit/core/discovery';
import { inDir, kit, pluginModule, pluginPackage, tempDir, writeFiles } from './helpers.js';

const ids = (result: { plugins: Array<{ id: string }> }) => result.plugins.map((plugin) => plugin.id);
const sources = (result: { plugins: Array<{ source: string }> }) => result.plugins.map((plugin) => plugin.source);

describe('discovery from node_modules', () => {
  it('finds scoped and unscoped plugin packages from the cwd upward, and imports nothing else', async () => {
    const root = tempDir();
    const marker = join(root, 'plain-lib-was-imported');
    writeFiles(root, {
      ...inDir('node_modules/@acme/kit-alpha', pluginPackage('@acme/kit-alpha', 'alpha')),
      ...inDir('project/node_modules/beta-plugin', pluginPackage('beta-plugin', 'beta')),
      'project/node_modules/plain-lib/package.json': JSON.stringify({ name: 'plain-lib', type: 'module', main: 'index.js' }),
      'project/node_modules/plain-lib/index.js': pluginModule('plain', { marker }),
      'project/node_modules/.bin/tool': '',
      'project/src/deep/.keep': '',
    });
    const result = await discoverPlugins({ cwd: join(root, 'project/src/deep') });
    expect(ids(result)).toEqual(['alpha', 'beta']);
    expect(sources(result)).toEqual(['@acme/kit-alpha', 'beta-plugin']);
    expect(result.skipped).toEqual([]);
    expect(existsSync(marker)).toBe(false);
    const alpha = result.plugins[0]!;
    expect(alpha.packageDir).toBe(join(root, 'node_modules/@acme/kit-alpha'));
    expect(alpha.moduleUrl).toBe(`file://${join(root, 'node_modules/@acme/kit-alpha/plugin.js')}`);
    expect(alpha.version).toBe('2.3.4');
  });

  it('also searches the node_modules that hold the CLI itself (a global install)', async () => {
    const root = tempDir();
    writeFiles(root, {
      ...inDir('prefix/lib/node_modules/gamma-plugin', pluginPackage('gamma-plugin', 'gamma')),
      'prefix/lib/node_modules/@kit/cli/package.json': JSON.stringify({ name: '@kit/cli' }),
      'elsewhere/.keep': '',
    });
    const without = await discoverPlugins({ cwd: join(root, 'elsewhere') });
    expect(ids(without)).toEqual([]);
    const result = await discoverPlugins({ cwd: join(root, 'elsewhere'), hostPackageDir: join(root, 'prefix/lib/node_modules/@kit/cli') });
    expect(ids(result)).toEqual(['gamma']);
  });
});

describe('kit.config.json', () => {
  it('loads paths, package names and dir/* globs relative to the nearest config file', async () => {
    const root = tempDir();
    const marker = join(root, 'not-a-plugin-was-imported');
    writeFiles(root, {
      'repo/kit.config.json': JSON.stringify({ plugins: ['./tools/one', './loose/two.js', 'named-plugin', './many/*'] }),
      ...inDir('repo/tools/one', pluginPackage('one-plugin', 'one')),
      'repo/loose/two.js': pluginModule('two'),
      ...inDir('repo/node_modules/named-plugin', pluginPackage('named-plugin', 'named')),
      ...inDir('repo/many/three', pluginPackage('three-plugin', 'three')),
      ...inDir('repo/many/four', pluginPackage('four-plugin', 'four')),
      'repo/many/helper/package.json': JSON.stringify({ name: 'helper', main: 'index.js' }),
      'repo/many/helper/index.js': pluginModule('helper', { marker }),
      'repo/many/README.md': 'not a package',
      'repo/sub/dir/.keep': '',
    });
    const result = await discoverPlugins({ cwd: join(root, 'repo/sub/dir') });
    expect(result.configFile).toBe(join(root, 'repo/kit.config.json'));
    expect(ids(result)).toEqual(['four', 'named', 'one', 'three', 'two']);
    expect(Object.fromEntries(result.plugins.map((plugin) => [plugin.id, plugin.source]))).toEqual({
      one: './tools/one',
      two: './loose/two.js',
      named: 'named-plugin',
      three: './many/three',
      four: './many/four',
    });
    // The named package is also in node_modules: the same module is loaded once, not a duplicate.
    expect(result.skipped).toEqual([]);
    expect(existsSync(marker)).toBe(false);
  });

  it('reports entries that are missing or not plugins by name and loads the rest', async () => {
    const root = tempDir();
    writeFiles(root, {
      'kit.config.json': JSON.stringify({ plugins: ['./gone', 'no-such-package', './plain', './ok'] }),
      'plain/package.json': JSON.stringify({ name: 'plain' }),
      ...inDir('ok', pluginPackage('ok-plugin', 'ok')),
    });
    const result = await discoverPlugins({ cwd: root });
    expect(ids(result)).toEqual(['ok']);
    expect(result.skipped).toEqual([
      { source: './gone', reason: 'not found (listed in kit.config.json)' },
      { source: 'no-such-package', reason: 'package not found (listed in kit.config.json)' },
      { source: './plain', reason: 'package.json declares no "kit": {"plugins": [...]} entry' },
    ]);
  });

  it('rejects a config file that is not JSON or has no plugin list', async () => {
    const bad = tempDir();
    writeFiles(bad, { 'kit.config.json': '{ plugins: [' });
    await expect(discoverPlugins({ cwd: bad })).rejects.toThrow(/^kit\.config\.json: not valid JSON/);
    const wrong = tempDir();
    writeFiles(wrong, { 'kit.config.json': JSON.stringify({ plugins: './x' }) });
    await expect(discoverPlugins({ cwd: wrong })).rejects.toThrow('kit.config.json: "plugins" must be an array of strings');
  });
});

describe('JSON nested past its limit', () => {
  const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;

  it('a kit.config.json nested 100,000 deep is exit 2 naming the limit', () => {
    const root = tempDir();
    writeFiles(root, { 'kit.config.json': `{"plugins": ${deep}}` });
    const result = kit(['list'], { cwd: root });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('kit: kit.config.json: nests arrays and objects more than 64 deep, past the limit for a kit.config.json\n');
  });

  it('a package.json whose kit.apiVersion is nested 100,000 deep is skipped naming the limit, not a stack overflow (exit 1)', async () => {
    const root = tempDir();
    writeFiles(root, {
      'kit.config.json': JSON.stringify({ plugins: ['./deep'] }),
      'deep/package.json': `{"name": "deep", "version": "1.0.0", "kit": {"apiVersion": ${deep}, "plugin": "./plugin.js"}}`,
      'deep/plugin.js': pluginModule('deep'),
      ...inDir('node_modules/deep-too', { 'package.json': `{"name": "deep-too", "kit": {"apiVersion": ${deep}}}` }),
      ...inDir('node_modules/good-plugin', pluginPackage('good-plugin', 'good')),
    });
    const result = await discoverPlugins({ cwd: root });
    expect(ids(result)).toEqual(['good']);
    expect(result.skipped).toEqual([
      { source: './deep', reason: 'package.json nests arrays and objects more than 64 deep, past the limit for a package.json' },
    ]);
    const listed = kit(['list', '--plugin', './deep'], { cwd: root });
    expect(listed.status).toBe(2);
    expect(listed.stderr).toBe('kit: --plugin ./deep: package.json nests arrays and objects more than 64 deep, past the limit for a package.json\n');
  });
});

describe('--plugin', () => {
  it('takes a package directory, a module file or a package name resolved from the cwd', async () => {
    const root = tempDir();
    writeFiles(root, {
      ...inDir('dir-plugin', pluginPackage('dir-plugin', 'dirp')),
      'file-plugin.mjs': pluginModule('filep'),
      ...inDir('node_modules/@x/by-name', pluginPackage('@x/by-name', 'byname')),
    });
    const result = await discoverPlugins({ cwd: root, plugins: ['./dir-plugin', 'file-plugin.mjs', '@x/by-name'], only: 'explicit' });
    expect(ids(result)).toEqual(['byname', 'dirp', 'filep']);
    expect(sources(result)).toEqual(['@x/by-name', './dir-plugin', 'file-plugin.mjs']);
  });

  it('is a usage error when the path or package does not exist', async () => {
    const root = tempDir();
    await expect(discoverPlugins({ cwd: root, plugins: ['./missing'] })).rejects.toThrow('--plugin ./missing: no such file or directory');
    await expect(discoverPlugins({ cwd: root, plugins: ['missing-pkg'] })).rejects.toThrow(
      `--plugin missing-pkg: package not found in node_modules from ${root} upward`,
    );
  });
});

describe('plugins that cannot be loaded', () => {
  it('reports one that throws on import and one that is no plugin, and loads the others', async () => {
    const root = tempDir();
    writeFiles(root, {
      ...inDir('node_modules/broken-plugin', pluginPackage('broken-plugin', 'broken', {}, "throw new TypeError('broken on purpose');\n")),
      ...inDir('node_modules/empty-plugin', pluginPackage('empty-plugin', 'empty', {}, 'export const nothing = 1;\n')),
      ...inDir('node_modules/bad-id-plugin', pluginPackage('bad-id-plugin', 'Bad Id')),
      ...inDir('node_modules/good-plugin', pluginPackage('good-plugin', 'good')),
    });
    const result = await discoverPlugins({ cwd: root });
    expect(ids(result)).toEqual(['good']);
    expect(result.skipped).toEqual([
      { source: 'bad-id-plugin', reason: 'has a bad id "Bad Id"' },
      { source: 'broken-plugin', reason: 'TypeError: broken on purpose' },
      { source: 'empty-plugin', reason: 'exports no plugin (expected a default export made with definePlugin)' },
    ]);
  });

  it('rejects another apiVersion by name without importing the package', async () => {
    const root = tempDir();
    const marker = join(root, 'future-was-imported');
    writeFiles(root, {
      ...inDir('node_modules/future-plugin', pluginPackage('future-plugin', 'future', { apiVersion: 2 }, pluginModule('future', { marker }))),
    });
    const result = await discoverPlugins({ cwd: root });
    expect(ids(result)).toEqual([]);
    expect(result.skipped).toEqual([{ source: 'future-plugin', reason: 'declares plugin API version 2, but this kit supports 1' }]);
    expect(existsSync(marker)).toBe(false);
  });

  it('reports a declared module that does not exist (an unbuilt package)', async () => {
    const root = tempDir();
    writeFiles(root, { 'node_modules/unbuilt/package.json': JSON.stringify({ name: 'unbuilt', kit: { plugin: './dist/plugin.js', apiVersion: 1 } }) });
    const result = await discoverPlugins({ cwd: root });
    expect(result.skipped).toEqual([{ source: 'unbuilt', reason: 'plugin module ./dist/plugin.js not found (is the package built?)' }]);
  });

  it('refuses two plugins with one id, naming both sources', async () => {
    const root = tempDir();
    writeFiles(root, {
      ...inDir('node_modules/first-dup', pluginPackage('first-dup', 'dup')),
      ...inDir('second', pluginPackage('second-dup', 'dup')),
    });
    await expect(discoverPlugins({ cwd: root, plugins: ['./second'] })).rejects.toThrow("plugin id 'dup' is provided by both ./second and first-dup");
  });

  it('loads a plugin reached twice (a node_modules link and a path) once', async () => {
    const root = tempDir();
    writeFiles(root, { ...inDir('packages/linked', pluginPackage('linked-plugin', 'linked')) });
    mkdirSync(join(root, 'node_modules'));
    symlinkSync(join(root, 'packages/linked'), join(root, 'node_modules/linked-plugin'));
    const result = await discoverPlugins({ cwd: root, plugins: ['./packages/linked'] });
    expect(ids(result)).toEqual(['linked']);
    expect(sources(result)).toEqual(['./packages/linked']);
  });
});

/** A package whose manifest names its plugins: hosts list them without importing anything. */
function manifestPackage(name: string, plugins: Array<{ id: string; title?: string; module?: string; text?: string }>): Record<string, string> {
  const files: Record<string, string> = {};
  const entries = plugins.map((plugin, i) => {
    const module = plugin.module ?? `./plugin-${i}.js`;
    files[module.slice(2)] = plugin.text ?? pluginModule(plugin.id, plugin.title ? { title: plugin.title } : {});
    return { id: plugin.id, title: plugin.title ?? `The ${plugin.id} puzzle`, module };
  });
  files['package.json'] = JSON.stringify({ name, version: '5.6.7', type: 'module', kit: { apiVersion: 1, plugins: entries } });
  return files;
}

describe('the manifest in package.json', () => {
  it('lists declared plugins (id, title, package version) without importing them; load() imports one', async () => {
    const root = tempDir();
    const marker = join(root, 'alpha-was-imported');
    writeFiles(root, {
      ...inDir('node_modules/kit-alpha', manifestPackage('kit-alpha', [{ id: 'alpha', text: pluginModule('alpha', { marker }) }])),
    });
    const result = await discoverPlugins({ cwd: root });
    expect(result.plugins.map(({ id, title, version, source }) => ({ id, title, version, source }))).toEqual([
      { id: 'alpha', title: 'The alpha puzzle', version: '5.6.7', source: 'kit-alpha' },
    ]);
    expect(existsSync(marker)).toBe(false);
    const plugin = await result.plugins[0]!.load();
    expect(plugin.id).toBe('alpha');
    expect(existsSync(marker)).toBe(true);
  });

  it('takes several plugins from one package, one module each', async () => {
    const root = tempDir();
    writeFiles(root, { ...inDir('node_modules/kit-pair', manifestPackage('kit-pair', [{ id: 'left' }, { id: 'right' }])) });
    const result = await discoverPlugins({ cwd: root });
    expect(ids(result)).toEqual(['left', 'right']);
    expect(sources(result)).toEqual(['kit-pair', 'kit-pair']);
    expect((await result.plugins[1]!.load()).id).toBe('right');
  });

  it('refuses a module that provides another plugin than its manifest declares, naming the package', async () => {
    const root = tempDir();
    writeFiles(root, { ...inDir('node_modules/kit-liar', manifestPackage('kit-liar', [{ id: 'said', text: pluginModule('actual') }])) });
    const result = await discoverPlugins({ cwd: root });
    await expect(result.plugins[0]!.load()).rejects.toThrow("plugin kit-liar: package.json declares plugin 'said', but its module provides 'actual'");
  });

  it('reports malformed manifest entries by package and loads the rest', async () => {
    const root = tempDir();
    const bad = (kit: unknown) => JSON.stringify({ name: 'x', version: '1.0.0', kit });
    writeFiles(root, {
      'node_modules/bad-id/package.json': bad({ plugins: [{ id: 'Bad Id', title: 'T', module: './p.js' }] }),
      'node_modules/bad-id/p.js': pluginModule('ok'),
      'node_modules/no-title/package.json': bad({ plugins: [{ id: 'untitled', module: './p.js' }] }),
      'node_modules/no-title/p.js': pluginModule('untitled'),
      'node_modules/empty-list/package.json': bad({ plugins: [] }),
      ...inDir('node_modules/kit-good', manifestPackage('kit-good', [{ id: 'good' }])),
    });
    const result = await discoverPlugins({ cwd: root });
    expect(ids(result)).toEqual(['good']);
    expect(result.skipped).toEqual([
      { source: 'bad-id', reason: '"kit.plugins"[0].id must be a plugin id (lowercase letters, digits, dashes)' },
      { source: 'empty-list', reason: '"kit.plugins" must be a non-empty array' },
      { source: 'no-title', reason: '"kit.plugins"[0].title must be a string (what kit list prints)' },
    ]);
  });

  it('imports no plugin module that is not a JavaScript file inside its package', async () => {
    const root = tempDir();
    // What a manifest could point at: code elsewhere on the machine, and a text file in the package.
    const ran = join(root, 'elsewhere-ran');
    writeFiles(root, {
      'elsewhere/script.js': pluginModule('outside', { marker: ran }),
      'node_modules/kit-readme/README.md': '# Readme\n',
    });
    const declaring = (name: string, kit: unknown) => ({
      [`node_modules/${name}/package.json`]: JSON.stringify({ name, kit: { apiVersion: 1, ...(kit as object) } }),
    });
    writeFiles(root, {
      ...declaring('kit-outside', { plugins: [{ id: 'outside', title: 'T', module: '../../elsewhere/script.js' }] }),
      ...declaring('kit-absolute', { plugins: [{ id: 'absolute', title: 'T', module: join(root, 'elsewhere/script.js') }] }),
      ...declaring('kit-readme', { plugins: [{ id: 'readme', title: 'T', module: './README.md' }] }),
      ...declaring('kit-number', { plugins: [{ id: 'number', title: 'T', module: 5 }] }),
      ...declaring('kit-old-outside', { plugin: '../../elsewhere/script.js' }),
      ...inDir('node_modules/kit-good', manifestPackage('kit-good', [{ id: 'good' }])),
      // A folder whose name starts with two dots is still inside.
      ...inDir('node_modules/kit-dotted', manifestPackage('kit-dotted', [{ id: 'dotted', module: './..build/plugin.js' }])),
    });
    const result = await discoverPlugins({ cwd: root });
    expect(ids(result)).toEqual(['dotted', 'good']);
    const inside = (where: string) => `${where} must be a .js, .mjs or .cjs path inside the package`;
    expect(result.skipped).toEqual([
      { source: 'kit-absolute', reason: inside('"kit.plugins"[0].module') },
      { source: 'kit-number', reason: inside('"kit.plugins"[0].module') },
      { source: 'kit-old-outside', reason: inside('"kit.plugin"') },
      { source: 'kit-outside', reason: inside('"kit.plugins"[0].module') },
      { source: 'kit-readme', reason: inside('"kit.plugins"[0].module') },
    ]);
    expect(existsSync(ran)).toBe(false);
  });

  it('refuses a solver module that is not a JavaScript file inside the package, or is not there', async () => {
    const root = tempDir();
    const declaring = (name: string, solver: unknown) => ({
      [`node_modules/${name}/package.json`]: JSON.stringify({ name, kit: { apiVersion: 1, plugins: [{ id: name, title: 'T', module: './p.js', solver }] } }),
      [`node_modules/${name}/p.js`]: pluginModule(name),
    });
    writeFiles(root, {
      ...declaring('outside', '../good/solver.js'),
      ...declaring('absolute', join(root, 'node_modules/good/solver.js')),
      ...declaring('not-code', './README.md'),
      ...declaring('not-text', 5),
      ...declaring('unbuilt', './dist/solver.js'),
      ...declaring('good', './solver.js'),
      'node_modules/not-code/README.md': '# not code',
      'node_modules/good/solver.js': 'export const solver = {};\n',
    });
    const result = await discoverPlugins({ cwd: root });
    expect(ids(result)).toEqual(['good']);
    const inside = '"kit.plugins"[0].solver must be a .js, .mjs or .cjs path inside the package';
    expect(result.skipped).toEqual([
      { source: 'absolute', reason: inside },
      { source: 'not-code', reason: inside },
      { source: 'not-text', reason: inside },
      { source: 'outside', reason: inside },
      { source: 'unbuilt', reason: 'solver module ./dist/solver.js not found (is the package built?)' },
    ]);
  });

  it('preloadSolver() loads the solver module the manifest names at once, and solver() then finds it loaded', async () => {
    const root = tempDir();
    const counter = `kitSolverLoads${Date.now()}`;
    const withSolver = (id: string, solverText: string) => ({
      'package.json': JSON.stringify({
        name: `kit-${id}`,
        type: 'module',
        kit: { apiVersion: 1, plugins: [{ id, title: 'T', module: './plugin.js', solver: './solver.js' }] },
      }),
      'plugin.js': pluginModule(id).replace(/solver: async \(\) => \(\{[\s\S]*?\n {2}\}\),\n/, "solver: () => import('./solver.js').then((m) => m.solver),\n"),
      'solver.js': solverText,
    });
    writeFiles(root, {
      ...inDir(
        'node_modules/kit-counted',
        withSolver('counted', `globalThis.${counter} = (globalThis.${counter} ?? 0) + 1;\nexport const solver = { solve: () => ({ solutions: 0 }) };\n`),
      ),
      ...inDir('node_modules/kit-broken', withSolver('broken', "throw new Error('the solver module is broken');\n")),
      ...inDir('node_modules/kit-vanished', withSolver('vanished', 'export const solver = {};\n')),
    });
    const result = await discoverPlugins({ cwd: root });
    const [broken, counted, vanished] = result.plugins;
    const plugin = await counted!.load();
    const loads = () => (globalThis as Record<string, unknown>)[counter];
    expect(loads()).toBeUndefined();
    counted!.preloadSolver();
    // Loaded before anything was awaited: require(), not the asynchronous loader.
    expect(loads()).toBe(1);
    expect(Object.keys(await plugin.solver())).toEqual(['solve']);
    expect(loads()).toBe(1);
    // A module that fails is left for solver() to report.
    const brokenPlugin = await broken!.load();
    expect(() => broken!.preloadSolver()).not.toThrow();
    await expect(brokenPlugin.solver()).rejects.toThrow('the solver module is broken');
    // So is one deleted after discovery (an upgrade under a running host, say).
    rmSync(join(root, 'node_modules/kit-vanished/solver.js'));
    const vanishedPlugin = await vanished!.load();
    expect(() => vanished!.preloadSolver()).not.toThrow();
    await expect(vanishedPlugin.solver()).rejects.toThrow('solver.js');
  });

  it('refuses two manifests that declare one id, naming both, before importing either', async () => {
    const root = tempDir();
    writeFiles(root, {
      ...inDir('node_modules/kit-one', manifestPackage('kit-one', [{ id: 'same' }])),
      ...inDir('node_modules/kit-two', manifestPackage('kit-two', [{ id: 'same' }])),
    });
    await expect(discoverPlugins({ cwd: root })).rejects.toThrow("plugin id 'same' is provided by both kit-one and kit-two");
  });
});

describe('plugins that hang', () => {
  const NEVER_SETTLES = 'await new Promise(() => {});\nexport default {};\n';
  const LOOPS_FOREVER = 'for (;;) {}\nexport default {};\n';

  it('skips a module without manifest whose import never settles or loops forever, and loads the others', async () => {
    const root = tempDir();
    writeFiles(root, {
      ...inDir('node_modules/kit-never', pluginPackage('kit-never', 'never', {}, NEVER_SETTLES)),
      ...inDir('node_modules/kit-loops', pluginPackage('kit-loops', 'loops', {}, LOOPS_FOREVER)),
      ...inDir('node_modules/kit-fine', pluginPackage('kit-fine', 'fine')),
    });
    // 3 s, not less: on a loaded machine the fine plugin's own import took over a second.
    const result = await discoverPlugins({ cwd: root, timeoutMs: 3000 });
    expect(ids(result)).toEqual(['fine']);
    expect(result.skipped).toEqual([
      { source: 'kit-loops', reason: 'its module did not finish loading within 3 s' },
      { source: 'kit-never', reason: 'its module never finishes loading (a top-level await that never settles)' },
    ]);
  });

  it('lists a declared plugin whose import never settles, and load() gives up on it by name', async () => {
    const root = tempDir();
    writeFiles(root, { ...inDir('node_modules/kit-stuck', manifestPackage('kit-stuck', [{ id: 'stuck', text: NEVER_SETTLES }])) });
    const result = await discoverPlugins({ cwd: root, timeoutMs: 500 });
    expect(ids(result)).toEqual(['stuck']);
    await expect(result.plugins[0]!.load()).rejects.toThrow('plugin kit-stuck: its module did not finish loading within 0.5 s');
  });
});

describe('files that are not regular files', () => {
  it('refuses a kit.config.json that is a FIFO at once, and skips a package.json that is one', async () => {
    const root = tempDir();
    execFileSync('mkfifo', [join(root, 'kit.config.json')]);
    await expect(discoverPlugins({ cwd: root })).rejects.toThrow('kit.config.json: cannot be read (not a regular file)');
    const other = tempDir();
    mkdirSync(join(other, 'fifo-package'));
    execFileSync('mkfifo', [join(other, 'fifo-package', 'package.json')]);
    // Named with --plugin: not a warning but the user's error.
    await expect(discoverPlugins({ cwd: other, plugins: ['./fifo-package'], only: 'explicit' })).rejects.toThrow(
      '--plugin ./fifo-package: package.json cannot be read (not a regular file)',
    );
  });
});
