// The release flow's first half, offline, on a scratch copy of the repository: add a changeset, run
// `pnpm changeset version`, and check versions and CHANGELOG.md files the way a maintainer would,
// each entry linked to the commit that added its changeset (tooling/changelog.cjs, no GitHub API).
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { pnpmCommand } from './global-setup.js';
import { runOk } from './support/run.js';
import { repoRoot, workspacePackages } from './support/workspace.js';

const { scratchDir } = inject('kit');
const REPOSITORY = 'https://github.com/puzzle-kit/puzzle-kit';
const changelogModule = createRequire(import.meta.url)(join(repoRoot, 'tooling', 'changelog.cjs')) as {
  getReleaseLine(changeset: { id: string; summary: string; commit?: string }, type: Bump, options: unknown): Promise<string>;
  getDependencyReleaseLine(
    changesets: { id: string; summary: string; commit?: string }[],
    updated: { name: string; newVersion: string }[],
    options: unknown,
  ): Promise<string>;
  repositoryUrl(repository: unknown): string;
};
const BUMPS = ['patch', 'minor', 'major'] as const;
type Bump = (typeof BUMPS)[number];

function bumped(version: string, bump: Bump): string {
  const [major, minor, patch] = version.split('.').map(Number) as [number, number, number];
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

/** The changesets in a .changeset directory: which packages each bumps, and its summary. */
function readChangesets(dir: string): { name: string; bumps: Record<string, Bump>; summary: string }[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md') && name !== 'README.md')
    .map((name) => {
      const text = readFileSync(join(dir, name), 'utf8');
      const [, front = '', body = ''] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text) ?? [];
      const bumps: Record<string, Bump> = {};
      for (const match of front.matchAll(/^["']?([^"':]+)["']?\s*:\s*(patch|minor|major)\s*$/gm)) bumps[match[1]!] = match[2] as Bump;
      return { name, bumps, summary: body.trim() };
    });
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Kit Test', '-c', 'user.email=kit@example.invalid', '-c', 'commit.gpgsign=false', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();
const link = (sha: string) => `[\`${sha.slice(0, 7)}\`](${REPOSITORY}/commit/${sha})`;

/** A line as changesets' prettier writes it into a changelog: `*emphasis*` becomes `_emphasis_`. */
const asPrettierWrites = (line: string): string => line.replace(/(^|[^*\w])\*([^*\s][^*]*?)\*(?![*\w])/g, '$1_$2_');

describe('pnpm changeset version', () => {
  it('bumps versions and writes changelogs, offline, on a scratch copy', () => {
    const copy = join(scratchDir, 'repo-copy');
    const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' }).split('\0').filter(Boolean);
    for (const file of tracked) {
      if (!existsSync(join(repoRoot, file))) continue;
      mkdirSync(dirname(join(copy, file)), { recursive: true });
      copyFileSync(join(repoRoot, file), join(copy, file));
    }
    // A history like the real one: the repository in one commit, the test's change in the next (its
    // changeset is linked to that one), and a change not committed yet (no link).
    git(copy, 'init', '--quiet');
    git(copy, 'add', '--all');
    git(copy, 'commit', '--quiet', '--no-verify', '-m', 'the repository');
    const baseCommit = git(copy, 'rev-parse', 'HEAD');
    writeFileSync(
      join(copy, '.changeset', 'integration-scratch.md'),
      '---\n"@kit/core": minor\n---\n\nA change made by the integration test.\n\nIts second paragraph.\n',
    );
    git(copy, 'add', '.changeset/integration-scratch.md');
    git(copy, 'commit', '--quiet', '--no-verify', '-m', 'a change');
    const scratchCommit = git(copy, 'rev-parse', 'HEAD');
    writeFileSync(join(copy, '.changeset', 'integration-uncommitted.md'), '---\n"@kit/grid": patch\n---\n\nA change not committed yet.\n');
    const commitOf = (changeset: string) =>
      changeset === 'integration-scratch.md' ? scratchCommit : changeset === 'integration-uncommitted.md' ? undefined : baseCommit;

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
      // Each change linked to the commit that added its changeset, as the GitHub changelog links them.
      for (const changeset of named) {
        const commit = commitOf(changeset.name);
        expect(changelog, path).toContain(`\n- ${commit ? `${link(commit)} ` : ''}${asPrettierWrites(changeset.summary.split('\n')[0]!)}\n`);
      }
      if (bump === undefined)
        expect(changelog, path).toMatch(/\n- Updated dependencies \[\[`[0-9a-f]{7}`\]\(https:\/\/github\.com\/puzzle-kit\/puzzle-kit\/commit\/[0-9a-f]{40}\)/);
      for (const sha of changelog.match(/\/commit\/[0-9a-f]{40}/g) ?? []) expect([`/commit/${baseCommit}`, `/commit/${scratchCommit}`], path).toContain(sha);
      expect(after.dependencies?.['@kit/core'] ?? 'none', path).not.toMatch(/^\d/);
    }
    const core = readFileSync(join(copy, 'packages', 'core', 'CHANGELOG.md'), 'utf8');
    expect(core).toContain(`\n- ${link(scratchCommit)} A change made by the integration test.\n\n  Its second paragraph.\n`);
    const grid = readFileSync(join(copy, 'packages', 'grid', 'CHANGELOG.md'), 'utf8');
    expect(grid).toContain('\n- A change not committed yet.\n');
    // @kit/cover, new since the last release, has its first entry under its own title.
    const cover = readFileSync(join(copy, 'packages', 'cover', 'CHANGELOG.md'), 'utf8');
    expect(cover.startsWith('# @kit/cover\n\n## 0.3.0\n\n### Minor Changes\n\n- [`')).toBe(true);
  });
});

describe('tooling/changelog.cjs', () => {
  const change = { id: 'brave-cats-sing', summary: 'Faster.\n\nMeasured twice.', commit: '0123456789abcdef0123456789abcdef01234567' };

  it("links a change to its commit on the root package.json's repository, later lines indented", async () => {
    expect(await changelogModule.getReleaseLine(change, 'minor', null)).toBe(
      `- [\`0123456\`](${REPOSITORY}/commit/0123456789abcdef0123456789abcdef01234567) Faster.\n\n  Measured twice.`,
    );
  });

  it('writes a change without a commit (not committed yet) without a link', async () => {
    expect(await changelogModule.getReleaseLine({ id: 'x', summary: 'Faster.' }, 'patch', null)).toBe('- Faster.');
  });

  it('takes another repository from the config options', async () => {
    expect(await changelogModule.getReleaseLine(change, 'patch', { repo: 'someone/fork' })).toBe(
      '- [`0123456`](https://github.com/someone/fork/commit/0123456789abcdef0123456789abcdef01234567) Faster.\n\n  Measured twice.',
    );
  });

  it('links the changesets behind a dependency update once each, then lists the new versions', async () => {
    const other = { id: 'y', summary: 'Other.', commit: 'fedcba9876543210fedcba9876543210fedcba98' };
    expect(
      await changelogModule.getDependencyReleaseLine(
        [change, other, change],
        [
          { name: '@kit/core', newVersion: '0.3.0' },
          { name: '@kit/grid', newVersion: '0.2.1' },
        ],
        null,
      ),
    ).toBe(
      [
        `- Updated dependencies [[\`0123456\`](${REPOSITORY}/commit/0123456789abcdef0123456789abcdef01234567), [\`fedcba9\`](${REPOSITORY}/commit/fedcba9876543210fedcba9876543210fedcba98)]`,
        '  - @kit/core@0.3.0',
        '  - @kit/grid@0.2.1',
      ].join('\n'),
    );
    expect(await changelogModule.getDependencyReleaseLine([change], [], null)).toBe('');
  });

  it('reads the repository field in the forms package.json allows, and refuses one that is not on GitHub', () => {
    for (const form of [
      'git+https://github.com/puzzle-kit/puzzle-kit.git',
      { type: 'git', url: 'https://github.com/puzzle-kit/puzzle-kit' },
      'github:puzzle-kit/puzzle-kit',
      'git@github.com:puzzle-kit/puzzle-kit.git',
      'puzzle-kit/puzzle-kit',
    ]) {
      expect(changelogModule.repositoryUrl(form)).toBe(REPOSITORY);
    }
    expect(() => changelogModule.repositoryUrl('https://gitlab.com/a/b')).toThrow(
      'changelog: "https://gitlab.com/a/b" is not a GitHub repository (OWNER/REPO or its URL)',
    );
    expect(() => changelogModule.repositoryUrl(undefined)).toThrow('changelog: the root package.json has no `repository` to link changes to');
  });
});
