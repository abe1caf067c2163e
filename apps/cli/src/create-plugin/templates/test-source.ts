import type { TemplateVars } from './vars.js';

/**
 * test/plugin.test.ts: runs the solver in-process with solveAll, the way hosts run it in a worker;
 * a standalone package also runs its built plugin through the `kit` command it depends on (found by
 * its kit.config.json; `npm test` builds first, so that test never runs stale code).
 */
export function testSource(vars: TemplateVars): string {
  const standalone = vars.layout !== 'workspace';
  const cliImports = standalone
    ? "import { spawnSync } from 'node:child_process';\nimport { createRequire } from 'node:module';\nimport { dirname, join } from 'node:path';\nimport { fileURLToPath } from 'node:url';\n"
    : '';
  const cliTest = standalone
    ? `

  it('runs through the kit command, built (npm test builds first) and found by kit.config.json', () => {
    const cliManifest = createRequire(import.meta.url).resolve('@kit/cli/package.json');
    const bin = join(dirname(cliManifest), JSON.parse(readFileSync(cliManifest, 'utf8')).bin.kit);
    const packageDir = fileURLToPath(new URL('..', import.meta.url));
    const run = spawnSync(process.execPath, [bin, 'run', '${vars.id}', '--size', '6', '--count', '--json'], { cwd: packageDir, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toMatchObject({ type: 'done', solutions: 4, tries: 152 });
  });`
    : '';
  return `${cliImports}import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSolveContext, parseOptions, solveAll, type RawOptions } from '@kit/core/host';
import plugin from '../src/plugin.js';
import { solve } from '../src/index.js';

// The same path a host takes: raw flags -> checked options -> parse() -> solver.
const instanceFrom = (raw: RawOptions) => plugin.parse(parseOptions(plugin.options, raw));

describe('${vars.id}', () => {
  it('is declared in package.json with its own id and title (hosts list it without importing it)', () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(manifest.kit.plugins).toEqual([{ id: plugin.id, title: plugin.title, module: './dist/plugin.js', solver: './dist/solver.js' }]);
  });

  it('finds the 92 placements of eight queens', async () => {
    const { solutions, done } = await solveAll(plugin, instanceFrom({ size: '8' }));
    expect(done.summary.solutions).toBe(92);
    expect(solutions).toHaveLength(92);
    expect(new Set(solutions.map((s) => s.queens.join(','))).size).toBe(92);
  });

  it('lists the two 4x4 placements in search order', async () => {
    expect(await solve(4)).toEqual([
      { size: 4, queens: [1, 3, 0, 2] },
      { size: 4, queens: [2, 0, 3, 1] },
    ]);
  });

  it('counts without building solutions when the host only wants the count', async () => {
    const { solutions, done } = await solveAll(plugin, instanceFrom({ size: '6' }), { wantSolutions: false });
    expect(solutions).toEqual([]);
    expect(done.summary).toEqual({ solutions: 4, tries: 152 });
  });

  it('stops at the limit', async () => {
    const { solutions, done } = await solveAll(plugin, instanceFrom({ size: '8' }), { limit: 3 });
    expect(solutions).toHaveLength(3);
    expect(done.summary.solutions).toBe(3);
  });

  it('splits by the first queen into tasks that add up to the whole search', async () => {
    const solver = await plugin.solver();
    const split = solver.split!(instanceFrom({ size: '8' }), 4)!;
    expect(split.tasks).toBe(8);
    let total = 0;
    for (let task = 0; task < split.tasks; task++) {
      const ctx = createSolveContext({}, { solution: () => {}, progress: () => {}, step: () => {} });
      total += (await split.solveTask(task, ctx)).solutions;
    }
    expect(total).toBe(92);
  });

  it('draws a placement as a frame', () => {
    const frame = plugin.view({ size: 4, queens: [1, 3, 0, 2] });
    expect([frame.width, frame.height]).toEqual([4, 4]);
    const rows = [0, 1, 2, 3].map((y) => frame.cells.slice(y * 4, y * 4 + 4).map((c) => c.label ?? '.').join(''));
    expect(rows).toEqual(['.Q..', '...Q', 'Q...', '..Q.']);
  });

  it('rejects a size out of range with the option named', () => {
    expect(() => instanceFrom({ size: '20' })).toThrow('--size must be an integer from 1 to 14 (got "20")');
  });${cliTest}
});
`;
}
