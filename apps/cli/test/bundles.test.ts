// `kit` is dist/bin.cjs, which requires one CommonJS bundle (dist/bin.bundle.cjs) that loads the
// kit's ES module packages with require() (Node 20.19+ and 22.12+). Where Node cannot require ES
// modules, it starts the ES module bundle dist/bin.js instead. Both must print the same, byte for
// byte, errors included.
import reference from '@kit/tooling/reference-counts.json' with { type: 'json' };
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, CLI_DIR, COUNTING, REPO, cleanEnv } from './helpers.js';

const ESM_BIN = join(CLI_DIR, 'dist', 'bin.js');

/** Runs a bin with Node's own flags first; stdout, stderr and status. */
function start(bin: string, args: string[], nodeFlags: string[] = []) {
  const result = spawnSync(process.execPath, [...nodeFlags, bin, ...args], { cwd: REPO, env: cleanEnv(), encoding: 'utf8', timeout: 60_000 });
  // The only difference two runs may have: how long they took.
  const stdout = result.stdout.replace(/"elapsedMs":\d+/g, '"elapsedMs":0');
  return { status: result.status, stdout, stderr: result.stderr };
}

const RUNS: string[][] = [
  ['list'],
  ['run', 'pentomino', '--size', '3', '--count'],
  ['run', 'pentomino', '--size', '3', '--json', '--threads', '2'],
  ['run', 'counting', '--plugin', COUNTING, '--n', '3', '--no-color'],
  ['run', 'pentomino', '--size', '9'],
  ['run', 'nope'],
  ['info', 'pentomino'],
];

describe('the CommonJS bin and the ES module bin', () => {
  it('the package runs the CommonJS bundle', () => {
    const manifest = JSON.parse(readFileSync(join(CLI_DIR, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    expect(manifest.bin['kit']).toBe('./dist/bin.cjs');
    expect(BIN.endsWith(join('dist', 'bin.cjs'))).toBe(true);
  });

  it.each(RUNS)('print the same for kit %s', (...args) => {
    const fast = start(BIN, args);
    const esm = start(ESM_BIN, args);
    expect(esm).toEqual(fast);
    expect(fast.stdout + fast.stderr).not.toBe('');
  });

  // Without the fallback, require('@kit/core/discovery') would fail there with ERR_REQUIRE_ESM.
  it('the CommonJS bin starts the ES module bundle where Node cannot require ES modules', () => {
    const older = start(BIN, ['run', 'pentomino', '--size', '3', '--count'], ['--no-experimental-require-module']);
    expect(older).toEqual({
      status: 0,
      stdout: `3x20: ${reference.pentomino['3x20'].distinct} solutions, ${reference.pentomino['3x20'].tries} tries\n`,
      stderr: '',
    });
  });
});
