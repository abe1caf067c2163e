import { checkEditors } from './editor.js';
import { checkMakerSpecs } from './maker-specs.js';
import { checkOptionSpecs } from './options.js';
import { PLUGIN_API_VERSION, PLUGIN_ID, type AnyPlugin } from './plugin.js';
import { PluginLoadError } from './plugin-load-error.js';

/** Where a plugin came from: a package name or a path, and the module URL a worker can import. */
export interface PluginOrigin {
  /** What users recognise: `@kit/pentomino`, `./my-plugin`. */
  source: string;
  /** The module that exports the plugin; workers import it again to reach the solver. */
  moduleUrl: string;
}

/** A plugin the registry accepted, with where it came from. */
export interface RegisteredPlugin {
  /** The checked plugin. */
  plugin: AnyPlugin;
  /** Its package or path, and its module's URL. */
  origin: PluginOrigin;
}

export { PluginLoadError } from './plugin-load-error.js';
export { PLUGIN_ID } from './plugin.js';

/**
 * Duck-types a module's export against the plugin interface, so a broken or foreign module is
 * rejected with a reason before anything calls into it.
 */
export function checkPlugin(value: unknown, source: string): AnyPlugin {
  const plugin = (typeof value === 'object' && value !== null ? value : {}) as Partial<AnyPlugin>;
  const pluginId = typeof plugin.id === 'string' && PLUGIN_ID.test(plugin.id) ? plugin.id : undefined;
  const fail = (reason: string) => new PluginLoadError(source, reason, { refused: true, ...(pluginId ? { pluginId } : {}) });
  if (typeof value !== 'object' || value === null) throw fail('does not export a plugin object');
  if (plugin.apiVersion !== PLUGIN_API_VERSION) {
    throw fail(`speaks plugin API ${String(plugin.apiVersion)}, but this host speaks ${PLUGIN_API_VERSION}`);
  }
  if (typeof plugin.id !== 'string' || !PLUGIN_ID.test(plugin.id)) throw fail(`has a bad id ${JSON.stringify(plugin.id)}`);
  for (const field of ['title', 'description', 'version'] as const) {
    if (typeof plugin[field] !== 'string') throw fail(`has no ${field}`);
  }
  for (const method of ['parse', 'solver', 'view'] as const) {
    if (typeof plugin[method] !== 'function') throw fail(`has no ${method}() function`);
  }
  if (!Array.isArray(plugin.options)) throw fail('has no options array');
  if (plugin.stepDelayMs !== undefined && !(Number.isFinite(plugin.stepDelayMs) && plugin.stepDelayMs >= 0)) {
    throw fail('has a stepDelayMs that is not a non-negative number');
  }
  if (plugin.counters !== undefined) {
    const bad =
      !Array.isArray(plugin.counters) ||
      plugin.counters.some((counter) => typeof counter?.label !== 'string' || (counter.step === undefined && counter.summary === undefined));
    if (bad) throw fail('has counters that are not a list of { label, step?, summary? } naming a step or summary field');
  }
  if (plugin.summaryFields !== undefined && !isSummaryFields(plugin.summaryFields)) {
    throw fail('has summaryFields that are not an object of { label?: string, internal?: boolean } by field name');
  }
  const problem = checkOptionSpecs(plugin.options);
  if (problem) throw fail(problem);
  if (plugin.editors !== undefined) {
    const targets = [...(plugin.input ? ['input'] : []), ...plugin.options.filter((spec) => spec.type === 'file').map((spec) => spec.name)];
    const editorProblem = Array.isArray(plugin.editors) ? checkEditors(plugin.editors, targets) : 'editors must be a list';
    if (editorProblem) throw fail(editorProblem);
  }
  const makerProblem = checkMakerSpecs(plugin.generator, plugin.grader);
  if (makerProblem) throw fail(makerProblem);
  if (plugin.play !== undefined) {
    const play = plugin.play as unknown as Record<string, unknown>;
    if (typeof play !== 'object' || play === null) throw fail('has a play field that is not an object');
    for (const method of ['setup', 'view', 'check', 'complete'] as const) {
      if (typeof play[method] !== 'function') throw fail(`has a play mode without a ${method}() function`);
    }
    for (const method of ['legalDrops', 'deduce', 'editable', 'toInstance', 'fromSolution', 'referee'] as const) {
      if (play[method] !== undefined && typeof play[method] !== 'function') throw fail(`has a play ${method} that is not a function`);
    }
  }
  return plugin as AnyPlugin;
}

/** Picks the plugin out of a module namespace: `default`, `plugin`, or the only plugin-like export. */
export function pluginFromModule(namespace: Record<string, unknown>, source: string): AnyPlugin {
  const candidate = namespace['default'] ?? namespace['plugin'];
  if (candidate !== undefined) return checkPlugin(candidate, source);
  const found = Object.values(namespace).filter((value) => typeof value === 'object' && value !== null && 'apiVersion' in value && 'id' in value);
  if (found.length === 1) return checkPlugin(found[0], source);
  throw new PluginLoadError(source, 'exports no plugin (expected a default export made with definePlugin)', { refused: true });
}

/** The plugins a host knows, by id. Two plugins with one id are an error naming both sources. */
export class Registry {
  readonly #byId = new Map<string, RegisteredPlugin>();

  /** Adds a plugin; the same module twice is ignored, another plugin with a taken id is refused. */
  register(plugin: AnyPlugin, origin: PluginOrigin): void {
    const existing = this.#byId.get(plugin.id);
    if (existing) {
      if (existing.origin.moduleUrl === origin.moduleUrl) return;
      throw new PluginLoadError(origin.source, `plugin id '${plugin.id}' is already provided by ${existing.origin.source}`);
    }
    this.#byId.set(plugin.id, { plugin, origin });
  }

  /** The plugin with this id, if registered. */
  get(id: string): RegisteredPlugin | undefined {
    return this.#byId.get(id);
  }

  /** Every registered plugin, by id. */
  list(): RegisteredPlugin[] {
    return [...this.#byId.values()].sort((a, b) => (a.plugin.id < b.plugin.id ? -1 : a.plugin.id > b.plugin.id ? 1 : 0));
  }
}

function isSummaryFields(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every(
    (field: unknown) =>
      typeof field === 'object' &&
      field !== null &&
      Object.entries(field).every(([key, v]) => (key === 'label' && typeof v === 'string' && v.length <= 80) || (key === 'internal' && typeof v === 'boolean')),
  );
}
