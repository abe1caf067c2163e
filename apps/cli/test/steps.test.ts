import { describe, expect, it } from 'vitest';
import { STEPS_PLUGIN, inDir, kit, pluginPackage, tempDir, writeFiles } from './helpers.js';

const E = '\u001B[';

function project(): string {
  const cwd = tempDir();
  writeFiles(cwd, inDir('node_modules/steps-plugin', pluginPackage('steps-plugin', 'steps', {}, STEPS_PLUGIN)));
  return cwd;
}

describe('animation steps', () => {
  it('are written to --json as step lines with their data beside state', () => {
    const result = kit(['run', 'steps', '--json'], { cwd: project() });
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.slice(0, 4)).toEqual([
      { type: 'step', state: { level: 1 }, chain: 1, score: 40 },
      { type: 'step', state: { level: 2 }, chain: 2, score: 80 },
      { type: 'step', state: { level: 3 }, chain: 3, score: 120 },
      { type: 'solution', index: 1, solution: { level: 9 } },
    ]);
    expect(lines[4]).toMatchObject({ type: 'done', solutions: 1, chains: 3, score: 240 });
  });

  it('are printed one after another on a pipe, and the summary comes from the plugin', () => {
    const result = kit(['run', 'steps'], { cwd: project() });
    expect(result.stdout).toBe('level 1\nR1\n\nlevel 2\nR2\n\nlevel 3\nR3\n\nlevel 9\nR9\n\n3 chains, 240 points\n');
  });

  it('are drawn in place with --delay between them when animating', () => {
    const started = performance.now();
    const result = kit(['run', 'steps', '--delay', '150'], { cwd: project(), env: { FORCE_COLOR: '1' } });
    const elapsed = performance.now() - started;
    expect(result.status).toBe(0);
    expect(elapsed).toBeGreaterThan(4 * 150);
    const red = `${E}48;5;196m  ${E}48;5;250;38;5;16m`;
    expect(result.stdout).toBe(
      `${E}?25l` +
        `${E}2Klevel 1\n${E}2K${red} 1${E}m\n` +
        `${E}2A${E}2Klevel 2\n${E}2K${red} 2${E}m\n` +
        `${E}2A${E}2Klevel 3\n${E}2K${red} 3${E}m\n` +
        `${E}2A${E}2Klevel 9\n${E}2K${red} 9${E}m\n${E}2K\n` +
        `${E}?25h3 chains, 240 points\n`,
    );
  });
});

describe("a plugin's suggested step delay", () => {
  const slowSteps = STEPS_PLUGIN.replace('options: [],', 'options: [], stepDelayMs: 250,');
  const slowProject = () => {
    const cwd = tempDir();
    writeFiles(cwd, inDir('node_modules/steps-plugin', pluginPackage('steps-plugin', 'steps', {}, slowSteps)));
    return cwd;
  };
  const timed = (args: string[], env: Record<string, string>) => {
    const started = performance.now();
    const result = kit(['run', 'steps', ...args], { cwd: slowProject(), env });
    return { result, elapsed: performance.now() - started };
  };

  it('pauses between animated steps when --delay is not given, and is shown in --help', () => {
    const { result, elapsed } = timed([], { FORCE_COLOR: '1' });
    expect(result.status).toBe(0);
    expect(elapsed).toBeGreaterThan(3 * 250);
    expect(kit(['run', 'steps', '--help'], { cwd: slowProject() }).stdout).toContain('250 between steps');
  });

  it('gives way to --delay 0, and is not used when nothing is animated', () => {
    // A busy machine only ever adds time: the quickest of three runs is each one's own cost.
    const quickest = (args: string[], env: Record<string, string>) => {
      const runs = [timed(args, env), timed(args, env), timed(args, env)];
      for (const run of runs) expect(run.result.status).toBe(0);
      return { result: runs[0]!.result, elapsed: Math.min(...runs.map((run) => run.elapsed)) };
    };
    const fast = quickest(['--delay', '0'], { FORCE_COLOR: '1' });
    const piped = quickest([], {});
    expect(piped.result.stdout).toContain('level 3\nR3\n');
    // Three steps at 250 ms would take 750 ms on their own.
    expect(fast.elapsed).toBeLessThan(piped.elapsed + 600);
  });
});
