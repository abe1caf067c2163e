import { PluginLoadError, pluginFromModule } from '@kit/core/host';
import type { ManifestEntry } from '../shared/manifest.js';
import { bundleErrorMessage, bundlePlugin, isEntry, type BundleFile } from './bundle-plugin.js';
import type { PluginSource } from './plugin-source.js';
import { isAbsolute } from 'node:path';
import { publicMessage, publicSource } from './public-source.js';

/** A plugin the caller found but could not load; the page lists it as unavailable. */
export interface UnavailableSource {
  /** What was found, as the user named it. */
  source: string;
  /** Why it could not be loaded, one line. */
  error: string;
  /** The plugin's id, when it got that far. */
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
    plugins.map(async (plugin) => {
      let files: BundleFile[];
      try {
        files = await bundlePlugin(plugin);
      } catch (error) {
        return { plugin, files: [] as BundleFile[], error: `could not bundle it for the browser: ${bundleErrorMessage(error)}`, about: undefined };
      }
      // Its title and description go in the manifest, so the page lists it without loading its code.
      try {
        const { title, description } = pluginFromModule((await import(plugin.moduleUrl)) as Record<string, unknown>, plugin.source);
        return { plugin, files, error: undefined, about: { title, description } };
      } catch (error) {
        return { plugin, files: [] as BundleFile[], error: error instanceof PluginLoadError ? error.reason : error instanceof Error ? error.message : String(error), about: undefined };
      }
    }),
  );
  for (const { plugin, files, error, about } of bundles) {
    const slot = slotName(plugin.id);
    // The manifest is published: no absolute path of this machine in it.
    const source = publicSource(plugin.source);
    const entry: ManifestEntry = error
      ? { id: plugin.id, source, error: publicMessage(error, plugin.packageDir) }
      : { id: plugin.id, source, module: `${slot}/${files.find((file) => isEntry(file.path))!.path}`, ...about };
    slots.set(slot, { entry, files: new Map(files.map((file) => [file.path, file.contents])) });
  }
  for (const failed of unavailable) {
    const id = publicSource(failed.id ?? failed.source);
    slots.set(slotName(id), { entry: { id, source: publicSource(failed.source), error: publicMessage(failed.error, isAbsolute(failed.source) ? failed.source : undefined) }, files: new Map() });
  }
  return slots;
}

