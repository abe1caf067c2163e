import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { Animator, redraw } from '../src/index.js';

const E = '\u001B[';
const HIDE = `${E}?25l`;
const SHOW = `${E}?25h`;

function recorder() {
  const chunks: string[] = [];
  return { stream: { write: (chunk: string) => chunks.push(chunk) }, output: () => chunks.join('') };
}

describe('redraw', () => {
  it('writes every line of a first frame', () => {
    expect(redraw([], ['ab', 'cd'])).toBe(`${E}2Kab\n${E}2Kcd\n`);
  });

  it('rewrites only the lines that changed, moving over the others', () => {
    expect(redraw(['a', 'b', 'c'], ['a', 'B', 'c'])).toBe(`${E}2A${E}2KB\n${E}1B`);
    expect(redraw(['a', 'b', 'c'], ['A', 'b', 'C'])).toBe(`${E}3A${E}2KA\n${E}1B${E}2KC\n`);
    expect(redraw(['a', 'b'], ['a', 'b'])).toBe('');
  });

  it('grows below the old block and erases what a shorter frame leaves over', () => {
    expect(redraw(['a'], ['a', 'b'])).toBe(`${E}2Kb\n`);
    expect(redraw(['a', 'b', 'c'], ['x'])).toBe(`${E}3A${E}2Kx\n${E}J`);
  });
});

describe('Animator', () => {
  it('hides the cursor while drawing and shows it on stop', () => {
    const { stream, output } = recorder();
    const animator = new Animator(stream, { handleSignals: false });
    animator.draw(['1', '2']);
    animator.draw(['1', '3']);
    animator.stop();
    expect(output()).toBe(`${HIDE}${E}2K1\n${E}2K2\n${E}1A${E}2K3\n${SHOW}`);
  });

  it('leaves a committed block on screen and starts the next frame below it', () => {
    const { stream, output } = recorder();
    const animator = new Animator(stream, { hideCursor: false, handleSignals: false });
    animator.draw(['progress']);
    animator.commit(['No. 1', 'FF']);
    animator.draw(['progress']);
    animator.clear();
    animator.stop();
    expect(output()).toBe(`${E}2Kprogress\n${E}1A${E}2KNo. 1\n${E}2KFF\n${E}2Kprogress\n${E}1A${E}J`);
  });

  it('removes its process handlers on stop', () => {
    const before = process.listenerCount('exit') + process.listenerCount('SIGINT');
    const animator = new Animator(recorder().stream);
    animator.draw(['x']);
    expect(process.listenerCount('exit') + process.listenerCount('SIGINT')).toBe(before + 2);
    animator.stop();
    expect(process.listenerCount('exit') + process.listenerCount('SIGINT')).toBe(before);
  });
});

// A child process animates to its stdout (a pipe) and then ends one way or another; the cursor must
// be shown again as the last thing it wrote.
function child(ending: string) {
  const script = `
    import { Animator } from '@kit/ansi-render';
    const animator = new Animator(process.stdout);
    animator.draw(['frame 1']);
    ${ending}
  `;
  return spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: import.meta.dirname, encoding: 'utf8', timeout: 20_000 });
}

describe('cursor restore', () => {
  it('on a normal exit without stop()', () => {
    const result = child('');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(`${HIDE}${E}2Kframe 1\n${SHOW}`);
  });

  it('on an uncaught error', () => {
    const result = child("throw new Error('boom');");
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('boom');
    expect(result.stdout.endsWith(SHOW)).toBe(true);
  });

  it('on SIGINT, exiting 130', () => {
    const result = child("process.stdout.write('ready\\n', () => process.kill(process.pid, 'SIGINT')); setInterval(() => {}, 1000);");
    expect(result.status).toBe(130);
    expect(result.stdout).toBe(`${HIDE}${E}2Kframe 1\nready\n${SHOW}`);
  });

  it('on SIGTERM, exiting 143', () => {
    const result = child("process.kill(process.pid, 'SIGTERM'); setInterval(() => {}, 1000);");
    expect(result.status).toBe(143);
    expect(result.stdout.endsWith(SHOW)).toBe(true);
  });
});
