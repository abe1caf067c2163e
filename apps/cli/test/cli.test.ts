import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, COUNTING, REPO, cleanEnv, inDir, kit, pluginModule, pluginPackage, tempDir, writeFiles } from './helpers.js';

const P = ['--plugin', COUNTING];
// The fixture's --mode choices, read from the fixture itself so these tests follow it as it grows.
const fixture = (await import(COUNTING)) as { default: { options: Array<{ name: string; choices?: string[] }> } };
const MODES = fixture.default.options.find((spec) => spec.name === 'mode')!.choices!;
const E = '\u001B[';
const jsonLines = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
/** The fixture's plugin in a temporary project: nothing else is discovered there. */
const bare = () => ({ cwd: tempDir() });

describe('kit list and kit info', () => {
  it('lists one line a plugin: id, version, title', () => {
    const result = kit(['list', ...P], bare());
    expect(result.stdout).toBe('counting  1.0.0  Counting\n');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('lists as JSON with --json', () => {
    const result = kit(['list', '--json', ...P], bare());
    expect(JSON.parse(result.stdout)).toEqual([{ id: 'counting', version: '1.0.0', title: 'Counting', source: COUNTING }]);
  });

  it("shows a plugin's options with types, ranges, defaults and help, and an example", () => {
    const result = kit(['info', 'counting', ...P], bare());
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('counting 1.0.0: Counting\n  Counts to n.\n');
    expect(result.stdout).toContain('Usage: kit run counting [options]');
    expect(result.stdout).toMatch(/--n <n> +how far to count \[int 0\.\.1000, default 5\]/);
    expect(result.stdout).toMatch(new RegExp(`--mode <${MODES.join('\\|')}> +how to behave \\[enum ${MODES.join('\\|')}, default plain\\]`));
    expect(result.stdout).toContain('Examples:\n  kit run counting\n');
  });

  it('names an unknown plugin id with exit 2', () => {
    const result = kit(['info', 'nope', ...P], bare());
    expect(result.status).toBe(2);
    expect(result.stderr).toBe("kit: no plugin 'nope' (available: counting; see kit list)\n");
  });

  it('rejects an unknown command and shows help without one', () => {
    expect(kit(['frobnicate'], bare()).status).toBe(2);
    const help = kit([], bare());
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: kit [options] [command]');
  });
});

describe('kit run', () => {
  it('prints every solution as a frame titled No. N and a summary, letters when stdout is a pipe', () => {
    const result = kit(['run', 'counting', '--n', '3', ...P], bare());
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('No. 1\n1\n\nNo. 2\n2\n\nNo. 3\n3\n\n3 solutions\n');
    expect(result.stderr).toBe('');
  });

  it('writes newline-delimited JSON: solutions in order, then the done line with the summary flattened', () => {
    const result = kit(['run', 'counting', '--n', '12', '--json', '--threads', '3', ...P], bare());
    expect(result.status).toBe(0);
    const lines = jsonLines(result.stdout);
    expect(lines.slice(0, -1)).toEqual(Array.from({ length: 12 }, (_, i) => ({ type: 'solution', index: i + 1, solution: i + 1 })));
    const done = lines.at(-1)!;
    expect(done).toMatchObject({ type: 'done', solutions: 12, tries: 2, merged: 'by plugin' });
    expect(Object.keys(done).slice(0, 3)).toEqual(['type', 'solutions', 'elapsedMs']);
    expect(Number.isInteger(done['elapsedMs'])).toBe(true);
  });

  it('prints only the summary with --count, only the done line with --count --json', () => {
    const text = kit(['run', 'counting', '--n', '7', '--count', ...P], bare());
    expect(text.stdout).toBe('7 solutions\n');
    const json = kit(['run', 'counting', '--n', '7', '--count', '--json', ...P], bare());
    expect(jsonLines(json.stdout)).toEqual([expect.objectContaining({ type: 'done', solutions: 7, tries: 7 })]);
  });

  it('stops after --limit solutions', () => {
    const result = kit(['run', 'counting', '--n', '40', '--limit', '3', '--json', ...P], bare());
    const lines = jsonLines(result.stdout);
    expect(lines.map((line) => line['type'])).toEqual(['solution', 'solution', 'solution', 'done']);
    expect(lines.at(-1)).toMatchObject({ solutions: 3 });
  });

  it('finishes with exit 0 when there are no solutions', () => {
    const result = kit(['run', 'counting', '--n', '0', ...P], bare());
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('0 solutions\n');
  });

  it('draws colour blocks only when colour is forced, and never with --no-color', () => {
    const forced = kit(['run', 'counting', '--n', '1', '-q', ...P], { ...bare(), env: { FORCE_COLOR: '1' } });
    expect(forced.stdout).toBe(`No. 1\n${E}48;5;250;38;5;16m 1${E}m\n\n1 solution\n`);
    const off = kit(['run', 'counting', '--n', '1', '-q', '--no-color', ...P], { ...bare(), env: { FORCE_COLOR: '1' } });
    expect(off.stdout).toBe('No. 1\n1\n\n1 solution\n');
  });

  it('shows generated help for a plugin with its own and the common flags', () => {
    const result = kit(['run', 'counting', '--help', ...P], bare());
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Usage: kit run counting [options]');
    expect(result.stdout).toMatch(/--n <n> +how far to count \(0\.\.1000, default 5\)/);
    expect(result.stdout).toMatch(/Common options:\n +-q, --quiet/);
    expect(result.stdout).toMatch(/--threads <n> +worker threads/);
  });
});

describe('kit run: bad usage is one line on stderr and exit 2', () => {
  const cases: Array<[string, string[], string]> = [
    ['an unknown flag', ['--bogus'], "kit: unknown option '--bogus'\n"],
    ['an out-of-range value', ['--n', '2000'], 'kit: --n must be an integer from 0 to 1000 (got "2000")\n'],
    ['a value of the wrong type', ['--n', 'lots'], 'kit: --n must be an integer from 0 to 1000 (got "lots")\n'],
    ['a bad choice', ['--mode', 'loud'], `kit: --mode must be one of ${MODES.join(', ')} (got "loud")\n`],
    ['a missing value', ['--n'], "kit: option '--n <n>' argument missing\n"],
    ['a bad --limit', ['--limit', '0'], 'kit: --limit must be a positive integer (got "0")\n'],
    ['a bad --threads', ['--threads', 'x'], 'kit: --threads must be a positive integer (got "x")\n'],
    ['a file the plugin does not take', ['extra.txt'], 'kit: kit run counting takes no file argument (got "extra.txt")\n'],
  ];
  for (const [what, args, message] of cases) {
    it(what, () => {
      const result = kit(['run', 'counting', ...args, ...P], bare());
      expect(result.stderr).toBe(message);
      expect(result.stdout).toBe('');
      expect(result.status).toBe(2);
    });
  }

  it('an unknown plugin id, and no id at all', () => {
    const unknown = kit(['run', 'nope', ...P], bare());
    expect(unknown.stderr).toBe("kit: no plugin 'nope' (available: counting; see kit list)\n");
    expect(unknown.status).toBe(2);
    const none = kit(['run', ...P], bare());
    expect(none.stderr).toBe('kit: kit run needs a plugin id (see kit list)\n');
    expect(none.status).toBe(2);
  });

  it("a solver's InputError, as file:line:col: message", () => {
    const result = kit(['run', 'counting', '--mode', 'input-error', ...P], bare());
    expect(result.stderr).toBe('n.txt:3:1: three is not allowed\n');
    expect(result.status).toBe(2);
  });
});

describe('kit run: internal faults exit 1 with one line', () => {
  it('names the plugin and hints at KIT_DEBUG, which shows the stack', () => {
    const result = kit(['run', 'counting', '--mode', 'throw', ...P], bare());
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('kit: plugin counting failed: RangeError: count went out of range at 3 (set KIT_DEBUG=1 to see the stack trace)\n');
    const debug = kit(['run', 'counting', '--mode', 'throw', ...P], { ...bare(), env: { KIT_DEBUG: '1' } });
    expect(debug.status).toBe(1);
    expect(debug.stderr).toMatch(/^kit: plugin counting failed: RangeError: count went out of range at 3\nRangeError: count went out of range at 3\n +at /);
  });
});

describe('kit run: a plugin that fails while drawing', () => {
  it('stops the search and exits 1 naming the plugin', () => {
    const cwd = tempDir();
    const broken = pluginModule('drawfail').replace('view: (state) =>', "view: () => { throw new Error('view broke'); }, unused: (state) =>");
    writeFiles(cwd, inDir('node_modules/drawfail', pluginPackage('drawfail', 'drawfail', {}, broken)));
    const result = kit(['run', 'drawfail'], { cwd });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('kit: plugin drawfail failed: Error: view broke (set KIT_DEBUG=1 to see the stack trace)\n');
    expect(result.stdout).toBe('');
  });
});

describe('kit run: files', () => {
  // A plugin that declares a positional input and a file option, and echoes what it was given.
  const filePlugin = `export default {
  apiVersion: 1, id: 'echo', title: 'Echo', description: 'Echoes files.', version: '1.0.0',
  input: { formats: ['text'], help: 'a text file' },
  options: [{ name: 'extra', type: 'file', help: 'another file', formats: ['text'] }],
  parse(options, file) {
    if (file && file.text.includes('bad')) throw Object.assign(new Error('bad word'), { name: 'InputError', where: { file: file.name, line: 2, column: 5 } });
    return { input: file ?? null, extra: options.extra ?? null };
  },
  solver: async () => ({ solve(instance, ctx) { ctx.solution(instance); return { solutions: 1 }; } }),
  view: () => ({ width: 1, height: 1, cells: [{}] }),
};
`;
  const setup = () => {
    const cwd = tempDir();
    writeFiles(cwd, {
      ...inDir('echo', { ...pluginPackage('echo-plugin', 'echo', {}, filePlugin) }),
      'in.txt': 'hello\n',
      'more.txt': 'more\n',
      'bad.txt': 'x\nbad\n',
    });
    mkdirSync(join(cwd, 'a-directory'));
    return cwd;
  };

  it('reads the positional file and file options into {name, text}', () => {
    const cwd = setup();
    const result = kit(['run', 'echo', 'in.txt', '--extra', 'more.txt', '--json', '--plugin', './echo'], { cwd });
    expect(jsonLines(result.stdout)[0]).toEqual({
      type: 'solution',
      index: 1,
      solution: { input: { name: 'in.txt', text: 'hello\n' }, extra: { name: 'more.txt', text: 'more\n' } },
    });
  });

  it('a missing file, a directory, and a parse error are one line and exit 2', () => {
    const cwd = setup();
    const missing = kit(['run', 'echo', 'nothere.txt', '--plugin', './echo'], { cwd });
    expect([missing.status, missing.stderr]).toEqual([2, 'kit: nothere.txt: no such file\n']);
    const missingOption = kit(['run', 'echo', '--extra', 'gone.txt', '--plugin', './echo'], { cwd });
    expect([missingOption.status, missingOption.stderr]).toEqual([2, 'kit: gone.txt: no such file\n']);
    const directory = kit(['run', 'echo', 'a-directory', '--plugin', './echo'], { cwd });
    expect([directory.status, directory.stderr]).toEqual([2, 'kit: a-directory: is a directory, not a file\n']);
    const parse = kit(['run', 'echo', 'bad.txt', '--plugin', './echo'], { cwd });
    expect([parse.status, parse.stderr]).toEqual([2, 'bad.txt:2:5: bad word\n']);
  });
});

describe('kit run: discovery', () => {
  it('reports a plugin that throws on import and still runs the others', () => {
    const cwd = tempDir();
    writeFiles(cwd, inDir('node_modules/broken-plugin', pluginPackage('broken-plugin', 'broken', {}, "throw new Error('cannot load');\n")));
    const result = kit(['run', 'counting', '--n', '2', '--count', ...P], { cwd });
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('2 solutions\n');
    expect(result.stderr).toBe('kit: plugin broken-plugin skipped: cannot load\n');
  });

  it('lists the others when a plugin hangs on import, naming it (a loop or a promise that never settles)', () => {
    const cwd = tempDir();
    writeFiles(cwd, {
      ...inDir('node_modules/kit-loops', pluginPackage('kit-loops', 'loops', {}, 'for (;;) {}\nexport default {};\n')),
      ...inDir('node_modules/kit-waits', pluginPackage('kit-waits', 'waits', {}, 'await new Promise(() => {});\nexport default {};\n')),
      // Declared by its manifest, so listing it imports nothing: the looping module's second of CPU
      // cannot push it past the deadline on a loaded machine (a --plugin that misses it is an error).
      ...inDir('node_modules/kit-counting', {
        'package.json': JSON.stringify({
          name: 'kit-counting',
          version: '1.0.0',
          type: 'module',
          kit: { apiVersion: 1, plugins: [{ id: 'counting', title: 'Counting', module: './plugin.js' }] },
        }),
        'plugin.js': '',
      }),
    });
    // 3 s, not 1: starting the other module's thread must fit in it on a loaded machine.
    const result = kit(['list'], { cwd, env: { KIT_PLUGIN_TIMEOUT_MS: '3000' } });
    expect([result.status, result.stdout]).toEqual([0, 'counting  1.0.0  Counting\n']);
    expect(result.stderr).toBe(
      'kit: plugin kit-loops skipped: its module did not finish loading within 3 s\n' +
        'kit: plugin kit-waits skipped: its module never finishes loading (a top-level await that never settles)\n',
    );
  });

  it('imports only the plugin a command needs when manifests name their plugins', () => {
    const cwd = tempDir();
    const marker = join(cwd, 'other-was-imported');
    writeFiles(cwd, {
      'node_modules/kit-other/package.json': JSON.stringify({
        name: 'kit-other',
        version: '3.1.4',
        type: 'module',
        kit: { apiVersion: 1, plugins: [{ id: 'other', title: 'Another puzzle', module: './plugin.js' }] },
      }),
      'node_modules/kit-other/plugin.js': `import { writeFileSync } from 'node:fs'; writeFileSync(${JSON.stringify(marker)}, 'x');\nthrow new Error('cannot load');\n`,
    });
    const list = kit(['list', ...P], { cwd });
    expect([list.status, list.stdout, list.stderr]).toEqual([0, 'counting  1.0.0  Counting\nother     3.1.4  Another puzzle\n', '']);
    const run = kit(['run', 'counting', '--n', '2', '--count', ...P], { cwd });
    expect([run.status, run.stdout, run.stderr]).toEqual([0, '2 solutions\n', '']);
    expect(existsSync(marker)).toBe(false);
    // Asked for by name, the broken plugin is a fault of that plugin (exit 1), named.
    const broken = kit(['run', 'other', ...P], { cwd });
    expect(broken.status).toBe(1);
    expect(broken.stderr).toMatch(/^kit: plugin other could not be loaded from kit-other: cannot load \(set KIT_DEBUG=1 to see the stack trace\)\n$/);
    expect(existsSync(marker)).toBe(true);
  });

  // Plugin modules are loaded with require() where Node can; a module graph with a top-level await
  // cannot be, and is imported instead: one that settles runs, one that never does times out.
  it('runs a plugin whose module has a top-level await, and names one whose await never settles', () => {
    const cwd = tempDir();
    const manifest = (name: string, id: string) =>
      JSON.stringify({ name, version: '2.3.4', type: 'module', kit: { apiVersion: 1, plugins: [{ id, title: `The ${id} puzzle`, module: './plugin.js' }] } });
    writeFiles(cwd, {
      'node_modules/kit-later/package.json': manifest('kit-later', 'later'),
      'node_modules/kit-later/plugin.js': `const ready = await Promise.resolve(true);\n${pluginModule('later')}`,
      'node_modules/kit-never/package.json': manifest('kit-never', 'never'),
      'node_modules/kit-never/plugin.js': `await new Promise(() => {});\n${pluginModule('never')}`,
    });
    const later = kit(['run', 'later', '--n', '3', '--count'], { cwd });
    expect([later.status, later.stdout, later.stderr]).toEqual([0, '3 solutions\n', '']);
    const never = kit(['run', 'never', '--count'], { cwd, env: { KIT_PLUGIN_TIMEOUT_MS: '500' } });
    expect([never.status, never.stdout]).toEqual([1, '']);
    expect(never.stderr).toMatch(/^kit: plugin never could not be loaded from kit-never: its module did not finish loading within 0\.5 s /);
  });

  // The reader goes away after the first line: kit ends at once, successfully, and says nothing.
  // (An exit through process.exit(0) on EPIPE must not count as a step left unfinished.)
  const READER_GOES_AWAY = ['pentomino --size 5 -q', 'pentomino --size 6 --json', 'pentomino --size 6 --json --threads 2'];
  async function exitWhenReaderGoes(line: string, nodeFlags: string[] = []): Promise<[number | null, string]> {
    const child = spawn(process.execPath, [...nodeFlags, BIN, 'run', ...line.split(' ')], { cwd: REPO, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    const status = await new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return [status, stderr];
  }
  it.each(READER_GOES_AWAY)('exits 0 without a word when the reader of its output goes away: kit run %s', async (line) => {
    expect(await exitWhenReaderGoes(line)).toEqual([0, '']);
  });

  // The same, with the run seeing the broken pipe before bin.ts's EPIPE handler does (CI once met
  // this order and exited 130, "interrupted"): stdout's 'error' event is held back by a preload.
  it.each(READER_GOES_AWAY)('exits 0 when the run sees its reader gone before the EPIPE handler does: kit run %s', async (line) => {
    const preload = join(tempDir(), 'late-stdout-error.cjs');
    writeFileSync(
      preload,
      "const emit = process.stdout.emit.bind(process.stdout);\nprocess.stdout.emit = (name, ...rest) => name === 'error' ? (setTimeout(() => emit(name, ...rest), 500), true) : emit(name, ...rest);\n",
    );
    expect(await exitWhenReaderGoes(line, ['--require', preload])).toEqual([0, '']);
  });

  it('a solver that never settles, with nothing left to wait for, is exit 13, not a quiet success', () => {
    const cwd = tempDir();
    const stuck = pluginModule('stuck').replace('solve(instance, ctx) {', 'async solve(instance, ctx) {\n      await new Promise(() => {});');
    writeFiles(cwd, inDir('node_modules/kit-stuck', pluginPackage('kit-stuck', 'stuck', {}, stuck)));
    // On the CLI's own thread (a worker thread would keep Node waiting, as for any long search).
    const result = kit(['run', 'stuck', '--count', '--threads', '1'], { cwd });
    expect([result.status, result.stdout, result.stderr]).toEqual([13, '', 'kit: stopped unfinished: a step it waited for never completed\n']);
  });

  // require() of a CommonJS module gives module.exports, where import() gives a namespace with it as
  // the default export: a CommonJS plugin module loads either way.
  it('runs a plugin module written as CommonJS', () => {
    const cwd = tempDir();
    writeFiles(cwd, { 'plugin.cjs': pluginModule('old').replace('export default {', 'module.exports = {') });
    const result = kit(['run', 'old', '--plugin', './plugin.cjs', '--n', '3', '--count', '--threads', '1'], { cwd });
    expect([result.status, result.stdout, result.stderr]).toEqual([0, '3 solutions\n', '']);
  });

  it('refuses a plugin made for another API version by name', () => {
    const cwd = tempDir();
    writeFiles(cwd, inDir('node_modules/next-plugin', pluginPackage('next-plugin', 'next', { apiVersion: 2 })));
    const result = kit(['list', ...P], { cwd });
    expect(result.stdout).toBe('counting  1.0.0  Counting\n');
    expect(result.stderr).toBe('kit: plugin next-plugin skipped: declares plugin API version 2, but this kit supports 1\n');
  });

  it('two plugins with one id are an error naming both, exit 2', () => {
    const cwd = tempDir();
    writeFiles(cwd, inDir('node_modules/other-counting', pluginPackage('other-counting', 'counting')));
    const result = kit(['list', ...P], { cwd });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`kit: plugin id 'counting' is provided by both ${COUNTING} and other-counting\n`);
  });

  it('finds plugins in node_modules and through kit.config.json paths and globs', () => {
    const cwd = tempDir();
    writeFiles(cwd, {
      'kit.config.json': JSON.stringify({ plugins: ['./local/*'] }),
      ...inDir('local/alpha', pluginPackage('alpha-plugin', 'alpha')),
      'local/notes/package.json': JSON.stringify({ name: 'notes' }),
      ...inDir('node_modules/@acme/beta', pluginPackage('@acme/beta', 'beta')),
    });
    const list = kit(['list'], { cwd });
    expect(list.stdout).toBe('alpha  2.3.4  The alpha puzzle\nbeta   2.3.4  The beta puzzle\n');
    expect(list.stderr).toBe('');
    const run = kit(['run', 'beta', '--n', '3', '--json', '--count'], { cwd });
    expect(jsonLines(run.stdout)).toEqual([expect.objectContaining({ type: 'done', solutions: 3 })]);
  });

  it('a --plugin path that does not exist is a usage error', () => {
    const result = kit(['list', '--plugin', './nowhere'], bare());
    expect([result.status, result.stderr]).toEqual([2, 'kit: --plugin ./nowhere: no such file or directory\n']);
  });
});

describe('kit create-plugin', () => {
  it('refuses an existing directory with one line', () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'taken'), '');
    const result = kit(['create-plugin', 'taken-puzzle', '--dir', 'taken'], { cwd });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`kit: ${join(cwd, 'taken')} already exists; choose another directory\n`);
  });
});
