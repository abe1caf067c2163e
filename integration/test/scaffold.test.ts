// `kit create-plugin`: the package it writes builds, passes its own tests and runs in the CLI, both
// as a package of this repository (workspace layout) and as a stranger's standalone package.
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ownErrorLines, run, runOk } from './support/run.js';
import { repoRoot } from './support/workspace.js';

const { consumerDir, scratchDir } = inject('kit');
const workspaceCli = join(repoRoot, 'apps', 'cli', 'dist', 'bin.cjs');
const vitestBin = join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');
const tscBin = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');

const link = (target: string, path: string) => {
  mkdirSync(dirname(path), { recursive: true });
  symlinkSync(realpathSync(target), path);
};
const jsonLines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
const passedCount = (output: string) => Number(/Tests\s+(\d+) passed/.exec(output)?.[1] ?? 0);
/** What a build of the scaffold's sources writes: each module and its declarations. */
const DIST_FILES = ['board', 'editor', 'index', 'play', 'plugin', 'solver'].flatMap((name) => [`${name}.d.ts`, `${name}.js`]);

describe('kit create-plugin in the Puzzle Kit workspace', () => {
  // A stand-in for the repository root (pnpm-workspace.yaml with examples/*, packages/core, tooling),
  // so the scaffold picks its workspace layout without touching the real examples/ directory.
  const kitRoot = join(scratchDir, 'kit-root');
  const dir = join(kitRoot, 'examples', 'queens');

  beforeAll(() => {
    mkdirSync(join(kitRoot, 'examples'), { recursive: true });
    mkdirSync(join(kitRoot, 'packages'));
    writeFileSync(join(kitRoot, 'pnpm-workspace.yaml'), 'packages:\n  - packages/*\n  - examples/*\n');
    symlinkSync(join(repoRoot, 'packages', 'core'), join(kitRoot, 'packages', 'core'));
    symlinkSync(join(repoRoot, 'tooling'), join(kitRoot, 'tooling'));
  });

  it('writes a workspace package', () => {
    const { status, stdout } = run(process.execPath, [workspaceCli, 'create-plugin', 'queens', '--dir', dir], { cwd: kitRoot });
    expect(status).toBe(0);
    expect(stdout.split('\n')[0]).toBe(`created ${dir}`);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    expect(manifest).toMatchObject({
      name: 'kit-plugin-queens',
      private: true,
      kit: { apiVersion: 1, plugins: [{ id: 'queens', title: 'Queens', module: './dist/plugin.js' }] },
      scripts: { build: 'kit-build', test: 'kit-build && vitest run' },
      dependencies: { '@kit/core': 'workspace:^' },
      devDependencies: { '@kit/tooling': 'workspace:*' },
    });
    expect(readdirSync(join(dir, 'src')).sort()).toEqual(['board.ts', 'editor.ts', 'index.ts', 'play.ts', 'plugin.ts', 'solver.ts']);
  });

  it('builds with kit-build, type-checks, and passes its own tests', () => {
    // What `pnpm install` would link for it.
    link(join(repoRoot, 'packages', 'core'), join(dir, 'node_modules', '@kit', 'core'));
    link(join(repoRoot, 'tooling'), join(dir, 'node_modules', '@kit', 'tooling'));
    link(join(repoRoot, 'node_modules', 'vitest'), join(dir, 'node_modules', 'vitest'));
    link(join(repoRoot, 'node_modules', '@types', 'node'), join(dir, 'node_modules', '@types', 'node'));
    runOk(process.execPath, [join(repoRoot, 'tooling', 'build.js')], { cwd: dir });
    // kit-build bundles each entry point; code they share goes to chunks beside them.
    const built = readdirSync(join(dir, 'dist')).sort();
    expect(built.filter((file) => !/^chunk-[A-Z0-9]+\.js$/.test(file))).toEqual(DIST_FILES);
    expect(built.length).toBeGreaterThan(6);
    runOk(process.execPath, [tscBin, '-p', 'tsconfig.json'], { cwd: dir });
    const tests = runOk(process.execPath, [vitestBin, 'run'], { cwd: dir });
    // Eight solver tests; three of the board file and the editor's examples; nine of the play
    // conformance suite (the referee worker's among them) and three of the puzzle's own play.
    expect(passedCount(tests.stdout)).toBe(23);
  });

  it('runs in the CLI, on one thread and split over two', () => {
    const one = runOk(process.execPath, [workspaceCli, 'run', 'queens', '--plugin', dir, '--size', '6', '--json'], { cwd: scratchDir });
    const lines = jsonLines(one.stdout);
    expect(lines.filter((line) => line['type'] === 'solution')).toHaveLength(4);
    expect(lines.at(-1)).toMatchObject({ type: 'done', solutions: 4, tries: 152 });
    const two = runOk(process.execPath, [workspaceCli, 'run', 'queens', '--plugin', dir, '--size', '8', '--threads', '2', '--count', '--json'], {
      cwd: scratchDir,
    });
    expect(jsonLines(two.stdout)).toEqual([expect.objectContaining({ type: 'done', solutions: 92, tries: 2056 })]);
  });

  it('refuses to write over an existing directory, in one line with exit code 2', () => {
    const before = readFileSync(join(dir, 'src', 'plugin.ts'), 'utf8');
    const { status, stdout, stderr } = run(process.execPath, [workspaceCli, 'create-plugin', 'queens', '--dir', dir], { cwd: kitRoot });
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(ownErrorLines(stderr)).toHaveLength(1);
    expect(stderr).toContain(`${dir} already exists; choose another directory`);
    expect(readFileSync(join(dir, 'src', 'plugin.ts'), 'utf8')).toBe(before);
  });

  it('refuses a name that cannot be a package', () => {
    const { status, stderr } = run(process.execPath, [workspaceCli, 'create-plugin', 'Not A Name', '--dir', join(kitRoot, 'examples', 'x')], { cwd: kitRoot });
    expect(status).toBe(2);
    expect(stderr).toContain("'Not A Name' is not a valid package name");
    expect(existsSync(join(kitRoot, 'examples', 'x'))).toBe(false);
  });
});

