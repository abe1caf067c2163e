// Biome's linter and formatter over the whole repository (rules and their few reasoned exceptions in
// biome.jsonc): CI fails on any error, warning or unformatted file, so no rule is broken silently
// between two clean-ups and no change carries another's reformatting.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from './support/run.js';
import { repoRoot } from './support/workspace.js';

describe('biome ci', () => {
  it('finds no lint error, warning or note and no unformatted file in any source, test or bench file', () => {
    const result = run(join(repoRoot, 'node_modules', '.bin', 'biome'), ['ci', '--error-on-warnings', '--colors=off', '--max-diagnostics=20', '.'], {
      cwd: repoRoot,
      timeoutMs: 240_000,
    });
    // Its diagnostics go to stderr; on success it prints only how many files it checked.
    expect([result.status, result.stderr.trim()]).toEqual([0, expect.stringMatching(/^Checked \d+ files in [\d.]+m?s\. No fixes applied\.$/)]);
  });
});
