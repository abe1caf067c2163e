// Run-time plugin discovery. package.json files are read first and nothing is imported from a
// package that does not declare `"kit": {"plugin": ...}`; only then are plugin modules import()ed,
// checked against the plugin interface and registered.
import { existsSync, readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PLUGIN_API_VERSION, Registry, pluginFromModule, type AnyPlugin } from '@kit/core';
import { UsageError } from './errors.js';

export interface DiscoveredPlugin {
  id: string;
  plugin: AnyPlugin;
  /** What users recognise: a package name or the path it was given as. */
  source: string;
  /** file: URL of the plugin module; solver workers import it again. */
  moduleUrl: string;
  /** The package the plugin belongs to (the module's directory for a bare module file). */
  packageDir: string;
}

export interface SkippedPlugin {
  source: string;
  reason: string;
}

export interface DiscoveryOptions {
  cwd: string;
  /** `--plugin` values: paths (package dirs or module files) or package names, resolved from cwd. */
  plugins?: readonly string[];
  /** The CLI's own package directory: the node_modules holding it are searched too (global installs). */
  cliPackageDir?: string;
  /** Skip the node_modules and kit.config.json searches (tests of one source at a time). */
  only?: 'explicit';
}

export interface DiscoveryResult {
  registry: Registry;
  plugins: DiscoveredPlugin[];
  skipped: SkippedPlugin[];
  /** The kit.config.json that was used, if any. */
  configFile: string | undefined;
}

/** A place a plugin may be: a package directory or a module file, before anything is imported. */
interface Candidate {
  source: string;
  packageDir?: string;
  moduleFile?: string;
  /** Named by the user (--plugin, kit.config.json): a package without kit.plugin is reported. */
  explicit: boolean;
}

interface Located {
  source: string;
  moduleFile: string;
  packageDir: string;
}

export const CONFIG_FILE = 'kit.config.json';

export async function discoverPlugins(options: DiscoveryOptions): Promise<DiscoveryResult> {
  const cwd = resolve(options.cwd);
  const skipped: SkippedPlugin[] = [];
  const skip = (source: string, reason: string) => skipped.push({ source, reason });

  const candidates: Candidate[] = (options.plugins ?? []).map((value) => pluginArgument(value, cwd));
  let configFile: string | undefined;
  if (options.only !== 'explicit') {
    configFile = findUpward(cwd, CONFIG_FILE);
    if (configFile) candidates.push(...configCandidates(configFile, cwd, skip));
    for (const dir of nodeModulesDirs(cwd, options.cliPackageDir)) candidates.push(...packagesIn(dir));
  }

  // Locate every module from package.json alone; the same module reached twice is loaded once.
  const located = new Map<string, Located>();
  for (const candidate of candidates) {
    const found = locate(candidate, skip);
    if (!found) continue;
    const key = realpathSync(found.moduleFile);
    if (!located.has(key)) located.set(key, { ...found, moduleFile: key });
  }

  // Imports run in parallel; failures are reported in discovery order, so the output is stable.
  const loaded = await Promise.all(
    [...located.values()].map(async (entry): Promise<DiscoveredPlugin | SkippedPlugin> => {
      const moduleUrl = pathToFileURL(entry.moduleFile).href;
      try {
        const namespace = (await import(moduleUrl)) as Record<string, unknown>;
        const plugin = pluginFromModule(namespace, entry.source);
        return { id: plugin.id, plugin, source: entry.source, moduleUrl, packageDir: entry.packageDir };
      } catch (error) {
        return { source: entry.source, reason: reasonOf(error) };
      }
    }),
  );

  const registry = new Registry();
  const plugins: DiscoveredPlugin[] = [];
  const byId = new Map<string, DiscoveredPlugin>();
  for (const found of loaded) {
    if ('reason' in found) {
      skip(found.source, found.reason);
      continue;
    }
    const existing = byId.get(found.id);
    if (existing) {
      throw new UsageError(`plugin id '${found.id}' is provided by both ${existing.source} and ${found.source}`);
    }
    byId.set(found.id, found);
    registry.register(found.plugin, { source: found.source, moduleUrl: found.moduleUrl });
    plugins.push(found);
  }
  plugins.sort((a, b) => a.id.localeCompare(b.id));
  return { registry, plugins, skipped, configFile };
}

function reasonOf(error: unknown): string {
  if (error && typeof error === 'object' && 'reason' in error && typeof error.reason === 'string') return error.reason;
  const message = error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
  return message.split('\n')[0] ?? message;
}

// ---------------------------------------------------------------------------------------------
// Where candidates come from.

function isPathLike(value: string): boolean {
  return value.startsWith('.') || isAbsolute(value) || /\.(m?js|cjs)$/.test(value);
}

/** `--plugin P`: a path (package dir or module file) if it exists or looks like one, else a package name. */
function pluginArgument(value: string, cwd: string): Candidate {
  const path = resolve(cwd, value);
  if (existsSync(path)) return pathCandidate(path, value, true);
  if (isPathLike(value)) throw new UsageError(`--plugin ${value}: no such file or directory`);
  const packageDir = resolvePackage(value, cwd);
  if (!packageDir) throw new UsageError(`--plugin ${value}: package not found in node_modules from ${cwd} upward`);
  return { source: value, packageDir, explicit: true };
}

function pathCandidate(path: string, source: string, explicit: boolean): Candidate {
  return statSync(path).isDirectory() ? { source, packageDir: path, explicit } : { source, moduleFile: path, explicit };
}

function findUpward(start: string, name: string): string | undefined {
  for (let dir = start; ; dir = dirname(dir)) {
    const file = join(dir, name);
    if (existsSync(file)) return file;
    if (dirname(dir) === dir) return undefined;
  }
}

