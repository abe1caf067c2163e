// The pack-and-install test: what a stranger gets from `npm install @kit/cli @kit/pentomino ...`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { cleanEnv, ownErrorLines, run, runOk } from './support/run.js';

const { consumerDir, packages, setupSeconds } = inject('kit');
const puzzles = packages.filter((pkg) => pkg.isPlugin);
const npx = (...args: string[]) => run('npx', ['--no', ...args], { cwd: consumerDir });

describe(`packed tarballs installed with npm (set up in ${setupSeconds}s)`, () => {
  it('installed every packed package, with no workspace: range left anywhere', () => {
    for (const pkg of packages) {
      const manifest = readFileSync(join(consumerDir, 'node_modules', pkg.name, 'package.json'), 'utf8');
      expect(JSON.parse(manifest).version).toBe(pkg.version);
      expect(manifest).not.toContain('workspace:');
    }
  });

  it('(a) npx kit list shows every puzzle, and nothing is skipped', () => {
    const { status, stdout, stderr } = npx('kit', 'list');
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const listed = stdout
      .trim()
      .split('\n')
      .map((line) => line.split(/\s+/)[0]);
    const ids = puzzles.map((pkg) => pluginIdOf(pkg.name));
    expect(listed.sort()).toEqual(ids.sort());
  });

  it("lists each plugin with its package's version", () => {
    const listed = JSON.parse(npx('kit', 'list', '--json').stdout) as { id: string; version: string }[];
    for (const pkg of puzzles) expect(listed.find((entry) => entry.id === pluginIdOf(pkg.name))?.version).toBe(pkg.version);
  });

  it('(b) npx kit run pentomino --size 5 --count --json reports 1010', () => {
    const { status, stdout, stderr } = npx('kit', 'run', 'pentomino', '--size', '5', '--count', '--json');
    expect(ownErrorLines(stderr)).toEqual([]);
    expect(status).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ type: 'done', solutions: 1010, board: '5x12' });
  });
});

