// The release flow's first half, offline, on a scratch copy of the repository: add a changeset, run
// `pnpm changeset version`, and check versions and CHANGELOG.md files the way a maintainer would.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { pnpmCommand } from './global-setup.js';
import { runOk } from './support/run.js';
import { repoRoot, workspacePackages } from './support/workspace.js';

const { scratchDir } = inject('kit');
const BUMPS = ['patch', 'minor', 'major'] as const;
type Bump = (typeof BUMPS)[number];

function bumped(version: string, bump: Bump): string {
  const [major, minor, patch] = version.split('.').map(Number) as [number, number, number];
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

/** The changesets in a .changeset directory: which packages each bumps, and its summary. */
function readChangesets(dir: string): { bumps: Record<string, Bump>; summary: string }[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md') && name !== 'README.md')
    .map((name) => {
      const text = readFileSync(join(dir, name), 'utf8');
      const [, front = '', body = ''] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text) ?? [];
      const bumps: Record<string, Bump> = {};
      for (const match of front.matchAll(/^["']?([^"':]+)["']?\s*:\s*(patch|minor|major)\s*$/gm)) bumps[match[1]!] = match[2] as Bump;
      return { bumps, summary: body.trim() };
    });
}

describe('pnpm changeset version', () => {
  it('bumps versions and writes changelogs, offline, on a scratch copy', () => {
    const copy = join(scratchDir, 'repo-copy');
    const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' }).split('\0').filter(Boolean);
    for (const file of tracked) {
      if (!existsSync(join(repoRoot, file))) continue;
      mkdirSync(dirname(join(copy, file)), { recursive: true });
      copyFileSync(join(repoRoot, file), join(copy, file));
    }
    writeFileSync(join(copy, '.changeset', 'integration-scratch.md'), '---\n"@kit/core": minor\n---\n\nA change made by the integration test.\n');

    const before = new Map(workspacePackages().map((pkg) => [pkg.path, pkg.manifest]));
    const changesets = readChangesets(join(copy, '.changeset'));
    const [pnpm, pnpmArgs] = pnpmCommand();
    // pnpm installs the copy from its store before running the script; offline, nothing is fetched.
    runOk(pnpm, [...pnpmArgs, 'changeset', 'version'], { cwd: copy, env: { npm_config_offline: 'true' }, timeoutMs: 170_000 });

    // Consumed: every changeset that names a versioned (public) package. One that names only private
    // packages is left alone (privatePackages.version is false).
    const privateNames = new Set([...before.values()].filter((manifest) => manifest.private).map((manifest) => manifest.name));
    const left = readChangesets(join(copy, '.changeset'));
    expect(left.filter((changeset) => Object.keys(changeset.bumps).some((name) => !privateNames.has(name)))).toEqual([]);
    expect(left.length).toBe(changesets.filter((changeset) => Object.keys(changeset.bumps).every((name) => privateNames.has(name))).length);
    for (const [path, manifest] of before) {
      const after = JSON.parse(readFileSync(join(copy, path, 'package.json'), 'utf8')) as { version: string; dependencies?: Record<string, string> };
      const changelogPath = join(copy, path, 'CHANGELOG.md');
      if (manifest.private) {
        expect(after.version, path).toBe(manifest.version);
        continue;
      }
      const named = changesets.filter((changeset) => changeset.bumps[manifest.name]);
      const bump = named.reduce<Bump | undefined>((top, changeset) => {
        const own = changeset.bumps[manifest.name]!;
        return top === undefined || BUMPS.indexOf(own) > BUMPS.indexOf(top) ? own : top;
      }, undefined);
      const dependsOnCore = Object.keys(manifest.dependencies ?? {}).includes('@kit/core');
      if (bump === undefined && !dependsOnCore) continue;
      // Dependents of a bumped package get at least a patch release that records the dependency.
      const expected = bumped(manifest.version, bump ?? 'patch');
      expect(after.version, path).toBe(expected);
      const changelog = readFileSync(changelogPath, 'utf8');
      expect(changelog.startsWith(`# ${manifest.name}\n\n## ${expected}\n`), path).toBe(true);
      for (const changeset of named) expect(changelog, path).toContain(`- ${changeset.summary.split('\n')[0]}`);
      if (bump === undefined) expect(changelog, path).toContain('Updated dependencies');
      expect(after.dependencies?.['@kit/core'] ?? 'none', path).not.toMatch(/^\d/);
    }
    const core = readFileSync(join(copy, 'packages', 'core', 'CHANGELOG.md'), 'utf8');
    expect(core).toContain('- A change made by the integration test.');
  });
});
