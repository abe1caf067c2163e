// A package's plugin manifest, read from its package.json before any of its code runs:
//   "kit": { "apiVersion": 1, "plugins": [{ "id": "pentomino", "title": "...", "module": "./dist/plugin.js" }] }
// With id and title declared, a host lists the plugin and picks it by id without importing it (as
// oclif's manifests do). An entry may also name its `solver` module (what the plugin's solver()
// imports): a host loads it ahead, synchronously where Node can (load-module.ts). The older
// `"kit": { "plugin": "./dist/plugin.js" }` still works: such a module is imported (in a probe
// worker, time-bounded) to learn its id.
import { fs, path } from './builtins.js';
import { PLUGIN_API_VERSION, PLUGIN_ID } from '../plugin.js';
import type { Candidate } from './candidates.js';
import { firstLine } from './candidates.js';
import { manifestDepthProblem, readManifestText } from './read-json.js';
import { isInside } from '../path-inside.js';

const { existsSync } = fs;
const { dirname, isAbsolute, join, resolve } = path;

/** A plugin module a package declares, with what the manifest says about it. */
export interface DeclaredPlugin {
  source: string;
  packageDir: string;
  moduleFile: string;
  /** From the manifest; undefined when the module must be imported to learn them. */
  id?: string;
  title?: string;
  /** The package's version (plugins take theirs from package.json). */
  version?: string;
  /** The module the plugin's solver() imports, when the manifest names it. */
  solverFile?: string;
}

interface KitField {
  plugin?: unknown;
  plugins?: unknown;
  apiVersion?: unknown;
}

type Skip = (source: string, reason: string) => void;

export function declaredPlugins(candidate: Candidate, skip: Skip): DeclaredPlugin[] {
  if (candidate.moduleFile) {
    return [{ source: candidate.source, moduleFile: candidate.moduleFile, packageDir: owningPackageDir(candidate.moduleFile) }];
  }
  const packageDir = candidate.packageDir!;
  const manifestPath = join(packageDir, 'package.json');
  let manifest: { version?: unknown; kit?: KitField } | undefined;
  let text: string;
  try {
    text = readManifestText(manifestPath);
  } catch (error) {
    if (candidate.explicit) {
      skip(candidate.source, existsSync(manifestPath) ? `package.json cannot be read (${firstLine(error)})` : 'no package.json');
    }
    return [];
  }
  // Most packages in node_modules are not plugins: without the key, no need to parse (JSON.parse is
  // cold here, about 0.1 ms a manifest). Only a key spelled with escapes would be missed.
  if (!candidate.explicit && !text.includes('"kit"')) return [];
  const tooDeep = manifestDepthProblem(text, 'package.json');
  if (tooDeep) {
    if (candidate.explicit) skip(candidate.source, `package.json ${tooDeep}`);
    return [];
  }
  try {
    manifest = JSON.parse(text) as typeof manifest;
  } catch (error) {
    if (candidate.explicit) skip(candidate.source, `package.json is not valid JSON (${firstLine(error)})`);
    return [];
  }
  const kit = manifest?.kit;
  if (!kit || typeof kit !== 'object' || (kit.plugin === undefined && kit.plugins === undefined)) {
    if (candidate.explicit) skip(candidate.source, 'package.json declares no "kit": {"plugins": [...]} entry');
    return [];
  }
  // A missing apiVersion is left to the module's own stamp (checked after import); a wrong one is
  // refused here, before any of the package's code runs.
  if (kit.apiVersion !== undefined && kit.apiVersion !== PLUGIN_API_VERSION) {
    skip(candidate.source, `declares plugin API version ${JSON.stringify(kit.apiVersion)}, but this kit supports ${PLUGIN_API_VERSION}`);
    return [];
  }
  const version = typeof manifest?.version === 'string' ? manifest.version : undefined;
  const base = { source: candidate.source, packageDir, ...(version !== undefined ? { version } : {}) };
  const entries = kit.plugins !== undefined ? kit.plugins : [{ module: kit.plugin }];
  const problem = manifestProblem(entries, kit.plugins !== undefined);
  if (problem) {
    skip(candidate.source, problem);
    return [];
  }
  const declared: DeclaredPlugin[] = [];
  for (const entry of entries as ManifestEntry[]) {
    const moduleFile = resolve(packageDir, entry.module);
    if (!existsSync(moduleFile)) {
      skip(candidate.source, `plugin module ${entry.module} not found (is the package built?)`);
      continue;
    }
    const solverFile = entry.solver === undefined ? undefined : resolve(packageDir, entry.solver);
    if (solverFile !== undefined && !existsSync(solverFile)) {
      skip(candidate.source, `solver module ${entry.solver} not found (is the package built?)`);
      continue;
    }
    declared.push({
      ...base,
      moduleFile,
      ...(entry.id !== undefined ? { id: entry.id, title: entry.title! } : {}),
      ...(solverFile !== undefined ? { solverFile } : {}),
    });
  }
  return declared;
}

interface ManifestEntry {
  module: string;
  id?: string;
  title?: string;
  solver?: string;
}

/**
 * A module path the package names for a host to load: a JavaScript file inside the package. Checked
 * before anything is imported: a manifest is data, and must not make a host run a file elsewhere on
 * the machine (`../../deploy.js`) or a text file as code.
 */
function isModuleInPackage(value: unknown): boolean {
  if (typeof value !== 'string' || !/\.(m?js|cjs)$/.test(value) || isAbsolute(value)) return false;
  return isInside('/package', resolve('/package', value));
}

function manifestProblem(entries: unknown, listed: boolean): string | undefined {
  const inside = (where: string) => `${where} must be a .js, .mjs or .cjs path inside the package`;
  if (!listed) return isModuleInPackage((entries as ManifestEntry[])[0]!.module) ? undefined : inside('"kit.plugin"');
  if (!Array.isArray(entries) || entries.length === 0) return '"kit.plugins" must be a non-empty array';
  for (const [i, entry] of entries.entries()) {
    const where = `"kit.plugins"[${i}]`;
    if (typeof entry !== 'object' || entry === null) return `${where} must be an object`;
    const { module, id, title, solver } = entry as Record<string, unknown>;
    if (!isModuleInPackage(module)) return inside(`${where}.module`);
    if (solver !== undefined && !isModuleInPackage(solver)) return inside(`${where}.solver`);
    if (id === undefined && title === undefined) continue;
    if (typeof id !== 'string' || !PLUGIN_ID.test(id)) return `${where}.id must be a plugin id (lowercase letters, digits, dashes)`;
    if (typeof title !== 'string' || title === '') return `${where}.title must be a string (what kit list prints)`;
  }
  return undefined;
}

function owningPackageDir(moduleFile: string): string {
  for (let dir = dirname(moduleFile); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return dirname(moduleFile);
  }
}