describe('kit create-plugin outside the workspace (the packed CLI, a standalone package)', () => {
  const project = join(scratchDir, 'standalone-project');
  const dir = join(project, 'kit-queens');
  const npx = (...args: string[]) => run('npx', ['--no', ...args], { cwd: project });

  beforeAll(() => {
    cpSync(consumerDir, project, { recursive: true, verbatimSymlinks: true });
  });

  it('writes a package that depends on the published @kit/core', () => {
    const { status } = npx('kit', 'create-plugin', '@acme/kit-queens', '--dir', 'kit-queens');
    expect(status).toBe(0);
    const core = JSON.parse(readFileSync(join(project, 'node_modules', '@kit', 'core', 'package.json'), 'utf8'));
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    expect(manifest.private).toBeUndefined();
    expect(manifest).toMatchObject({
      name: '@acme/kit-queens',
      kit: { apiVersion: 1, plugins: [{ id: 'queens', title: 'Queens', module: './dist/plugin.js' }] },
      dependencies: { '@kit/core': `^${core.version}` },
      scripts: { build: 'tsc -p tsconfig.build.json', test: 'npm run build && vitest run', prepack: 'npm run build' },
      publishConfig: { access: 'public' },
    });
    expect(Object.keys(manifest.devDependencies).sort()).toEqual(['@kit/cli', '@types/node', 'typescript', 'vitest']);
  });

  it('builds with tsc and passes its own tests', () => {
    // typescript and @types/node are in the project already; vitest is linked from this repository.
    link(join(repoRoot, 'node_modules', 'vitest'), join(project, 'node_modules', 'vitest'));
    runOk('npm', ['run', 'build'], { cwd: dir });
    expect(readdirSync(join(dir, 'dist')).sort()).toEqual(DIST_FILES);
    runOk('npm', ['run', 'lint'], { cwd: dir });
    const tests = runOk('npm', ['test'], { cwd: dir });
    // The twenty-three of the workspace package and one through the kit command.
    expect(passedCount(tests.stdout)).toBe(24);
  });

  it('writes a kit.config.json, so kit list in the package finds it', () => {
    expect(JSON.parse(readFileSync(join(dir, 'kit.config.json'), 'utf8'))).toEqual({ plugins: ['.'] });
    const listed = run('npx', ['--no', 'kit', 'list'], { cwd: dir });
    expect([listed.status, listed.stderr]).toEqual([0, '']);
    expect(listed.stdout).toMatch(/^queens\s+0\.1\.0\s+Queens$/m);
  });

  it('runs with --plugin, then as an installed dependency without it', () => {
    const direct = npx('kit', 'run', 'queens', '--plugin', './kit-queens', '--size', '6', '--count', '--json');
    expect(direct.status).toBe(0);
    expect(JSON.parse(direct.stdout)).toMatchObject({ type: 'done', solutions: 4 });

    const packed = runOk('npm', ['pack', '--json'], { cwd: dir });
    const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
    runOk('npm', ['install', '--prefer-offline', join(dir, filename)], { cwd: project });
    const listed = npx('kit', 'list');
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(/^queens\s+0\.1\.0\s+Queens$/m);
    const installed = npx('kit', 'run', 'queens', '--size', '5', '--count', '--json');
    expect(JSON.parse(installed.stdout)).toMatchObject({ type: 'done', solutions: 10, tries: 53 });
  });
});

