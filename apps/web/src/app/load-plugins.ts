import { PluginLoadError, Registry, pluginFromModule, type AnyPlugin, type RegisteredPlugin } from '@kit/core/host';
import type { ManifestEntry, PluginManifest } from '../shared/manifest.js';

export interface UnavailablePlugin {
  id: string;
  source: string;
  error: string;
}

/** A puzzle the page can list before its code is loaded. */
export interface CatalogEntry {
  id: string;
  /** What users recognise: a package name or a path. */
  source: string;
  title: string;
  description: string;
}

export interface PluginCatalog {
  entries: CatalogEntry[];
  unavailable: UnavailablePlugin[];
  /** The plugin's code, imported on first use (a puzzle's code loads when it is opened). */
  load(id: string): Promise<RegisteredPlugin>;
  /** The manifest's revision, when the server watches its plugins (`kit web --watch`). */
  revision?: number;
}

const message = (error: unknown) => (error instanceof PluginLoadError ? error.reason : error instanceof Error ? error.message : String(error));

/** A manifest from the network: checked field by field before use. */
function readManifest(value: unknown): ManifestEntry[] {
  const plugins = (value as { plugins?: unknown } | null)?.plugins;
  if (!Array.isArray(plugins)) throw new Error('the plugin manifest has no list of plugins');
  const text = (field: unknown) => (typeof field === 'string' ? field : undefined);
  return plugins.flatMap((raw: unknown): ManifestEntry[] => {
    const entry = raw as Record<string, unknown> | null;
    const id = text(entry?.['id']);
    if (!id) return [];
    const fields = {
      source: text(entry!['source']) ?? id,
      module: text(entry!['module']),
      error: text(entry!['error']),
      title: text(entry!['title']),
      description: text(entry!['description']),
    };
    return [{ id, ...Object.fromEntries(Object.entries(fields).filter(([, field]) => field !== undefined)), source: fields.source }];
  });
}

/**
 * Discovery at run time: fetch the manifest and list its puzzles. A plugin's module is imported
 * when it is opened; the manifest's title and description list it until then. An entry without
 * them (a hand-written manifest line) is imported at once to learn them. A broken plugin is
 * reported while the others work.
 */
export async function loadPlugins(manifestUrl: URL): Promise<PluginCatalog> {
  const response = await fetch(manifestUrl, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`could not load the plugin manifest ${manifestUrl.pathname}: HTTP ${response.status}`);
  const body = (await response.json()) as PluginManifest;
  const manifest = readManifest(body);
  const revision = Number.isSafeInteger(body?.revision) ? body.revision : undefined;
  const registry = new Registry();
  const unavailable: UnavailablePlugin[] = [];
  const modules = new Map<string, { entry: ManifestEntry; moduleUrl: string }>();
  const loading = new Map<string, Promise<RegisteredPlugin>>();

  const importEntry = (id: string): Promise<RegisteredPlugin> => {
    let pending = loading.get(id);
    if (!pending) {
      const { entry, moduleUrl } = modules.get(id)!;
      pending = import(/* @vite-ignore */ moduleUrl).then((namespace: Record<string, unknown>) => {
        const plugin: AnyPlugin = pluginFromModule(namespace, entry.source);
        if (plugin.id !== entry.id) throw new Error(`provides plugin '${plugin.id}', not '${entry.id}'`);
        registry.register(plugin, { source: entry.source, moduleUrl });
        return registry.get(plugin.id)!;
      });
      loading.set(id, pending);
    }
    return pending;
  };

  const entries: CatalogEntry[] = [];
  for (const entry of manifest) {
    if (!entry.module) {
      unavailable.push({ id: entry.id, source: entry.source, error: entry.error ?? 'the manifest gives no module for it' });
      continue;
    }
    const earlier = modules.get(entry.id);
    if (earlier) {
      unavailable.push({ id: entry.id, source: entry.source, error: `plugin id '${entry.id}' is already provided by ${earlier.entry.source}` });
      continue;
    }
    modules.set(entry.id, { entry, moduleUrl: new URL(entry.module, manifestUrl).href });
    entries.push({ id: entry.id, source: entry.source, title: entry.title ?? entry.id, description: entry.description ?? '' });
  }
  // Entries that do not say what they are: import them now, each on its own.
  await Promise.all(
    entries.map(async (listed) => {
      if (modules.get(listed.id)!.entry.title !== undefined) return;
      try {
        const { plugin } = await importEntry(listed.id);
        listed.title = plugin.title;
        listed.description = plugin.description;
      } catch (error) {
        unavailable.push({ id: listed.id, source: modules.get(listed.id)!.entry.source, error: message(error) });
        modules.delete(listed.id);
      }
    }),
  );
  return {
    entries: entries.filter((entry) => modules.has(entry.id)),
    unavailable,
    ...(revision !== undefined ? { revision } : {}),
    load: (id) =>
      modules.has(id)
        ? importEntry(id).catch((error: unknown) => Promise.reject(new Error(message(error))))
        : Promise.reject(new Error(`no puzzle called '${id}' is available`)),
  };
}
