import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * Where a new plugin goes and how it is wired. Inside the Puzzle Kit repository (a pnpm workspace whose
 * root holds packages/core = @kit/core and tooling/ = @kit/tooling) and under one of its `dir/*`
 * workspace globs, the plugin is a workspace package: `workspace:^` dependencies and the shared
 * `kit-build`. Anywhere else it is a standalone package that depends on the published @kit/core.
 */
export type Layout = { kind: 'workspace'; root: string } | { kind: 'standalone' };

function readJson(path: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** The Puzzle Kit repository root at or above `start`, if there is one. */
export function findKitRoot(start: string): string | undefined {
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    if (
      existsSync(join(dir, 'pnpm-workspace.yaml')) &&
      readJson(join(dir, 'packages', 'core', 'package.json'))?.['name'] === '@kit/core' &&
      readJson(join(dir, 'tooling', 'package.json'))?.['name'] === '@kit/tooling'
    ) {
      return dir;
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** The `dir/*` globs of pnpm-workspace.yaml (the only form this repository uses). */
function workspaceParents(root: string): string[] {
  const yaml = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const parents: string[] = [];
  for (const match of yaml.matchAll(/^\s*-\s*['"]?([^'"\s#]+)['"]?\s*$/gm)) {
    const glob = match[1]!;
    if (glob.endsWith('/*')) parents.push(glob.slice(0, -2));
  }
  return parents;
}

export function layoutFor(targetDir: string): Layout {
  const root = findKitRoot(dirname(targetDir));
  if (!root) return { kind: 'standalone' };
  const parent = relative(root, dirname(resolve(targetDir)))
    .split(sep)
    .join('/');
  return workspaceParents(root).includes(parent) ? { kind: 'workspace', root } : { kind: 'standalone' };
}

/** Where `kit create-plugin <name>` writes when no directory is given: a directory named as asked. */
export function defaultDir(directory: string, cwd: string): string {
  const root = findKitRoot(cwd);
  return root ? join(root, 'examples', directory) : join(cwd, directory);
}
