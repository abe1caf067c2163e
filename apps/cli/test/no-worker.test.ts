// A run that draws nothing while it searches (its output a pipe) starts no worker thread when it
// has one thread, or when its solver guesses the search too small to split (core's placeRun): its
// start-up is the CLI's alone. A bigger run on several threads still shares its search among workers. Workers are counted by a preload that wraps node:worker_threads'
// Worker in the kit process.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import reference from '@kit/tooling/reference-counts.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { maxThreads } from '../src/run-flags.js';
import { BIN, COUNTING, REPO, cleanEnv, kit, tempDir } from './helpers.js';

const dir = tempDir('kit-no-worker-');
const log = join(dir, 'workers.log');
const preload = join(dir, 'count-workers.cjs');
writeFileSync(
  preload,
  `const threads = require('node:worker_threads');
const { appendFileSync } = require('node:fs');
const Original = threads.Worker;
threads.Worker = class extends Original {
  constructor(...args) {
    super(...args);
    appendFileSync(${JSON.stringify(log)}, 'worker\\n');
  }
};
`,
);

/** The run's output, and the workers it started. */
function counted(args: string[]) {
  writeFileSync(log, '');
  const result = kit(args, { env: { NODE_OPTIONS: `--require ${preload}` } });
  return { ...result, workers: readFileSync(log, 'utf8').split('\n').filter(Boolean).length };
}

describe('kit run without workers', () => {
  it('prints a one-thread run on its own thread, as it goes, the frames and the summary of a run in workers', () => {
    const run = counted(['run', 'pentomino', '--size', '3', '--no-color', '--threads', '1']);
    expect([run.status, run.stderr, run.workers]).toEqual([0, '', 0]);
    expect(run.stdout).toBe(
      'No. 1\nUUXIIIIINNNFTWYYYYZV\nUXXXPPLNNFFFTWWYZZZV\nUUXPPPLLLLFTTTWWZVVV\n\nNo. 2\nUUXIIIIIZWWTTTFLLLLV\nUXXXPPZZZYWWTFFFNNLV\nUUXPPPZYYYYWTFNNNVVV\n\n' +
        `3x20: ${reference.pentomino['3x20'].distinct} solutions, ${reference.pentomino['3x20'].tries} tries\n`,
    );
  });

  it('stops an endless printing search on its own thread when the reader goes away (| head): exit 0', () => {
    const started = performance.now();
    const run = spawnSync('sh', ['-c', `"${process.execPath}" "${BIN}" run counting --mode forever --threads 1 --plugin "${COUNTING}" | head -4`], {
      cwd: REPO,
      env: cleanEnv(),
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.signal).toBeNull();
    expect(
      run.stdout
        .split('\n')
        .slice(0, 4)
        .filter((line) => line.startsWith('No. ')),
    ).toEqual(['No. 1', 'No. 2']);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('runs a search stopped by --limit on its own thread, whatever the threads', () => {
    const run = counted(['run', 'pentomino', '--size', '3', '--no-color', '--threads', '2', '--limit', '1']);
    expect([run.status, run.workers]).toEqual([0, 0]);
    expect(run.stdout).toBe('No. 1\nUUXIIIIINNNFTWYYYYZV\nUXXXPPLNNFFFTWWYZZZV\nUUXPPPLLLLFTTTWWZVVV\n\n3x20: 1 solutions, 137 tries\n');
  });

  it("solves a search too small to split (the solver's estimate) on its own thread, whatever the threads", () => {
    const one = counted(['run', 'polycube', '--set', 'soma', '--threads', '1']);
    const two = counted(['run', 'polycube', '--set', 'soma', '--threads', '2']);
    expect([two.status, two.stderr, two.workers]).toEqual([0, '', 0]);
    expect(two.stdout).toBe(one.stdout);
    const soma = reference.polycube.soma;
    expect(two.stdout.split('\n').filter((line) => line.startsWith('No. ')).length).toBe(soma.distinct);
    expect(two.stdout.endsWith(`soma 3x3x3: ${soma.distinct} solutions up to rotations and reflections, ${soma.tries} tries\n`)).toBe(true);
    const pentomino = counted(['run', 'pentomino', '--size', '3', '--no-color', '--threads', '2']);
    expect([pentomino.status, pentomino.workers]).toEqual([0, 0]);
    const { distinct, tries } = reference.pentomino['3x20'];
    expect(pentomino.stdout.endsWith(`3x20: ${distinct} solutions, ${tries} tries\n`)).toBe(true);
  });

  it('still shares a search on several threads among worker threads', () => {
    const run = counted(['run', 'pentomino', '--size', '6', '--count', '--threads', '2']);
    expect(run.status).toBe(0);
    const { distinct, tries } = reference.pentomino['6x10'];
    expect(run.stdout).toBe(`6x10: ${distinct} solutions, ${tries} tries\n`);
    expect(run.workers).toBe(maxThreads() >= 2 ? 2 : 0);
  });
});