/** kit.config.json: `{"plugins": ["./path", "package-name", "./dir/*"]}`, relative to the file. */
function configCandidates(configFile: string, cwd: string, skip: (source: string, reason: string) => void): Candidate[] {
  const shown = relative(cwd, configFile) || configFile;
  let config: unknown;
  try {
    config = JSON.parse(readFileSync(configFile, 'utf8'));
  } catch (error) {
    throw new UsageError(`${shown}: not valid JSON (${reasonOf(error)})`);
  }
  const entries = (config as { plugins?: unknown }).plugins;
  if (entries === undefined) return [];
  if (!Array.isArray(entries) || entries.some((entry) => typeof entry !== 'string')) {
    throw new UsageError(`${shown}: "plugins" must be an array of strings`);
  }
  const base = dirname(configFile);
  const candidates: Candidate[] = [];
  for (const entry of entries as string[]) {
    if (entry.endsWith('/*')) {
      // Every package directly in the directory that declares kit.plugin; the rest silently skipped.
      const dir = resolve(base, entry.slice(0, -2));
      for (const name of safeReaddir(dir)) {
        const packageDir = join(dir, name);
        if (!isDirectory(packageDir) || !existsSync(join(packageDir, 'package.json'))) continue;
        candidates.push({ source: `${entry.slice(0, -1)}${name}`, packageDir, explicit: false });
      }
    } else if (isPathLike(entry)) {
      const path = resolve(base, entry);
      if (!existsSync(path)) skip(entry, `not found (listed in ${shown})`);
      else candidates.push(pathCandidate(path, entry, true));
    } else {
      const packageDir = resolvePackage(entry, base);
      if (!packageDir) skip(entry, `package not found (listed in ${shown})`);
      else candidates.push({ source: entry, packageDir, explicit: true });
    }
  }
  return candidates;
}

/** node_modules from cwd upward, then those holding the CLI itself (a global install). */
function nodeModulesDirs(cwd: string, cliPackageDir: string | undefined): string[] {
  const dirs: string[] = [];
  for (let dir = cwd; ; dir = dirname(dir)) {
    const nodeModules = join(dir, 'node_modules');
    if (isDirectory(nodeModules)) dirs.push(nodeModules);
    if (dirname(dir) === dir) break;
  }
  if (cliPackageDir) {
    for (let dir = dirname(cliPackageDir); dirname(dir) !== dir; dir = dirname(dir)) {
      if (dir.endsWith(`${sep}node_modules`) && !dirs.includes(dir)) dirs.push(dir);
    }
  }
  return dirs;
}

/** The packages directly in a node_modules directory, scoped ones included. */
function packagesIn(nodeModules: string): Candidate[] {
  const candidates: Candidate[] = [];
  for (const name of safeReaddir(nodeModules)) {
    if (name.startsWith('.')) continue;
    if (name.startsWith('@')) {
      for (const inner of safeReaddir(join(nodeModules, name))) {
        if (!inner.startsWith('.')) candidates.push({ source: `${name}/${inner}`, packageDir: join(nodeModules, name, inner), explicit: false });
      }
    } else {
      candidates.push({ source: name, packageDir: join(nodeModules, name), explicit: false });
    }
  }
  return candidates;
}

/** A package name resolved the way Node would from `base`: node_modules/<name> upward. */
function resolvePackage(name: string, base: string): string | undefined {
  for (let dir = base; ; dir = dirname(dir)) {
    const packageDir = join(dir, 'node_modules', name);
    if (existsSync(join(packageDir, 'package.json'))) return packageDir;
    if (dirname(dir) === dir) return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// From a candidate to a module file, reading package.json only.

interface KitField {
  plugin?: unknown;
  apiVersion?: unknown;
}

function locate(candidate: Candidate, skip: (source: string, reason: string) => void): Located | undefined {
  if (candidate.moduleFile) {
    return { source: candidate.source, moduleFile: candidate.moduleFile, packageDir: owningPackageDir(candidate.moduleFile) };
  }
  const packageDir = candidate.packageDir!;
  const manifestPath = join(packageDir, 'package.json');
  let manifest: { kit?: KitField } | undefined;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { kit?: KitField };
  } catch (error) {
    if (candidate.explicit) {
      skip(candidate.source, existsSync(manifestPath) ? `package.json is not valid JSON (${reasonOf(error)})` : 'no package.json');
    }
    return undefined;
  }
  const kit = manifest?.kit;
  if (!kit || typeof kit !== 'object' || kit.plugin === undefined) {
    if (candidate.explicit) skip(candidate.source, 'package.json declares no "kit": {"plugin": ...} entry');
    return undefined;
  }
  // A missing apiVersion is left to the module's own stamp (checked after import); a wrong one is
  // refused here, before any of the package's code runs.
  if (kit.apiVersion !== undefined && kit.apiVersion !== PLUGIN_API_VERSION) {
    skip(candidate.source, `declares plugin API version ${JSON.stringify(kit.apiVersion)}, but this kit supports ${PLUGIN_API_VERSION}`);
    return undefined;
  }
  if (typeof kit.plugin !== 'string' || kit.plugin === '') {
    skip(candidate.source, '"kit.plugin" must be a relative module path');
    return undefined;
  }
  const moduleFile = resolve(packageDir, kit.plugin);
  if (!existsSync(moduleFile)) {
    skip(candidate.source, `plugin module ${kit.plugin} not found (is the package built?)`);
    return undefined;
  }
  return { source: candidate.source, moduleFile, packageDir };
}

function owningPackageDir(moduleFile: string): string {
  for (let dir = dirname(moduleFile); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return dirname(moduleFile);
  }
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The CLI's own package directory, from this module's location (dist/ or src/). */
export function cliPackageDir(): string {
  return dirname(dirname(fileURLToPath(import.meta.url)));
}
