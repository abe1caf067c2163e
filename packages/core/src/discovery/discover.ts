// Run-time plugin discovery, the one implementation every Node host uses (the `kit` command, the
// web server, queue workers). package.json files are read first; nothing is imported from a package
// that declares no plugin, and a plugin whose manifest names its id is imported only when a host
// asks for it (`entry.load()`).
import { fs, path, url } from './builtins.js';
import { InputError } from '../errors.js';
import type { AnyPlugin } from '../plugin.js';
import { PluginLoadError } from '../plugin-load-error.js';
import { CONFIG_FILE, configCandidates, findUpward, nodeModulesDirs, packagesIn, pluginArgument, type Candidate } from './candidates.js';
import { declaredPlugins, type DeclaredPlugin } from './manifest.js';
import { importPlugin, importTimeoutMs, probePlugin } from './load.js';
import { loadModule } from './load-module.js';

const { realpathSync } = fs;
const { resolve } = path;
const { pathToFileURL } = url;

/** A plugin found: enough to list it and pick it by id; `load()` imports it. */
export interface PluginEntry {
  /** The plugin's id (`kit run ID`). */
  id: string;
  /** The name a person reads. */
  title: string;
  /** The plugin package's version. */
  version: string;
  /** What users recognise: a package name or the path it was given as. */
  source: string;
  /** file: URL of the plugin module; solver workers import it again. */
  moduleUrl: string;
  /** The package the plugin belongs to (the module's directory for a bare module file). */
  packageDir: string;
  /** Imports the module once (time-bounded) and checks it is the plugin the manifest declares. */
  load(): Promise<AnyPlugin>;
  /**
   * Loads the solver module the manifest names (`solver`) on this thread, with require() where Node
   * can, so the plugin's solver() finds it loaded instead of starting Node's asynchronous ESM loader
   * for it (5-15 ms of a Soma run). Nothing when the manifest names none; a module that fails to
   * load is left for solver() to report.
   */
  preloadSolver(): void;
}

/** A plugin that was found but cannot be used. */
export interface SkippedPlugin {
  /** What was found, as a user recognises it (a package name or path). */
  source: string;
  /** Why it was skipped, one line. */
  reason: string;
  /** The plugin's id when its module gave a usable one, and the host refused what it exports. */
  refusedId?: string;
}

/** Where `discoverPlugins` looks. */
export interface DiscoveryOptions {
  /** The directory to start from: its node_modules and the kit.config.json above it. */
  cwd: string;
  /** `--plugin` values: paths (package dirs or module files) or package names, resolved from cwd. */
  plugins?: readonly string[];
  /** The host's own package directory: the node_modules holding it are searched too (global installs). */
  hostPackageDir?: string;
  /** Skip the node_modules and kit.config.json searches (one source at a time). */
  only?: 'explicit';
  /** Bound on one plugin's import; default KIT_PLUGIN_TIMEOUT_MS or 10 s. */
  timeoutMs?: number;
}

/** What `discoverPlugins` found. */
export interface Discovery {
  /** Sorted by id. */
  plugins: PluginEntry[];
  /** Plugins that could not be used, in discovery order, each with a one-line reason. */
  skipped: SkippedPlugin[];
  /** The kit.config.json that was used, if any. */
  configFile: string | undefined;
}

export { CONFIG_FILE };

/**
 * Finds the plugins a host can use: `--plugin` values, the plugins kit.config.json lists and installed
 * packages. A broken `--plugin` throws an InputError (the user named it); any other is skipped with a reason.
 */
