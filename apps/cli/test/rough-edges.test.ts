// Issue 22's rough edges, each as the user met it: paths that hung (deaf to SIGTERM) or were an
// "internal error", and --plugin values that name no plugin but were only a warning.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, COUNTING, cleanEnv, tempDir } from './helpers.js';

/**
 * kit, killed with SIGKILL if it has not finished in 20 s: the bugs here ignored SIGTERM, which is
 * what spawnSync's timeout sends by default (and then waits for forever).
 */
function kitWithin(args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd, env: cleanEnv(), encoding: 'utf8', timeout: 20_000, killSignal: 'SIGKILL' });
  return { status: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
}
const refused = (result: ReturnType<typeof kitWithin>, line: string) =>
  expect([result.status, result.signal, result.stdout, result.stderr]).toEqual([2, null, '', `${line}\n`]);

describe('directories that cannot be made', () => {
  it('kit create-plugin --dir under /proc: one line, exit 2, at once', () => {
    refused(kitWithin(['create-plugin', 'queens', '--dir', '/proc/x'], tempDir()), 'kit: cannot create directory /proc/x (ENOENT)');
    refused(kitWithin(['create-plugin', 'queens', '--dir', '/proc/x/y/z'], tempDir()), 'kit: cannot create directory /proc/x (ENOENT)');
  });

  it('kit web --out under /proc: one line, exit 2, at once', () => {
    refused(kitWithin(['web', '--out', '/proc/x/y', '--plugin', COUNTING], tempDir()), 'kit: cannot create directory /proc/x (ENOENT)');
  });

  it('kit web --out naming a file, a path through a file, or nothing: one line, exit 2', () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'notes.txt'), 'mine');
    refused(kitWithin(['web', '--out', 'notes.txt', '--plugin', COUNTING], cwd), `kit: ${join(cwd, 'notes.txt')} is a file, not a directory`);
    refused(kitWithin(['web', '--out', 'notes.txt/sub', '--plugin', COUNTING], cwd), `kit: ${join(cwd, 'notes.txt')} is a file, not a directory`);
    refused(kitWithin(['web', '--out', '', '--plugin', COUNTING], cwd), 'kit: an empty path names no directory');
  });
});

describe('--plugin naming something that is no plugin', () => {
  it('a directory without package.json is an error, exit 2, for every command', () => {
    const cwd = tempDir();
    mkdirSync(join(cwd, 'empty'));
    const line = 'kit: --plugin ./empty: no package.json';
    refused(kitWithin(['list', '--plugin', './empty'], cwd), line);
    refused(kitWithin(['list', '--json', '--plugin', './empty'], cwd), line);
    refused(kitWithin(['run', 'counting', '--plugin', COUNTING, '--plugin', './empty'], cwd), line);
    refused(kitWithin(['info', 'counting', '--plugin', COUNTING, '--plugin', './empty'], cwd), line);
  });

  it('a file that is not a JavaScript module is refused without being run', () => {
    refused(
      kitWithin(['list', '--plugin', '/etc/passwd'], tempDir()),
      'kit: --plugin /etc/passwd: not a plugin (name a package directory, a package, or a .js, .mjs or .cjs module)',
    );
  });

  it('a module that throws on import or exports no plugin is an error too', () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'throws.js'), "throw new Error('broken on purpose');\n");
    writeFileSync(join(cwd, 'nothing.mjs'), 'export const nothing = 1;\n');
    refused(kitWithin(['list', '--plugin', './throws.js'], cwd), 'kit: --plugin ./throws.js: broken on purpose');
    refused(
      kitWithin(['list', '--plugin', './nothing.mjs'], cwd),
      'kit: --plugin ./nothing.mjs: exports no plugin (expected a default export made with definePlugin)',
    );
  });
});
