// A one-thread --count or --json run solves on the CLI's own thread (no worker): it must print
// exactly what the same run prints from worker threads, errors included.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, COUNTING, REPO, cleanEnv, inDir, kit, pluginModule, pluginPackage, tempDir, writeFiles } from './helpers.js';

const P = ['--plugin', COUNTING];
/** The output without the run's own timing. */
const untimed = (stdout: string) => stdout.replace(/"elapsedMs":\d+/g, '"elapsedMs":0');

describe("kit run on the CLI's own thread", () => {
  it.each([
    [['pentomino', '--size', '5', '--json']],
    [['pentomino', '--size', '5', '--count']],
    [['pentomino', '--size', '6', '--count', '--json']],
    [['pentomino', '--size', '8', '--json', '--limit', '3']],
    [['katamino', '--n', '5', '--json']],
    [['puyo', 'packages/puyo/examples/seq19.dat', '--json']],
  ])('prints what worker threads print: kit run %j', (args) => {
    const here = kit(['run', ...args, '--threads', '1']);
    // Two threads: worker threads, whose split search prints its solutions in the one-thread order.
    const workers = kit(['run', ...args, '--threads', '2']);
    expect(here.status).toBe(0);
    expect(here.stderr).toBe('');
    expect(untimed(here.stdout)).toBe(untimed(workers.stdout));
    expect(here.stdout.length).toBeGreaterThan(20);
  });

  it("reports a solver's fault and a solver's InputError as from a worker", () => {
    for (const mode of ['throw', 'input-error']) {
      const here = kit(['run', 'counting', '--mode', mode, '--count', '--threads', '1', ...P]);
      const workers = kit(['run', 'counting', '--mode', mode, '--count', '--threads', '2', ...P]);
      expect([here.status, here.stderr]).toEqual([workers.status, workers.stderr]);
    }
    expect(kit(['run', 'counting', '--mode', 'throw', '--json', '--threads', '1', ...P]).stderr).toBe(
      'kit: plugin counting failed: RangeError: count went out of range at 3 (set KIT_DEBUG=1 to see the stack trace)\n',
    );
  });

  it('stops an endless search when the reader of its output goes away (| head): exit 0', () => {
    // Without the stop, this search on the CLI's thread never ends: it never sees the pipe's error.
    const started = performance.now();
    const run = spawnSync('sh', ['-c', `"${process.execPath}" "${BIN}" run counting --mode forever --json --threads 1 --plugin "${COUNTING}" | head -3`], {
      cwd: REPO,
      env: cleanEnv(),
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.signal).toBeNull();
    expect(
      run.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line).index),
    ).toEqual([1, 2, 3]);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it("reports a solver that calls process.exit() as the plugin's fault, not as kit's exit", () => {
    const cwd = tempDir();
    const exits = pluginModule('exits').replace('for (let i = 1; i <= instance.n; i++) ctx.solution({ i });', 'process.exit(7);');
    writeFiles(cwd, inDir('node_modules/exits', pluginPackage('exits', 'exits', {}, exits)));
    const result = kit(['run', 'exits', '--count', '--threads', '1'], { cwd });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('kit: plugin exits failed: Error: the solver called process.exit(7) (set KIT_DEBUG=1 to see the stack trace)\n');
  });
});
