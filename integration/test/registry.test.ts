// Through a real registry: every public package published to a local Verdaccio the way a release
// publishes (tooling/publish.js: pnpm pack, npm publish), then used from it with plain npm in clean
// directories, by a user (install, kit list, run, web --out) and by a plugin author (npx @kit/cli
// create-plugin, with no clone). Third-party packages come through the registry's uplink.
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pnpmCommand } from './global-setup.js';
import { startRegistry, type Registry } from './support/registry.js';
import { run, runOk } from './support/run.js';
import { publicPackages, repoRoot } from './support/workspace.js';

const { scratchDir } = inject('kit');
const base = join(scratchDir, 'registry-test');
const packages = publicPackages().map((pkg) => ({ name: pkg.name, version: pkg.manifest.version }));
// Only `kit` may publish this one: `intern`'s publish of it fails, and the others must still go out.
const GUARDED = '@kit/katamino';
const passedCount = (output: string) => Number(/Tests\s+(\d+) passed/.exec(output)?.[1] ?? 0);

let registry: Registry;
let npmEnv: Record<string, string>;
const started = performance.now();

/** tooling/publish.js as `pnpm release` runs it, publishing as `user`. */
async function publishAs(user: string) {
  const [pnpm, pnpmArgs] = pnpmCommand();
  const execpath = pnpm === process.execPath ? pnpmArgs[0]! : pnpm;
  return run(process.execPath, [join(repoRoot, 'tooling', 'publish.js'), '--registry', registry.url], {
    cwd: repoRoot,
    env: { ...npmEnv, npm_config_userconfig: await registry.userconfig(user), npm_execpath: execpath },
    timeoutMs: 400_000,
  });
}
// Generous: an install of vitest and vite through the registry's uplink took 8 minutes on a loaded 2-core machine.
const npm = (cwd: string, ...args: string[]) => runOk('npm', args, { cwd, env: npmEnv, timeoutMs: 1_200_000 });
const npx = (cwd: string, ...args: string[]) => run('npx', args, { cwd, env: npmEnv, timeoutMs: 300_000 });

beforeAll(async () => {
  mkdirSync(base, { recursive: true });
  registry = await startRegistry(join(base, 'verdaccio'), { [GUARDED]: 'kit' });
  // Every user made now: a request minutes later may meet a keep-alive socket the registry closed.
  for (const user of ['intern', 'kit']) await registry.userconfig(user);
  // A clean npm: its own empty cache and a userconfig that names only this registry.
  npmEnv = {
    npm_config_registry: registry.url,
    npm_config_cache: join(base, 'npm-cache'),
    npm_config_userconfig: await registry.userconfig('reader'),
  };
}, 120_000);

afterAll(async () => {
  await registry?.stop();
  console.log(`registry test: ${Math.round((performance.now() - started) / 1000)} s`);
});

describe('publishing to a registry', () => {
  it('publishes every public package; the one the registry refuses is named with its reason, the others are out', async () => {
    const { status, stdout } = await publishAs('intern');
    expect(status).toBe(1);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe(`publishing ${packages.length} packages to ${registry.url}`);
    for (const { name, version } of packages) {
      const line = lines.find((text) => text.trim().startsWith(`${name} `))!;
      expect(line.trim().split(/\s+/).slice(0, 2)).toEqual([name, version]);
      if (name === GUARDED) expect(line).toMatch(/failed: .*403.*user intern is not allowed to publish package @kit\/katamino/);
      else expect(line.trim().endsWith('published')).toBe(true);
    }
    expect(lines.at(-1)).toBe(`${packages.length - 1} published, 0 already published, 1 failed`);
    // The registry agrees: every package but the guarded one is there.
    expect(npm(base, 'view', '@kit/core', 'version').stdout.trim()).toBe(packages.find((pkg) => pkg.name === '@kit/core')!.version);
    expect(run('npm', ['view', GUARDED, 'version'], { cwd: base, env: npmEnv }).status).not.toBe(0);
  }, 600_000);

  it('publishing again publishes what was missing; the registry refuses the versions it has', async () => {
    const { status, stdout } = await publishAs('kit');
    expect(status).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(
      lines
        .find((text) => text.trim().startsWith(`${GUARDED} `))
        ?.trim()
        .endsWith(' published'),
    ).toBe(true);
    expect(lines.filter((text) => text.endsWith('  already published'))).toHaveLength(packages.length - 1);
    expect(lines.at(-1)).toBe(`1 published, ${packages.length - 1} already published, 0 failed`);
  }, 600_000);

  it('a third publish of the same versions is refused by the registry and said in one line', async () => {
    const { status, stdout } = await publishAs('kit');
    expect([status, stdout]).toEqual([
      0,
      `nothing published: all ${packages.length} packages are already on ${registry.url} at these versions (the registry refused each again)\n`,
    ]);
  }, 600_000);
});