describe('kit create-plugin --link: from a clone, before the packages are on a registry', () => {
  const project = join(scratchDir, 'linked-project');
  const dir = join(project, 'queens');

  it('depends on the clone through file: links; npm installs it; it builds, passes its tests and runs', () => {
    mkdirSync(project, { recursive: true });
    const created = run(process.execPath, [workspaceCli, 'create-plugin', 'queens', '--dir', dir, '--link', repoRoot], { cwd: project });
    expect([created.status, created.stderr]).toEqual([0, '']);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const spec = (path: string) => `file:${relative(dir, join(repoRoot, path))}`;
    expect(manifest.dependencies).toEqual({ '@kit/core': spec('packages/core') });
    expect(manifest.devDependencies).toMatchObject({ '@kit/cli': spec('apps/cli') });
    // Nothing from @kit comes from a registry: npm links the clone's directories.
    runOk('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: dir });
    expect(realpathSync(join(dir, 'node_modules', '@kit', 'core'))).toBe(realpathSync(join(repoRoot, 'packages', 'core')));
    expect(realpathSync(join(dir, 'node_modules', '@kit', 'cli'))).toBe(realpathSync(join(repoRoot, 'apps', 'cli')));
    runOk('npm', ['run', 'build'], { cwd: dir });
    runOk('npm', ['run', 'lint'], { cwd: dir });
    // As in the standalone package: the twenty-three in-process tests and one through the kit command.
    expect(passedCount(runOk('npm', ['test'], { cwd: dir }).stdout)).toBe(24);
    const ran = runOk('npx', ['--no', 'kit', 'run', 'queens', '--plugin', '.', '--size', '6', '--count', '--json'], { cwd: dir });
    expect(JSON.parse(ran.stdout)).toMatchObject({ type: 'done', solutions: 4, tries: 152 });
  });

  it('refuses a directory that is not a Puzzle Kit clone, in one line with exit code 2', () => {
    const { status, stderr } = run(process.execPath, [workspaceCli, 'create-plugin', 'queens', '--dir', join(project, 'other'), '--link', project], {
      cwd: project,
    });
    expect([status, stderr]).toEqual([2, `kit: --link ${project}: not a Puzzle Kit clone (no packages/core and apps/cli there)\n`]);
    expect(existsSync(join(project, 'other'))).toBe(false);
  });
});