describe('(d) the web page from npm: npx kit web', () => {
  it('serves the page with every installed plugin, and stops on Ctrl-C', async () => {
    // Its own process group, so Ctrl-C reaches npx and the kit process under it, as in a terminal.
    const child = spawn('npx', ['--no', 'kit', 'web', '--port', '0'], { cwd: consumerDir, env: cleanEnv(), detached: true });
    // npx itself dies of the SIGINT a terminal sends the whole group; kit exits 130 under it.
    const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(String(code ?? signal))));
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let url = '';
    try {
      url = await new Promise<string>((resolve, reject) => {
        let stdout = '';
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          if (stdout.includes('\n')) resolve(stdout.split('\n')[0]!);
        });
        child.once('exit', (code) => reject(new Error(`kit web exited with ${code} before printing its URL: ${stderr}`)));
      });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const page = await fetch(url);
      expect(page.status).toBe(200);
      // The page's script has a hashed name (cached for good), read from the page itself.
      const mainScript = /src="(app\/main-[A-Z0-9]+\.js)"/.exec(await page.text())?.[1];
      expect(mainScript).toBeDefined();
      const manifest = (await (await fetch(new URL('plugins/manifest.json', url))).json()) as { plugins: { id: string; module?: string; error?: string }[] };
      expect(manifest.plugins.filter((entry) => entry.error)).toEqual([]);
      expect(manifest.plugins.map((entry) => entry.id).sort()).toEqual(puzzles.map((pkg) => pluginIdOf(pkg.name)).sort());
      const puyo = manifest.plugins.find((entry) => entry.id === 'puyo')!;
      const bundle = await fetch(new URL(`plugins/${puyo.module}`, url));
      expect(bundle.status).toBe(200);
      expect(await bundle.text()).toContain('puyop.com');
      expect((await fetch(new URL(mainScript!, url))).status).toBe(200);
    } finally {
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGINT');
    }
    expect(['130', 'SIGINT']).toContain(await exited);
    expect(ownErrorLines(stderr)).toEqual([]);
    // The server went with it.
    await expect
      .poll(
        () =>
          fetch(url).then(
            () => 'up',
            () => 'down',
          ),
        { timeout: 5000 },
      )
      .toBe('down');
  });

  it('writes a static site with --out, and refuses a directory that is not empty without --force', () => {
    const dir = mkdtempSync(join(consumerDir, 'site-'));
    try {
      const first = npx('kit', 'web', '--out', dir);
      expect(ownErrorLines(first.stderr)).toEqual([]);
      expect(first.status).toBe(0);
      expect(first.stdout.trim()).toBe(`${dir}: the page and ${puzzles.length} plugins (any static web server can host it)`);
      const mainScript = /src="(app\/main-[A-Z0-9]+\.js)"/.exec(readFileSync(join(dir, 'index.html'), 'utf8'))?.[1];
      for (const file of [mainScript!, `${mainScript!}.gz`, `${mainScript!}.br`, 'plugins/manifest.json']) expect(existsSync(join(dir, file)), file).toBe(true);

      writeFileSync(join(dir, 'index.html'), 'my own page');
      const again = npx('kit', 'web', '--out', dir);
      expect(again.status).toBe(2);
      expect(again.stderr.trim()).toBe(`kit: ${dir} is not empty (it has index.html and 2 more): add --force to write the site into it anyway`);
      expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe('my own page');

      const forced = npx('kit', 'web', '--out', dir, '--force');
      expect(forced.status).toBe(0);
      expect(readFileSync(join(dir, 'index.html'), 'utf8')).toContain(mainScript!);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('(c) the puzzle packages as libraries, without the CLI', () => {
  it('each one exports its plugin, an API and a loadable solver', () => {
    const script = join(consumerDir, 'use-api.mjs');
    writeFileSync(script, USE_API_SCRIPT);
    const out = runOk(process.execPath, [script, ...puzzles.map((pkg) => pkg.name)], { cwd: consumerDir });
    const report = JSON.parse(out.stdout) as Record<string, { id: string; functions: number; solves: boolean }>;
    for (const pkg of puzzles) {
      expect(report[pkg.name]?.id).toBe(pluginIdOf(pkg.name));
      expect(report[pkg.name]?.functions).toBeGreaterThan(0);
      expect(report[pkg.name]?.solves).toBe(true);
    }
  });

  it('@kit/pentomino packs 5x12 in 1010 ways through its own API', () => {
    const script = "import { pack } from '@kit/pentomino'; console.log(JSON.stringify(pack({ board: Array(5).fill('.'.repeat(12)) })));";
    const out = runOk(process.execPath, ['--input-type=module', '-e', script], { cwd: consumerDir });
    expect(JSON.parse(out.stdout)).toMatchObject({ solutions: 1010 });
  });

  it('kit-plugin-sudoku solves through its own API', () => {
    const script = "import { solveSudoku } from 'kit-plugin-sudoku'; console.log(JSON.stringify(solveSudoku('.'.repeat(16), { limit: 300 })));";
    const out = runOk(process.execPath, ['--input-type=module', '-e', script], { cwd: consumerDir });
    const result = JSON.parse(out.stdout) as { solutions: string[][]; unique: boolean };
    expect(result.solutions).toHaveLength(288);
    expect(result.unique).toBe(false);
  });
});

describe('(c) more puzzle packages through their own APIs', () => {
  it('@kit/polycube packs the Soma cube through its own API, and the CLI reads a gzipped BurrTools file', () => {
    const script =
      "import { namedSet, prepare, runAll } from '@kit/polycube'; const soma = namedSet('soma'); console.log(JSON.stringify(runAll(prepare(soma.target, soma.pieces))));";
    const out = runOk(process.execPath, ['--input-type=module', '-e', script], { cwd: consumerDir });
    expect(JSON.parse(out.stdout)).toMatchObject({ solutions: 240 });
    const puzzle = join(consumerDir, 'soma.xmpuzzle');
    writeFileSync(
      puzzle,
      gzipSync(
        '<?xml version="1.0"?>\n<puzzle version="2"><shapes><voxel x="3" y="3" z="3" type="0">' +
          '#'.repeat(27) +
          '</voxel>' +
          '<voxel x="2" y="2" z="1" type="0">###_</voxel><voxel x="3" y="2" z="1" type="0">####__</voxel><voxel x="3" y="2" z="1" type="0">###_#_</voxel>' +
          '<voxel x="3" y="2" z="1" type="0">##__##</voxel><voxel x="2" y="2" z="2" type="0">###__#__</voxel><voxel x="2" y="2" z="2" type="0">##_##___</voxel>' +
          '<voxel x="2" y="2" z="2" type="0">###_#___</voxel></shapes><problems><problem><shapes>' +
          [1, 2, 3, 4, 5, 6, 7].map((id) => `<shape id="${id}" count="1"/>`).join('') +
          '</shapes><result id="0"/></problem></problems></puzzle>\n',
      ),
    );
    const { status, stdout } = npx('kit', 'run', 'polycube', puzzle, '--count', '--json');
    expect(status).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ solutions: 240, target: '3x3x3' });
  });

  it('@kit/katamino sweeps the 5-piece sets through its own API', () => {
    const script =
      "import { katamino, sweep } from '@kit/katamino'; const s = sweep({ n: 5 }); console.log(JSON.stringify({ tiling: s.subsets.length, solutions: s.solutions, lnpvy: katamino({ pieces: 'LNPVY' }).solutions }));";
    const out = runOk(process.execPath, ['--input-type=module', '-e', script], { cwd: consumerDir });
    expect(JSON.parse(out.stdout)).toEqual({ tiling: 45, solutions: 107, lnpvy: 3 });
  });

  it('@kit/puyo reads a field and simulates its chain', () => {
    const script =
      "import { parseField, simulate } from '@kit/puyo'; const r = simulate(parseField('R\\nR\\nR\\nR\\n')); console.log(JSON.stringify({ chains: r.chains, score: r.score, cleared: r.cleared, allClear: r.allClear }));";
    const out = runOk(process.execPath, ['--input-type=module', '-e', script], { cwd: consumerDir });
    // Four reds in one column: one chain, 10 x 4 cleared x clamp(0, 1, 999) = 40, and an empty field after.
    expect(JSON.parse(out.stdout)).toEqual({ chains: 1, score: 40, cleared: 4, allClear: true });
  });

  it('@kit/hitori-sat solves a grid in-process through its plugin', () => {
    const script = [
      "import { parseOptions, solveAll } from '@kit/core/host';",
      "import { plugin } from '@kit/hitori-sat';",
      "const instance = plugin.parse(parseOptions(plugin.options, {}), { name: 'h.txt', text: '1 2 1\\n2 3 1\\n3 1 2\\n' });",
      'const { solutions, done } = await solveAll(plugin, instance, { limit: 1 });',
      'console.log(JSON.stringify({ shaded: solutions[0].shaded, solutions: done.summary.solutions }));',
    ].join('\n');
    const out = runOk(process.execPath, ['--input-type=module', '-e', script], { cwd: consumerDir });
    const { shaded, solutions } = JSON.parse(out.stdout) as { shaded: string[]; solutions: number };
    expect(solutions).toBe(1);
    // Either way to break the two pairs of 1s is a solution; check the rules rather than pick one.
    const numbers = [
      [1, 2, 1],
      [2, 3, 1],
      [3, 1, 2],
    ];
    const open = (r: number, c: number) => shaded[r]![c] === '.';
    for (let i = 0; i < 3; i++) {
      const row = numbers[i]!.filter((_, c) => open(i, c));
      const column = numbers.map((line) => line[i]!).filter((_, r) => open(r, i));
      expect(new Set(row).size).toBe(row.length);
      expect(new Set(column).size).toBe(column.length);
    }
    expect(shaded.join('')).toMatch(/^[#.]{9}$/);
    expect(
      shaded
        .join('')
        .split('')
        .filter((c) => c === '#').length,
    ).toBeGreaterThan(0);
  });
});

describe('(d) TypeScript type-checks a consumer against the packed types', () => {
  it('accepts correct code and rejects a wrong type', () => {
    writeFileSync(
      join(consumerDir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: ['node'],
        },
        files: ['consumer.ts'],
      }),
    );
    const imports = packages.flatMap((pkg, i) => entryPoints(pkg.name).map((entry, j) => `import * as m${i}_${j} from '${entry}';\nvoid m${i}_${j};`));
    writeFileSync(join(consumerDir, 'consumer.ts'), [...imports, CONSUMER_SOURCE].join('\n'));
    const tsc = join(consumerDir, 'node_modules', 'typescript', 'bin', 'tsc');
    const good = run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: consumerDir });
    expect(good.stdout + good.stderr).toBe('');
    expect(good.status).toBe(0);

    writeFileSync(join(consumerDir, 'consumer.ts'), [CONSUMER_SOURCE, 'export const wrong: string = counted.done.summary.solutions;'].join('\n'));
    const bad = run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: consumerDir });
    expect(bad.status).not.toBe(0);
    expect(bad.stdout).toContain("error TS2322: Type 'number' is not assignable to type 'string'.");
  });
});

