// A printing run to a pipe gathers its solutions into few writes: whatever it holds back still
// reaches the reader when the run fails or is interrupted, and no frame is cut in two.
import { describe, expect, it } from 'vitest';
import { COUNTING, interruptKit, kit } from './helpers.js';

const P = ['--plugin', COUNTING];

describe('batched output to a pipe', () => {
  it.each(['1', '2'])('prints the solutions found before a solver fault, on %s thread(s), then the one-line error', (threads) => {
    const result = kit(['run', 'counting', '--mode', 'throw', '--threads', threads, ...P]);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('No. 1\n1\n\nNo. 2\n2\n\n');
    expect(result.stderr).toBe('kit: plugin counting failed: RangeError: count went out of range at 3 (set KIT_DEBUG=1 to see the stack trace)\n');
  });

  it('Ctrl-C on a printing run (no animation): exit 130, every frame written whole', async () => {
    const result = await interruptKit(['run', 'counting', '--mode', 'forever', '--threads', '1', ...P], 'No. 3');
    expect(result.status).toBe(130);
    const frames = result.stdout.split('\n\n');
    expect(frames.pop()).toBe('');
    for (const [i, frame] of frames.entries()) expect(frame).toBe(`No. ${i + 1}\n1`);
  });
});
