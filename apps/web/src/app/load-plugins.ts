import { PluginLoadError, Registry, pluginFromModule, type AnyPlugin, type RegisteredPlugin } from '@kit/core';
import type { ManifestEntry, PluginManifest } from '../shared/manifest.js';

export interface UnavailablePlugin {
  id: string;
  source: string;
  error: string;
}

export interface LoadedPlugins {
  registry: Registry;
  available: RegisteredPlugin[];
  unavailable: UnavailablePlugin[];
}

const message = (error: unknown) =>
  error instanceof PluginLoadError ? error.reason : error instanceof Error ? error.message : String(error);

/**
 * Discovery at run time: fetch the manifest, import() every listed module and register its plugin.
 * Each plugin loads on its own, so a broken one is reported while the others work.
 */
export async function loadPlugins(manifestUrl: URL): Promise<LoadedPlugins> {
  const response = await fetch(manifestUrl, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`could not load the plugin manifest ${manifestUrl.pathname}: HTTP ${response.status}`);
  const manifest = (await response.json()) as PluginManifest;
  const registry = new Registry();
  const unavailable: UnavailablePlugin[] = [];
  type Imported = { entry: ManifestEntry } & ({ error: string } | { moduleUrl: string; plugin: AnyPlugin });
  const imported = await Promise.all(
    manifest.plugins.map(async (entry): Promise<Imported> => {
      if (!entry.module) return { entry, error: entry.error ?? 'the manifest gives no module for it' };
      const moduleUrl = new URL(entry.module, manifestUrl).href;
      try {
        const namespace = (await import(/* @vite-ignore */ moduleUrl)) as Record<string, unknown>;
        return { entry, moduleUrl, plugin: pluginFromModule(namespace, entry.source) };
      } catch (error) {
        return { entry, error: message(error) };
      }
    }),
  );
  // Registered in manifest order, so a duplicate id is blamed on the later entry.
  for (const result of imported) {
    const { entry } = result;
    if ('error' in result) {
      unavailable.push({ id: entry.id, source: entry.source, error: result.error });
      continue;
    }
    try {
      if (result.plugin.id !== entry.id) throw new Error(`provides plugin '${result.plugin.id}', not '${entry.id}'`);
      registry.register(result.plugin, { source: entry.source, moduleUrl: result.moduleUrl });
    } catch (error) {
      unavailable.push({ id: entry.id, source: entry.source, error: message(error) });
    }
  }
  return { registry, available: registry.list(), unavailable };
}