/** Bytes of the files under `dir`, symbolic links not followed. */
function treeBytes(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sum + treeBytes(path);
    return sum + (entry.isFile() ? lstatSync(path).size : 0);
  }, 0);
}

describe('using the packages from the registry', () => {
  const user = join(base, 'user');

  it('npm installs @kit/cli @kit/pentomino @kit/puyo; kit list, kit run and kit web --out work', () => {
    mkdirSync(user);
    npm(user, 'init', '-y');
    npm(user, 'install', '--no-audit', '--no-fund', '@kit/cli', '@kit/pentomino', '@kit/puyo');
    // A lean install: @kit/web and @kit/queue are optional peers, left out until asked for.
    expect(existsSync(join(user, 'node_modules', '@kit', 'web'))).toBe(false);
    expect(existsSync(join(user, 'node_modules', '@kit', 'queue'))).toBe(false);
    expect(existsSync(join(user, 'node_modules', 'esbuild'))).toBe(false);
    expect(treeBytes(join(user, 'node_modules'))).toBeLessThan(5 * 1024 * 1024);

    const listed = npx(user, '--no', 'kit', 'list');
    expect([listed.status, listed.stderr]).toEqual([0, '']);
    expect(
      listed.stdout
        .trim()
        .split('\n')
        .map((line) => line.split(/\s+/).slice(0, 2).join(' ')),
    ).toEqual([
      `pentomino ${packages.find((pkg) => pkg.name === '@kit/pentomino')!.version}`,
      `puyo ${packages.find((pkg) => pkg.name === '@kit/puyo')!.version}`,
    ]);

    const counted = npx(user, '--no', 'kit', 'run', 'pentomino', '--size', '5', '--count');
    expect([counted.status, counted.stderr]).toEqual([0, '']);
    expect(counted.stdout).toMatch(/^5x12: 1010 solutions, \d+ tries\n$/);

    const site = join(user, 'site');
    const missing = npx(user, '--no', 'kit', 'web', '--out', site);
    expect([missing.status, missing.stderr, missing.stdout]).toEqual([
      2,
      'kit: kit web needs @kit/web, which is not installed: npm install @kit/web (beside @kit/cli)\n',
      '',
    ]);
    npm(user, 'install', '--no-audit', '--no-fund', '@kit/web');
    const web = npx(user, '--no', 'kit', 'web', '--out', site);
    expect([web.status, web.stderr, web.stdout]).toEqual([0, '', `${site}: the page and 2 plugins (any static web server can host it)\n`]);
    const manifest = JSON.parse(readFileSync(join(site, 'plugins', 'manifest.json'), 'utf8')) as { plugins: Array<{ id: string }> };
    expect(manifest.plugins.map((entry) => entry.id).sort()).toEqual(['pentomino', 'puyo']);
  }, 1_800_000);

  it('a plugin author: npx @kit/cli create-plugin, no clone and no --link; it installs, builds, passes its tests and runs', () => {
    const author = join(base, 'author');
    mkdirSync(author);
    const created = npx(author, '--yes', '@kit/cli', 'create-plugin', 'my-puzzle');
    expect([created.status, created.stderr]).toEqual([0, '']);
    const dir = join(author, 'my-puzzle');
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const core = packages.find((pkg) => pkg.name === '@kit/core')!.version;
    expect(manifest.dependencies).toEqual({ '@kit/core': `^${core}` });
    expect(manifest.devDependencies['@kit/cli']).toBe(`^${packages.find((pkg) => pkg.name === '@kit/cli')!.version}`);

    npm(dir, 'install', '--no-audit', '--no-fund');
    const tests = npm(dir, 'test');
    // Its eight solver tests, one through the kit command on the freshly built plugin, the board
    // file's and the editor's examples, and play: core's conformance suite and the puzzle's own.
    expect(passedCount(tests.stdout)).toBe(24);
    const listed = npx(dir, '--no', 'kit', 'list');
    expect([listed.status, listed.stderr, listed.stdout]).toEqual([0, '', 'my-puzzle  0.1.0  My Puzzle\n']);
    const board = npx(dir, '--no', 'kit', 'run', 'my-puzzle', 'boards/corner.txt', '--count');
    expect([board.status, board.stderr, board.stdout]).toEqual([0, '', '8x8: 4 solutions, 227 tries\n']);
    const ran = npx(dir, '--no', 'kit', 'run', 'my-puzzle', '--size', '6', '--count', '--json');
    expect(JSON.parse(ran.stdout)).toMatchObject({ type: 'done', solutions: 4, tries: 152 });
  }, 2_400_000);
});
