// `kit create-plugin` as an author meets it: the package it writes type-checks, builds, passes its
// own tests (play and the board file among them) and runs through the kit command, as written. The
// registry is not used: the package's node_modules link to this workspace's @kit/core, @kit/cli and
// tools, the versions the scaffold pins.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, REPO, cleanEnv, tempDir } from './helpers.js';

const TOOLS = {
  '@kit/core': join(REPO, 'packages', 'core'),
  '@kit/cli': join(REPO, 'apps', 'cli'),
  typescript: realpathSync(join(REPO, 'node_modules', 'typescript')),
  vitest: realpathSync(join(REPO, 'node_modules', 'vitest')),
  '@types/node': realpathSync(join(REPO, 'node_modules', '@types', 'node')),
};

function linkTools(dir: string): void {
  for (const [name, target] of Object.entries(TOOLS)) {
    mkdirSync(dirname(join(dir, 'node_modules', name)), { recursive: true });
    symlinkSync(target, join(dir, 'node_modules', name), 'dir');
  }
}

const node = (dir: string, args: string[], timeout = 120_000) => spawnSync(process.execPath, args, { cwd: dir, env: cleanEnv(), encoding: 'utf8', timeout });
const tsc = (dir: string, project: string) => node(dir, [join(TOOLS.typescript, 'bin', 'tsc'), '-p', project]);

describe('kit create-plugin kit-plugin-queens: the package it writes', () => {
  let dir: string;
  beforeAll(() => {
    const cwd = tempDir('kit-scaffold-');
    const created = node(cwd, [BIN, 'create-plugin', 'kit-plugin-queens']);
    expect([created.status, created.stderr]).toEqual([0, '']);
    dir = join(cwd, 'kit-plugin-queens');
    expect(created.stdout.split('\n')[0]).toBe(`created ${dir}`);
    linkTools(dir);
  });

  it('is named as asked: directory and package kit-plugin-queens, plugin id queens', () => {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    expect([manifest.name, manifest.kit.plugins]).toEqual([
      'kit-plugin-queens',
      [{ id: 'queens', title: 'Queens', module: './dist/plugin.js', solver: './dist/solver.js' }],
    ]);
  });

  it('type-checks, builds, passes its own tests and runs its board file through kit', () => {
    const lint = tsc(dir, 'tsconfig.json');
    expect(lint.stdout + lint.stderr).toBe('');
    const build = tsc(dir, 'tsconfig.build.json');
    expect([build.status, build.stdout + build.stderr]).toEqual([0, '']);
    const tests = node(dir, [join(TOOLS.vitest, 'vitest.mjs'), 'run', '--reporter=json'], 300_000);
    const report = JSON.parse(tests.stdout.slice(tests.stdout.indexOf('{'))) as { numPassedTests: number; numFailedTests: number; numTotalTests: number };
    expect({ passed: report.numPassedTests, failed: report.numFailedTests }, tests.stderr).toEqual({ passed: report.numTotalTests, failed: 0 });
    expect(report.numTotalTests).toBe(24);
    const run = node(dir, [BIN, 'run', 'queens', 'boards/corner.txt', '--count']);
    expect([run.status, run.stderr, run.stdout]).toEqual([0, '', '8x8: 4 solutions, 227 tries\n']);
    writeFileSync(join(dir, 'bad.txt'), 'Q..\n.q.\n...\n');
    const bad = node(dir, [BIN, 'run', 'queens', 'bad.txt', '--count']);
    expect([bad.status, bad.stderr, bad.stdout]).toEqual([2, "bad.txt:2:2: 'q' is not a cell: Q is a queen, . an empty cell\n", '']);
  });
});
