// The repository as data: which workspace packages exist, which are public, which are plugins.
// Tests iterate over these lists instead of naming packages, so they stay true as packages land.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  kit?: { plugin?: string; plugins?: Array<{ id?: string; title?: string; module: string }>; apiVersion?: number };
  exports?: Record<string, unknown>;
  dependencies?: Record<string, string>;
  [field: string]: unknown;
}

export interface WorkspacePackage {
  name: string;
  /** Absolute directory. */
  dir: string;
  /** Relative to the repository root, with `/`. */
  path: string;
  manifest: Manifest;
  isPlugin: boolean;
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

/** The directories pnpm-workspace.yaml names (`dir/*` globs and plain paths). */
function workspaceDirs(): string[] {
  const yaml = readFileSync(join(repoRoot, 'pnpm-workspace.yaml'), 'utf8');
  const block = yaml.split(/^packages:\s*$/m)[1]?.split(/^\S/m)[0] ?? '';
  const dirs: string[] = [];
  for (const match of block.matchAll(/^\s*-\s*['"]?([^'"\s#]+)['"]?/gm)) {
    const glob = match[1]!;
    if (glob.endsWith('/*')) {
      const parent = join(repoRoot, glob.slice(0, -2));
      if (!existsSync(parent)) continue;
      for (const name of readdirSync(parent).sort()) {
        if (statSync(join(parent, name)).isDirectory()) dirs.push(join(parent, name));
      }
    } else {
      dirs.push(join(repoRoot, glob));
    }
  }
  return dirs.filter((dir) => existsSync(join(dir, 'package.json')));
}

/** A package someone has started writing: it has source files. Empty placeholders are left out. */
function hasSource(dir: string): boolean {
  // Sources may sit in subdirectories only (apps/web: src/app, src/server).
  return existsSync(join(dir, 'src')) && readdirSync(join(dir, 'src'), { recursive: true }).some((name) => /\.(ts|js)$/.test(String(name)));
}

export function workspacePackages(): WorkspacePackage[] {
  return workspaceDirs().map((dir) => {
    const manifest = readJson<Manifest>(join(dir, 'package.json'));
    return {
      name: manifest.name,
      dir,
      path: relative(repoRoot, dir).split('\\').join('/'),
      manifest,
      isPlugin: manifest.kit?.plugins !== undefined || manifest.kit?.plugin !== undefined,
    };
  });
}

/** What `changeset publish` would publish: every non-private package that has code. */
export function publicPackages(): WorkspacePackage[] {
  return workspacePackages().filter((pkg) => !pkg.manifest.private && hasSource(pkg.dir));
}

/** Private plugin packages (examples/): packed and installed as a third party's plugin would be. */
export function examplePlugins(): WorkspacePackage[] {
  return workspacePackages().filter((pkg) => pkg.manifest.private && pkg.isPlugin && hasSource(pkg.dir));
}
