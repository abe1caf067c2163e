import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, COUNTING, cleanEnv, interruptKit, tempDir } from './helpers.js';

const HIDE = '\u001B[?25l';
const SHOW = '\u001B[?25h';

describe('Ctrl-C', () => {
  it('stops an endless search at once, exits 130 and shows the cursor again (animating to a pipe)', async () => {
    const result = await interruptKit(['run', 'counting', '--mode', 'forever', '--plugin', COUNTING], 'No. 3', { FORCE_COLOR: '1' });
    expect(result.status).toBe(130);
    expect(result.stdout.startsWith(HIDE)).toBe(true);
    expect(result.stdout.endsWith(SHOW)).toBe(true);
  });

  it('stops every worker of a split search at once', async () => {
    // 10x12 with every pentomino twice: far too big to finish, split over two worker threads.
    const board = join(tempDir(), 'big.txt');
    writeFileSync(board, `${'.'.repeat(12)}\n`.repeat(10));
    const args = ['run', 'pentomino', '--board', board, '--pieces', 'FFIILLNNPPTTUUVVWWXXYYZZ', '--all', '--threads', '2', '--json'];
    const result = await interruptKit(args, '"index":3,');
    expect(result.status).toBe(130);
    expect(result.stoppedMs).toBeLessThan(1000);
  });

  it('exits 130 with --json too, leaving whole lines', async () => {
    const result = await interruptKit(['run', 'counting', '--mode', 'forever', '--json', '--plugin', COUNTING], '"index":5,');
    expect(result.status).toBe(130);
    expect(result.stdout).not.toContain(HIDE);
    for (const line of result.stdout.trimEnd().split('\n')) expect(JSON.parse(line)).toMatchObject({ type: 'solution' });
  });

  it("stops an endless search on the CLI's own thread (one thread, --json) at once: exit 130, whole lines", async () => {
    // One thread and --json: no worker, the solver runs on the main thread and never yields to it.
    const result = await interruptKit(['run', 'counting', '--mode', 'forever', '--json', '--threads', '1', '--plugin', COUNTING], '"index":5,');
    expect(result.status).toBe(130);
    expect(result.stoppedMs).toBeLessThan(1000);
    for (const line of result.stdout.trimEnd().split('\n')) expect(JSON.parse(line)).toMatchObject({ type: 'solution' });
  });

  it("SIGTERM ends a search on the CLI's own thread at once, by the signal", async () => {
    const result = await interruptKit(
      ['run', 'counting', '--mode', 'forever', '--json', '--limit', '100000000', '--plugin', COUNTING],
      '"index":5,',
      {},
      'SIGTERM',
    );
    expect(result.signal).toBe('SIGTERM');
    expect(result.stoppedMs).toBeLessThan(1000);
  });

  it('in a real terminal: ^C typed into a pseudo-terminal restores the cursor', async () => {
    // script(1) runs kit on a pseudo-terminal; the ^C byte written to it becomes SIGINT for kit,
    // typed only once kit has drawn a few solutions.
    const command = `${process.execPath} ${BIN} run counting --mode forever --plugin ${COUNTING}`;
    const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd: tempDir(), env: cleanEnv() });
    let stdout = '';
    let typed = false;
    let typedAt = 0;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (!typed && stdout.includes('No. 3')) {
        typed = true;
        typedAt = performance.now();
        child.stdin.write('\u0003');
      }
    });
    const status = await new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const stoppedAfterMs = performance.now() - typedAt;
    child.stdin.destroy();
    expect(typed).toBe(true);
    // The search is endless: only terminating the workers ends it, and that must be prompt.
    expect(stoppedAfterMs).toBeLessThan(5000);
    expect(status).toBe(130);
    expect(stdout).toContain(HIDE);
    expect(stdout.lastIndexOf(SHOW)).toBeGreaterThan(stdout.lastIndexOf(HIDE));
    expect(JSON.stringify(stdout.slice(-40))).toMatch(/\\u001b\[\?25h(\\r|\\n)*"$/);
  });
});
