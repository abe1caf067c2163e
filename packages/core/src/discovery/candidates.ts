// Where plugins may be, before anything is read or imported: `--plugin` values, kit.config.json
// entries, and the packages in every node_modules from the cwd upward.
import { fs, path } from './builtins.js';
import { InputError } from '../errors.js';
import { manifestDepthProblem, readManifestText } from './read-json.js';

const { existsSync, readdirSync, statSync } = fs;
const { dirname, isAbsolute, join, relative, resolve, sep } = path;

/** A place a plugin may be: a package directory or a module file. */
export interface Candidate {
  /** What users recognise: a package name or the path as they gave it. */
  source: string;
  packageDir?: string;
  moduleFile?: string;
  /** Named by the user (--plugin, kit.config.json): a package that declares no plugin is reported. */
  explicit: boolean;
  /** Named for this one command (--plugin): a plugin that cannot be used is an error, not a warning. */
  argument?: boolean;
}

/** The file, searched upwards from the working directory, that lists plugins to load (`{"plugins": [...]}`). */
export const CONFIG_FILE = 'kit.config.json';

function isPathLike(value: string): boolean {
  return value.startsWith('.') || isAbsolute(value) || /\.(m?js|cjs)$/.test(value);
}

/** `--plugin P`: a path (package dir or module file) if it exists or looks like one, else a package name. */
export function pluginArgument(value: string, cwd: string): Candidate {
  const path = resolve(cwd, value);
  if (existsSync(path)) {
    const candidate = pathCandidate(path, value, true);
    // Only a JavaScript module is imported: any other file (a text file, /etc/passwd) is not run as code.
    if (candidate.moduleFile && !/\.(m?js|cjs)$/.test(path)) {
      throw new InputError(`--plugin ${value}: not a plugin (name a package directory, a package, or a .js, .mjs or .cjs module)`);
    }
    return { ...candidate, argument: true };
  }
  if (isPathLike(value)) throw new InputError(`--plugin ${value}: no such file or directory`);
  const packageDir = resolvePackage(value, cwd);
  if (!packageDir) throw new InputError(`--plugin ${value}: package not found in node_modules from ${cwd} upward`);
  return { source: value, packageDir, explicit: true, argument: true };
}

function pathCandidate(path: string, source: string, explicit: boolean): Candidate {
  return statSync(path).isDirectory() ? { source, packageDir: path, explicit } : { source, moduleFile: path, explicit };
}

export function findUpward(start: string, name: string): string | undefined {
  for (let dir = start; ; dir = dirname(dir)) {
    const file = join(dir, name);
    if (existsSync(file)) return file;
    if (dirname(dir) === dir) return undefined;
  }
}

/** kit.config.json: `{"plugins": ["./path", "package-name", "./dir/*"]}`, relative to the file. */
export function configCandidates(configFile: string, cwd: string, skip: (source: string, reason: string) => void): Candidate[] {
  const shown = relative(cwd, configFile) || configFile;
  let text: string;
  try {
    text = readManifestText(configFile);
  } catch (error) {
    throw new InputError(`${shown}: cannot be read (${firstLine(error)})`);
  }
  const tooDeep = manifestDepthProblem(text, 'kit.config.json');
  if (tooDeep) throw new InputError(`${shown}: ${tooDeep}`);
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch (error) {
    throw new InputError(`${shown}: not valid JSON (${firstLine(error)})`);
  }
  const entries = (config as { plugins?: unknown } | null)?.plugins;
  if (entries === undefined) return [];
  if (!Array.isArray(entries) || entries.some((entry) => typeof entry !== 'string')) {
    throw new InputError(`${shown}: "plugins" must be an array of strings`);
  }
  const base = dirname(configFile);
  const candidates: Candidate[] = [];
  for (const entry of entries as string[]) {
    if (entry.endsWith('/*')) {
      // Every package directly in the directory that declares a plugin; the rest silently skipped.
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

/** node_modules from cwd upward, then those holding the host itself (a global install). */
export function nodeModulesDirs(cwd: string, hostPackageDir: string | undefined): string[] {
  const dirs: string[] = [];
  for (let dir = cwd; ; dir = dirname(dir)) {
    const nodeModules = join(dir, 'node_modules');
    if (isDirectory(nodeModules)) dirs.push(nodeModules);
    if (dirname(dir) === dir) break;
  }
  if (hostPackageDir) {
    for (let dir = dirname(hostPackageDir); dirname(dir) !== dir; dir = dirname(dir)) {
      if (dir.endsWith(`${sep}node_modules`) && !dirs.includes(dir)) dirs.push(dir);
    }
  }
  return dirs;
}

/** The packages directly in a node_modules directory, scoped ones included. */
export function packagesIn(nodeModules: string): Candidate[] {
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

export function firstLine(error: unknown): string {
  if (error && typeof error === 'object' && 'reason' in error && typeof error.reason === 'string') return error.reason;
  const message = error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
  return message.split('\n')[0] ?? message;
}