export async function discoverPlugins(options: DiscoveryOptions): Promise<Discovery> {
  const cwd = resolve(options.cwd);
  const timeoutMs = options.timeoutMs ?? importTimeoutMs();
  const skipped: SkippedPlugin[] = [];
  const skip = (source: string, reason: string) => skipped.push({ source, reason });

  const candidates: Candidate[] = (options.plugins ?? []).map((value) => pluginArgument(value, cwd));
  let configFile: string | undefined;
  if (options.only !== 'explicit') {
    configFile = findUpward(cwd, CONFIG_FILE);
    if (configFile) candidates.push(...configCandidates(configFile, cwd, skip));
    for (const dir of nodeModulesDirs(cwd, options.hostPackageDir)) candidates.push(...packagesIn(dir));
  }

  // A plugin named for this command (--plugin) that cannot be used is the user's error, not a
  // warning: they asked for it, and a run without it would not be the run they asked for. Plugins
  // found in node_modules or listed in kit.config.json (standing configuration) stay warnings.
  const refuse = (source: string, reason: string): never => {
    throw new InputError(`--plugin ${source}: ${reason}`);
  };
  // The same module reached twice (a node_modules link and a path) is one plugin.
  const declared = new Map<string, DeclaredPlugin>();
  const requested = new Set<string>();
  for (const candidate of candidates) {
    for (const found of declaredPlugins(candidate, candidate.argument ? refuse : skip)) {
      const key = realpathSync(found.moduleFile);
      if (candidate.argument) requested.add(key);
      if (!declared.has(key)) declared.set(key, { ...found, moduleFile: key });
    }
  }

  // Modules without id and title in their manifest are probed in parallel; failures are reported
  // in discovery order, so the output is stable.
  const identified = await Promise.all(
    [...declared.values()].map(async (found): Promise<PluginEntry | (SkippedPlugin & { requested: boolean })> => {
      const moduleUrl = pathToFileURL(found.moduleFile).href;
      try {
        const known =
          found.id !== undefined ? { id: found.id, title: found.title!, version: found.version } : await probePlugin(moduleUrl, found.source, timeoutMs);
        return entryOf(found, moduleUrl, { ...known, version: found.version ?? known.version ?? '0.0.0' }, timeoutMs);
      } catch (error) {
        const named = requested.has(found.moduleFile);
        if (!(error instanceof PluginLoadError)) return { source: found.source, reason: String(error), requested: named };
        return { source: found.source, reason: error.reason, requested: named, ...(error.refused && error.pluginId ? { refusedId: error.pluginId } : {}) };
      }
    }),
  );

  const plugins: PluginEntry[] = [];
  const byId = new Map<string, PluginEntry>();
  for (const found of identified) {
    if ('reason' in found) {
      const { requested: named, ...skippedEntry } = found;
      if (named) refuse(found.source, found.reason);
      skipped.push(skippedEntry);
      continue;
    }
    const existing = byId.get(found.id);
    if (existing) throw new InputError(`plugin id '${found.id}' is provided by both ${existing.source} and ${found.source}`);
    byId.set(found.id, found);
    plugins.push(found);
  }
  // Ids are lowercase ASCII: code-unit order is their order, and localeCompare's first call costs
  // ~8 ms of ICU start-up in every command.
  plugins.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { plugins, skipped, configFile };
}

function entryOf(found: DeclaredPlugin, moduleUrl: string, known: { id: string; title: string; version: string }, timeoutMs: number): PluginEntry {
  let loading: Promise<AnyPlugin> | undefined;
  return {
    ...known,
    source: found.source,
    moduleUrl,
    packageDir: found.packageDir,
    load() {
      loading ??= importPlugin(moduleUrl, found.source, timeoutMs).then((plugin) => {
        if (plugin.id !== known.id) {
          throw new PluginLoadError(found.source, `package.json declares plugin '${known.id}', but its module provides '${plugin.id}'`);
        }
        return plugin;
      });
      return loading;
    },
    preloadSolver() {
      if (found.solverFile === undefined) return;
      // Its real path, as for the plugin module: the URL the plugin's own import() of it resolves
      // to. Taken here, not at discovery: `kit list` never loads a solver.
      let real: string;
      try {
        real = realpathSync(found.solverFile);
      } catch {
        return;
      }
      loadModule(pathToFileURL(real).href).catch(() => {});
    },
  };
}
