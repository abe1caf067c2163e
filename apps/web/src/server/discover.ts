import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pluginFromModule } from '@kit/core';
import type { PluginSource } from './plugin-source.js';

export interface Discovery {
  plugins: PluginSource[];
  unavailable: { source: string; error: string }[];
}

const CONFIG_FILE = 'kit.config.json';

/** The nearest directory at or above `from` that holds a kit.config.json. */
export function findConfigRoot(from: string): string | undefined {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, CONFIG_FILE))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/** `./packages/*` -> every directory in ./packages; any other entry is taken as one path. */
function expand(root: string, pattern: string): string[] {
  if (!pattern.endsWith('/*')) return [resolve(root, pattern)];
  const dir = resolve(root, pattern.slice(0, -2));
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(dir, entry.name))
    .sort();
}

interface Candidate {
  source: string;
  modulePath: string;
  packageDir: string;
}

/** A package directory declaring `kit.plugin`, or a plugin module file; undefined for other packages. */
function candidateAt(path: string): Candidate | undefined {
  if (statSync(path).isFile()) {
    let packageDir = dirname(path);
    while (!existsSync(join(packageDir, 'package.json')) && dirname(packageDir) !== packageDir) packageDir = dirname(packageDir);
    return { source: path, modulePath: path, packageDir };
  }
  const manifestPath = join(path, 'package.json');
  if (!existsSync(manifestPath)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { name?: string; kit?: { plugin?: string } };
  if (typeof manifest.kit?.plugin !== 'string') return undefined;
  return { source: manifest.name ?? path, modulePath: resolve(path, manifest.kit.plugin), packageDir: path };
}

/**
 * Finds plugins the way the CLI does: the packages a kit.config.json lists (read before any code is
 * imported), plus extra paths; each module is imported once in Node to learn its plugin id.
 */
export async function discoverPlugins(options: { root?: string; extra?: readonly string[] } = {}): Promise<Discovery> {
  const paths: string[] = [];
  if (options.root) {
    const config = JSON.parse(readFileSync(join(options.root, CONFIG_FILE), 'utf8')) as { plugins?: string[] };
    for (const pattern of config.plugins ?? []) paths.push(...expand(options.root, pattern));
  }
  paths.push(...(options.extra ?? []).map((path) => resolve(path)));

  const discovery: Discovery = { plugins: [], unavailable: [] };
  for (const path of paths) {
    let candidate: Candidate | undefined;
    try {
      candidate = candidateAt(path);
      if (!candidate) continue;
      const moduleUrl = pathToFileURL(candidate.modulePath).href;
      if (!existsSync(candidate.modulePath)) throw new Error(`${candidate.modulePath} does not exist (is the package built?)`);
      const plugin = pluginFromModule((await import(moduleUrl)) as Record<string, unknown>, candidate.source);
      discovery.plugins.push({ id: plugin.id, source: candidate.source, moduleUrl, packageDir: candidate.packageDir });
    } catch (error) {
      discovery.unavailable.push({ source: candidate?.source ?? path, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return discovery;
}
