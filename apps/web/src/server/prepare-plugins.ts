import type { ManifestEntry } from '../shared/manifest.js';
import { bundleErrorMessage, bundlePlugin, type BundleFile } from './bundle-plugin.js';
import type { PluginSource } from './plugin-source.js';

/** A plugin the caller found but could not load; the page lists it as unavailable. */
export interface UnavailableSource {
  source: string;
  error: string;
  id?: string;
}

export interface ServedPlugin {
  entry: ManifestEntry;
  files: Map<string, Uint8Array>;
}

/**
 * Bundles every plugin for the browser into its own slot (`plugins/<slot>/plugin.js`), each on its
 * own so one failure spares the others. The manifest lists the slots in this map's order.
 */
export async function preparePlugins(
  plugins: readonly PluginSource[],
  unavailable: readonly UnavailableSource[] = [],
): Promise<Map<string, ServedPlugin>> {
  const slots = new Map<string, ServedPlugin>();
  const slotName = (id: string) => {
    let name = id;
    for (let n = 2; slots.has(name); n++) name = `${id}-${n}`;
    return name;
  };
  const bundles = await Promise.all(
    plugins.map((plugin) =>
      bundlePlugin(plugin).then(
        (files) => ({ plugin, files, error: undefined }),
        (error: unknown) => ({ plugin, files: [] as BundleFile[], error: bundleErrorMessage(error) }),
      ),
    ),
  );
  for (const { plugin, files, error } of bundles) {
    const slot = slotName(plugin.id);
    const entry: ManifestEntry = error
      ? { id: plugin.id, source: plugin.source, error: `could not bundle it for the browser: ${error}` }
      : { id: plugin.id, source: plugin.source, module: `${slot}/plugin.js` };
    slots.set(slot, { entry, files: new Map(files.map((file) => [file.path, file.contents])) });
  }
  for (const failed of unavailable) {
    const id = failed.id ?? failed.source;
    slots.set(slotName(id), { entry: { id, source: failed.source, error: failed.error }, files: new Map() });
  }
  return slots;
}

