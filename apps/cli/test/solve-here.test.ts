// A one-thread --count or --json run solves on the CLI's own thread (no worker): it must print
// exactly what the same run prints from worker threads, errors included.
import { describe, expect, it } from 'vitest';
import { COUNTING, kit } from './helpers.js';

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
});
