// docs/plugins.md must be enough to write a working plugin: its plugin, solver and test listings are
// put into a fresh standalone package, which must build, type-check, pass that test and run in the CLI.
import { cpSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { runOk } from './support/run.js';
import { repoRoot } from './support/workspace.js';

const { consumerDir, scratchDir } = inject('kit');
const project = join(scratchDir, 'docs-project');
const dir = join(project, 'from-the-guide');

/** The guide's listings that start with a `// path` comment line, by path. */
function listings(): Record<string, string> {
  const guide = readFileSync(join(repoRoot, 'docs', 'plugins.md'), 'utf8');
  const found: Record<string, string> = {};
  for (const match of guide.matchAll(/```ts\n\/\/ ((?:src|test)\/[\w.-]+\.ts)\n([\s\S]*?)```/g)) found[match[1]!] = match[2]!;
  return found;
}

beforeAll(() => {
  cpSync(consumerDir, project, { recursive: true, verbatimSymlinks: true });
  const vitestLink = join(project, 'node_modules', 'vitest');
  if (!existsSync(vitestLink)) symlinkSync(realpathSync(join(repoRoot, 'node_modules', 'vitest')), vitestLink);
});

describe('docs/plugins.md', () => {
  it('has a plugin, a solver, a play mode and a test listing', () => {
    expect(Object.keys(listings()).sort()).toEqual(['src/play.ts', 'src/plugin.ts', 'src/solver.ts', 'test/plugin.test.ts']);
  });

  it('its listings make a plugin that builds, passes its test and runs in the CLI', () => {
    runOk('npx', ['--no', 'kit', 'create-plugin', 'queens', '--dir', dir], { cwd: project });
    // The guide's listings replace the scaffold's sources and tests whole: the scaffold's board file,
    // editor and play test belong to its own fuller plugin, not to the guide's.
    for (const folder of ['src', 'test']) rmSync(join(dir, folder), { recursive: true });
    for (const [path, text] of Object.entries(listings())) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    runOk('npm', ['run', 'build'], { cwd: dir });
    runOk('npm', ['run', 'lint'], { cwd: dir });
    const tests = runOk('npm', ['test'], { cwd: dir });
    // Five of the guide's own and eight of the play conformance suite.
    expect(/Tests\s+(\d+) passed/.exec(tests.stdout)?.[1]).toBe('13');
    const { stdout } = runOk('npx', ['--no', 'kit', 'run', 'queens', '--plugin', dir, '--size', '8', '--threads', '2', '--count', '--json'], { cwd: project });
    expect(JSON.parse(stdout)).toMatchObject({ type: 'done', solutions: 92, tries: 2056 });
  });
});
