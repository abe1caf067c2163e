import { spawnSync } from 'node:child_process';
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

  it('exits 130 with --json too, leaving whole lines', async () => {
    const result = await interruptKit(['run', 'counting', '--mode', 'forever', '--json', '--plugin', COUNTING], '"index":5,');
    expect(result.status).toBe(130);
    expect(result.stdout).not.toContain(HIDE);
    for (const line of result.stdout.trimEnd().split('\n')) expect(JSON.parse(line)).toMatchObject({ type: 'solution' });
  });

  it('in a real terminal: ^C through a pseudo-terminal restores the cursor', () => {
    // script(1) runs kit on a pseudo-terminal; the ^C byte typed into it becomes SIGINT for kit.
    const command = `${process.execPath} ${BIN} run counting --mode forever --plugin ${COUNTING}`;
    const typed = `sleep 1.5; printf '\\003'; sleep 1`;
    const result = spawnSync('sh', ['-c', `(${typed}) | script -qfec "${command}" /dev/null`], {
      cwd: tempDir(),
      env: cleanEnv(),
      encoding: 'utf8',
      timeout: 30_000,
      maxBuffer: 1 << 30,
    });
    expect(result.status).toBe(130);
    expect(result.stdout).toContain(HIDE);
    expect(result.stdout.lastIndexOf(SHOW)).toBeGreaterThan(result.stdout.lastIndexOf(HIDE));
    expect(JSON.stringify(result.stdout.slice(-40))).toMatch(/\\u001b\[\?25h(\\r|\\n)*"$/);
  });
});