/** The import specifiers a package exports (every entry but ./package.json), from its installed manifest. */
function entryPoints(name: string): string[] {
  const manifest = JSON.parse(readFileSync(join(consumerDir, 'node_modules', name, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
  return Object.keys(manifest.exports)
    .filter((key) => key !== './package.json')
    .map((key) => (key === '.' ? name : `${name}/${key.slice(2)}`));
}

const CONSUMER_SOURCE = `
import { InputError, definePlugin, type Frame, type Summary } from '@kit/core';
import { parseOptions, solveAll } from '@kit/core/host';

// A plugin written against the packed @kit/core, used in-process.
const counting = definePlugin<{ n: number }, number>({
  id: 'counting',
  title: 'Counting',
  description: 'Counts to n.',
  version: '1.0.0',
  options: [{ name: 'n', type: 'int', min: 1, max: 9, default: 3, help: 'how far' }],
  parse(options) {
    if (typeof options['n'] !== 'number') throw new InputError('--n is required');
    return { n: options['n'] };
  },
  solver: async () => ({
    solve(instance, ctx): Summary {
      for (let i = 1; i <= instance.n && !ctx.shouldStop(); i++) ctx.solution(i);
      return { solutions: instance.n };
    },
  }),
  view: (state): Frame => ({ width: 1, height: 1, cells: [{ label: String(state) }] }),
});

export const counted = await solveAll(counting, counting.parse(parseOptions(counting.options, { n: '3' })));
export const first: number | undefined = counted.solutions[0];
`;

/** Imports each package given on the command line and uses it without the CLI; prints a JSON report. */
const USE_API_SCRIPT = `
const report = {};
for (const name of process.argv.slice(2)) {
  const api = await import(name);
  const plugin = api.plugin ?? api.default;
  const entry = { id: plugin.id, functions: Object.values(api).filter((value) => typeof value === 'function').length };
  // The heavy half loads from the packed ./solver entry, as a worker would load it.
  const solver = await plugin.solver();
  entry.solves = typeof solver.solve === 'function';
  report[name] = entry;
}
console.log(JSON.stringify(report));
`;

/** The plugin id a package provides, read from its installed plugin module without the CLI. */
function pluginIdOf(name: string): string {
  const script = `const m = await import('${name}/plugin'); console.log((m.default ?? m.plugin).id);`;
  return runOk(process.execPath, ['--input-type=module', '-e', script], { cwd: consumerDir }).stdout.trim();
}
