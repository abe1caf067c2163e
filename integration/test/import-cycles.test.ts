// No import cycle among the TypeScript sources of any package, app or example, type-only imports
// included (issue 32): dependency-cruiser with the repository's .dependency-cruiser.cjs, the same check
// `pnpm lint` runs, so CI (which runs the tests, not the linter) fails on a new cycle too.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { run } from './support/run.js';
import { repoRoot } from './support/workspace.js';

interface CruiseOutput {
  modules: { source: string }[];
  summary: { violations: { rule: { name: string }; from: string; cycle?: { name: string }[] }[] };
}

const cruise = (): CruiseOutput => {
  const result = run(
    join(repoRoot, 'node_modules', '.bin', 'depcruise'),
    ['--config', '.dependency-cruiser.cjs', '--output-type', 'json', '--no-progress', 'packages', 'apps', 'examples'],
    { cwd: repoRoot, timeoutMs: 240_000 },
  );
  // It exits non-zero when it finds a violation; the report on stdout says which.
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout) as CruiseOutput;
};

/** The sources the rule covers: every .ts file under packages/*, apps/*, examples/* src/, tests left out. */
const sources = (): string[] =>
  ['packages', 'apps', 'examples'].flatMap((group) =>
    readdirSync(join(repoRoot, group))
      .filter((name) => existsSync(join(repoRoot, group, name, 'src')))
      .flatMap((name) =>
        readdirSync(join(repoRoot, group, name, 'src'), { recursive: true, encoding: 'utf8' })
          .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
          .map((file) => `${group}/${name}/src/${file.split('\\').join('/')}`),
      ),
  );

describe('import cycles', () => {
  let output: CruiseOutput;
  beforeAll(() => {
    output = cruise();
  });

  it('finds none, naming each cycle it finds', () => {
    const cycles = output.summary.violations.map((violation) =>
      violation.cycle
        ? `${violation.rule.name}: ${[violation.from, ...violation.cycle.map((step) => step.name)].join(' -> ')}`
        : `${violation.rule.name}: ${violation.from}`,
    );
    expect(cycles).toEqual([]);
  });

  it('looks at every source file', () => {
    expect(output.modules.map((module) => module.source).sort()).toEqual(sources().sort());
  });
});
