// The CLI as it sits in someone's node_modules (a global or project install): a copy of its dist
// beside links to its dependencies, and none of its optional peers (@kit/web, @kit/queue).
import { cpSync, mkdirSync, realpathSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI_DIR, REPO, cleanEnv, inDir, pluginPackage, tempDir, writeFiles } from './helpers.js';

function install(): { prefix: string; bin: string } {
  const prefix = tempDir('kit-global-');
  const modules = join(prefix, 'lib', 'node_modules');
  const cli = join(modules, '@kit', 'cli');
  mkdirSync(cli, { recursive: true });
  cpSync(join(CLI_DIR, 'dist'), join(cli, 'dist'), { recursive: true });
  cpSync(join(CLI_DIR, 'package.json'), join(cli, 'package.json'));
  const links: Record<string, string> = {
    '@kit/core': join(REPO, 'packages', 'core'),
    '@kit/ansi-render': join(REPO, 'packages', 'ansi-render'),
    commander: realpathSync(join(CLI_DIR, 'node_modules', 'commander')),
    picocolors: realpathSync(join(CLI_DIR, 'node_modules', 'picocolors')),
  };
  for (const [name, target] of Object.entries(links)) symlinkSync(target, join(modules, name));
  writeFiles(modules, inDir('global-puzzle', pluginPackage('global-puzzle', 'globalp')));
  return { prefix, bin: join(cli, 'dist', 'bin.cjs') };
}

const run = (bin: string, args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { cwd: tempDir(), env: cleanEnv(), encoding: 'utf8', timeout: 60_000 });

describe('an installed kit', () => {
  const { bin } = install();

  it('finds plugins installed beside it, from any directory', () => {
    const result = run(bin, ['list']);
    expect(result.stdout).toBe('globalp  2.3.4  The globalp puzzle\n');
    expect(result.status).toBe(0);
    const solved = run(bin, ['run', 'globalp', '--n', '4', '--count']);
    expect([solved.status, solved.stdout]).toEqual([0, '4 solutions\n']);
  });

  it('says kit web needs @kit/web when it is not installed, exit 2', () => {
    const result = run(bin, ['web']);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('kit: kit web needs @kit/web, which is not installed: npm install @kit/web (beside @kit/cli)\n');
    // The ES module bundle, where Node cannot require ES modules, says the same.
    const esm = run(bin.replace(/\.cjs$/, '.js'), ['web']);
    expect([esm.status, esm.stderr]).toEqual([2, result.stderr]);
  });

  it('says the queue commands need @kit/queue when it is not installed, exit 2', () => {
    for (const [args, command] of [
      [['worker', '--queue', 'redis://127.0.0.1:6379'], 'kit worker'],
      [['run', 'globalp', '--n', '4', '--count', '--queue', 'redis://127.0.0.1:6379'], '--queue'],
      [['queue', 'list', '--queue', 'redis://127.0.0.1:6379'], 'kit queue'],
    ] as const) {
      const result = run(bin, [...args]);
      expect([result.status, result.stderr]).toEqual([
        2,
        `kit: ${command} needs @kit/queue, which is not installed: npm install @kit/queue (beside @kit/cli)\n`,
      ]);
    }
  });
});
