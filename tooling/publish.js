#!/usr/bin/env node
// Publishes every public workspace package at its current version and says, per package, what
// happened: published, already published (the registry refused the same version again), or failed
// with the registry's reason. One package failing never hides the others' state.
//
//   node tooling/publish.js [--registry URL] [--tag TAG] [--provenance] [--git-tag]
//
// Each package is packed with `pnpm pack` (workspace: ranges become real ones, publishConfig applies)
// and the tarball published with `npm publish`, which signs provenance in CI (`--provenance`, with
// an OIDC token). `--git-tag` tags each published package `name@version`, and a `New tag:` line is
// printed for each, the form changesets' action reads to push tags and write GitHub releases.
// Exit code: 0 when nothing failed (an already published version is not a failure), 1 otherwise.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    registry: { type: 'string' },
    tag: { type: 'string' },
    provenance: { type: 'boolean', default: false },
    'git-tag': { type: 'boolean', default: false },
  },
  strict: true,
});

/** pnpm as this script was started with it (`pnpm release`), else the pinned one through npx. */
function pnpmCommand() {
  const execpath = process.env.npm_execpath;
  if (execpath && /pnpm/.test(execpath)) return /\.[cm]?js$/.test(execpath) ? [process.execPath, [execpath]] : [execpath, []];
  const manager = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager;
  return ['npx', ['--yes', manager]];
}

/** The public packages: the directories pnpm-workspace.yaml names, without `private` manifests. */
function publicPackages() {
  const yaml = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const block = yaml.split(/^packages:\s*$/m)[1]?.split(/^\S/m)[0] ?? '';
  const dirs = [];
  for (const match of block.matchAll(/^\s*-\s*['"]?([^'"\s#]+)['"]?/gm)) {
    const glob = match[1];
    if (!glob.endsWith('/*')) dirs.push(join(root, glob));
    else if (existsSync(join(root, glob.slice(0, -2)))) {
      const parent = join(root, glob.slice(0, -2));
      for (const name of readdirSync(parent).sort()) if (statSync(join(parent, name)).isDirectory()) dirs.push(join(parent, name));
    }
  }
  return dirs
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
    .filter(({ manifest }) => !manifest.private);
}

/** The registry's words for a refused publish, without npm's log noise. */
function reasonOf(output) {
  const lines = output.split('\n').map((line) => line.replace(/^npm (error|ERR!)\s*/, '').trim());
  const useful = lines.filter((line) => line && !/^code E|^A complete log|^\d{4}-\d\d-\d\dT|^Verbose|^npm (warn|notice)/.test(line));
  return (useful[0] ?? 'no reason given').slice(0, 240);
}

const ALREADY = /EPUBLISHCONFLICT|E409|previously published|cannot publish over|already present|already exists/i;

const [pnpm, pnpmArgs] = pnpmCommand();
const packages = publicPackages();
const scratch = mkdtempSync(join(tmpdir(), 'kit-publish-'));
const results = [];
try {
  for (const { dir, manifest } of packages) {
    const result = { name: manifest.name, version: manifest.version, state: 'failed', reason: '' };
    results.push(result);
    const packed = spawnSync(pnpm, [...pnpmArgs, 'pack', '--pack-destination', scratch, '--json'], { cwd: dir, encoding: 'utf8' });
    if (packed.status !== 0) {
      result.reason = `pnpm pack failed: ${reasonOf(packed.stderr || packed.stdout)}`;
      continue;
    }
    const { filename } = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('{')));
    const args = ['publish', filename, '--access', 'public', '--loglevel', 'error'];
    if (values.registry) args.push('--registry', values.registry);
    if (values.tag) args.push('--tag', values.tag);
    if (values.provenance) args.push('--provenance');
    const published = spawnSync('npm', args, { cwd: dir, encoding: 'utf8' });
    if (published.status === 0) {
      result.state = 'published';
    } else {
      const output = `${published.stderr}\n${published.stdout}`;
      result.state = ALREADY.test(output) ? 'already published' : 'failed';
      result.reason = reasonOf(output);
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const where = values.registry ?? 'the registry';
const count = (state) => results.filter((result) => result.state === state).length;
if (count('already published') === results.length) {
  // Nothing new: one line, not a table of the same refusal.
  console.log(`nothing published: all ${results.length} packages are already on ${where} at these versions (the registry refused each again)`);
} else {
  const nameWidth = Math.max(...results.map((result) => result.name.length));
  const versionWidth = Math.max(...results.map((result) => result.version.length));
  console.log(`publishing ${results.length} packages to ${where}`);
  for (const { name, version, state, reason } of results) {
    const detail = state === 'failed' ? `failed: ${reason}` : state;
    console.log(`  ${name.padEnd(nameWidth)}  ${version.padEnd(versionWidth)}  ${detail}`);
  }
  console.log(`${count('published')} published, ${count('already published')} already published, ${count('failed')} failed`);
}

for (const { name, version, state } of results) {
  if (state !== 'published') continue;
  if (!values['git-tag']) continue;
  spawnSync('git', ['tag', '-a', `${name}@${version}`, '-m', `${name}@${version}`], { cwd: root, stdio: 'inherit' });
  console.log(`New tag: ${name}@${version}`);
}
process.exitCode = count('failed') > 0 ? 1 : 0;
