// The changelog lines `changeset version` writes (the `changelog` option of .changeset/config.json):
// each change linked to the commit that added its changeset, on the repository the root
// package.json's `repository` field names, as @changesets/changelog-github links them, but offline:
// changesets reads the commit from git (`changeset.commit`) and nothing here asks GitHub's API, so
// no token and no network is needed at version time. A changeset git does not know yet (not
// committed) gets its line without a link. CommonJS because changesets loads it with require().
'use strict';

const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const SHA = /^[0-9a-f]{7,40}$/;

/**
 * The repository's web address from a package.json `repository` field (a string or `{ url }`):
 * `git+https://github.com/OWNER/REPO.git`, `https://github.com/OWNER/REPO`, `github:OWNER/REPO`,
 * `git@github.com:OWNER/REPO.git` or `OWNER/REPO`. Anything else is refused, naming what it got.
 */
function repositoryUrl(repository) {
  const text = typeof repository === 'string' ? repository : repository?.url;
  if (typeof text !== 'string') throw new Error('changelog: the root package.json has no `repository` to link changes to');
  const match =
    /^(?:git\+)?https:\/\/github\.com\/([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/.exec(text) ??
    /^git@github\.com:([\w.-]+)\/([\w.-]+?)(?:\.git)?$/.exec(text) ??
    /^(?:github:)?([\w.-]+)\/([\w.-]+)$/.exec(text);
  if (!match) throw new Error(`changelog: ${JSON.stringify(text)} is not a GitHub repository (OWNER/REPO or its URL)`);
  return `https://github.com/${match[1]}/${match[2]}`;
}

/** The repository to link to: `options.repo` (OWNER/REPO) when the config gives one, else the root package.json's. */
function repositoryOf(options) {
  if (options && typeof options.repo === 'string') return repositoryUrl(options.repo);
  const manifest = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8'));
  return repositoryUrl(manifest.repository);
}

/** `[`abc1234`](https://github.com/OWNER/REPO/commit/SHA)`, or '' for a changeset without a commit. */
function commitLink(commit, options) {
  if (typeof commit !== 'string' || !SHA.test(commit)) return '';
  return `[\`${commit.slice(0, 7)}\`](${repositoryOf(options)}/commit/${commit})`;
}

/** One change: `- LINK summary`, the summary's later lines indented under it (blank lines left blank). */
async function getReleaseLine(changeset, _type, options) {
  const [firstLine, ...laterLines] = changeset.summary.split('\n').map((line) => line.trimEnd());
  const link = commitLink(changeset.commit, options);
  const head = `- ${link ? `${link} ` : ''}${firstLine}`;
  return laterLines.length > 0 ? `${head}\n${laterLines.map((line) => (line ? `  ${line}` : '')).join('\n')}` : head;
}

/** The dependencies a release only follows: one line linking the changesets that moved them, then each new version. */
async function getDependencyReleaseLine(changesets, dependenciesUpdated, options) {
  if (dependenciesUpdated.length === 0) return '';
  const links = [...new Set(changesets.map((changeset) => commitLink(changeset.commit, options)).filter(Boolean))];
  const head = `- Updated dependencies${links.length > 0 ? ` [${links.join(', ')}]` : ''}`;
  return [head, ...dependenciesUpdated.map((dependency) => `  - ${dependency.name}@${dependency.newVersion}`)].join('\n');
}

module.exports = { getReleaseLine, getDependencyReleaseLine, repositoryUrl };
