// `kit create-plugin <name> [dir]`: writes a new plugin package that builds, tests and runs as written.
import { existsSync, lstatSync, readFileSync, readlinkSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { InputError } from '@kit/core';
import { makeDirectory } from '@kit/core/node';
import { cliPackageDir } from '../discovery.js';
import { defaultDir, layoutFor } from './layout.js';
import { pluginNames } from './names.js';
import { gitignore, kitConfig, tsconfigFiles, vitestConfig } from './templates/config-files.js';
import { boardSource } from './templates/board-source.js';
import { cornerBoard } from './templates/boards-source.js';
import { editorSource } from './templates/editor-source.js';
import { indexSource } from './templates/index-source.js';
import { packageJson } from './templates/package-json.js';
import { playSource } from './templates/play-source.js';
import { playTestSource } from './templates/play-test-source.js';
import { pluginSource } from './templates/plugin-source.js';
import { readme } from './templates/readme.js';
import { solverSource } from './templates/solver-source.js';
import { testSource } from './templates/test-source.js';
import type { TemplateVars } from './templates/vars.js';

export { pluginNames } from './names.js';
export { layoutFor, findKitRoot } from './layout.js';

/** The @kit/core this CLI runs with, and the CLI itself: a standalone plugin depends on the same lines. */
function kitRanges(): { coreRange: string; cliRange: string } {
  const require = createRequire(import.meta.url);
  const core = require('@kit/core/package.json') as { version: string };
  // Found upward: this code runs from src/, from dist/ chunks and from the one-file dist/bin.cjs.
  const cli = require(join(cliPackageDir(), 'package.json')) as { version: string };
  return { coreRange: `^${core.version}`, cliRange: `^${cli.version}` };
}

/**
 * A Puzzle Kit clone, built: `--link` makes the new package depend on its @kit/core and @kit/cli
 * through `file:` (npm and pnpm link a directory dependency), which works before (or without) the
 * packages being on a registry.
 */
function checkClone(root: string): string {
  const name = (path: string) => {
    try {
      return (JSON.parse(readFileSync(join(root, path, 'package.json'), 'utf8')) as { name?: unknown }).name;
    } catch {
      return undefined;
    }
  };
  if (name('packages/core') !== '@kit/core' || name('apps/cli') !== '@kit/cli') {
    throw new InputError(`--link ${root}: not a Puzzle Kit clone (no packages/core and apps/cli there)`);
  }
  if (!existsSync(join(root, 'packages', 'core', 'dist', 'index.js')) || !existsSync(join(root, 'apps', 'cli', 'dist', 'bin.cjs'))) {
    throw new InputError(`--link ${root}: the clone is not built; run \`npx --yes pnpm@12.4.2 install && npx --yes pnpm@12.4.2 build\` there first`);
  }
  return root;
}

/** `file:` specs from the new package's directory to the clone's packages (relative, with /). */
function linkedSpecs(clone: string, dir: string): { coreRange: string; cliRange: string } {
  const spec = (path: string) => {
    const rel = relative(dir, join(clone, path)).split(sep).join('/');
    return `file:${rel.startsWith('.') ? rel : `./${rel}`}`;
  };
  return { coreRange: spec('packages/core'), cliRange: spec('apps/cli') };
}

/** How a path that exists looks to a user: `a symbolic link to a missing /x` for a dangling link. */
function danglingTarget(path: string): string | undefined {
  try {
    statSync(path);
    return undefined;
  } catch {
    return readlinkSync(path);
  }
}

/**
 * The target must not exist (not even as a dangling symbolic link, which existsSync misses) and its
 * nearest existing ancestor must be a directory: otherwise one line for the user, exit 2.
 */
function checkTarget(dir: string): void {
  // ENOTDIR (a file on the way) counts as "not there": the walk up below names that file.
  const lstat = (path: string) => {
    try {
      return lstatSync(path, { throwIfNoEntry: false });
    } catch {
      return undefined;
    }
  };
  const entry = lstat(dir);
  if (entry) {
    const missing = entry.isSymbolicLink() ? danglingTarget(dir) : undefined;
    if (missing !== undefined) throw new InputError(`${dir} already exists (a symbolic link to a missing ${missing}); choose another directory`);
    throw new InputError(`${dir} already exists; choose another directory`);
  }
  for (let parent = dirname(dir); ; parent = dirname(parent)) {
    const found = lstat(parent);
    if (found) {
      const missing = found.isSymbolicLink() ? danglingTarget(parent) : undefined;
      if (missing !== undefined) throw new InputError(`${parent} is a symbolic link to a missing ${missing}; choose another --dir`);
      if (!statSync(parent).isDirectory()) throw new InputError(`${parent} is a file, not a directory; choose another --dir`);
      return;
    }
    if (dirname(parent) === parent) return;
  }
}

/**
 * Writes the package and returns its directory and the files written (relative, sorted). Refuses to
 * touch an existing directory: an InputError, which the CLI prints as one line with exit code 2.
 */
export async function createPlugin(options: { name: string; dir?: string; link?: string }): Promise<{ dir: string; files: string[] }> {
  const names = pluginNames(options.name);
  const dir = resolve(options.dir ?? defaultDir(names.directory, process.cwd()));
  const clone = options.link !== undefined ? checkClone(resolve(options.link)) : undefined;
  checkTarget(dir);
  // --link: a standalone package wherever it is, wired to the clone's packages.
  const layout = clone ? ({ kind: 'standalone' } as const) : layoutFor(dir);
  const vars: TemplateVars = {
    ...names,
    layout: layout.kind,
    ...(clone ? linkedSpecs(clone, dir) : kitRanges()),
    ...(layout.kind === 'workspace' ? { workspaceDir: relative(layout.root, dir).split(sep).join('/') } : {}),
  };

  const contents: Record<string, string> = {
    'package.json': packageJson(vars),
    'README.md': readme(vars),
    ...tsconfigFiles(vars),
    ...vitestConfig(vars),
    ...gitignore(vars),
    ...kitConfig(vars),
    'src/plugin.ts': pluginSource(vars),
    'src/board.ts': boardSource(vars),
    'src/editor.ts': editorSource(vars),
    'src/play.ts': playSource(vars),
    'src/solver.ts': solverSource(vars),
    'src/index.ts': indexSource(vars),
    'boards/corner.txt': cornerBoard(vars),
    'test/plugin.test.ts': testSource(vars),
    'test/play.test.ts': playTestSource(vars),
  };
  try {
    for (const [file, text] of Object.entries(contents)) {
      // One level at a time (see makeDirectory): a recursive mkdir under /proc never returns.
      makeDirectory(dirname(join(dir, file)));
      writeFileSync(join(dir, file), text, { flag: 'wx' });
    }
  } catch (error) {
    // Permissions, a full disk, a race with another writer: the place the user chose, not our fault.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === undefined) throw error;
    throw new InputError(`cannot write ${dir} (${code}); choose another --dir`);
  }
  return { dir, files: Object.keys(contents).sort() };
}
