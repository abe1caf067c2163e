import { PluginLoadError, pluginFromModule } from '@kit/core/host';
import { isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ManifestEntry } from '../shared/manifest.js';
import { bundleErrorMessage, bundleWithInputs, isEntry, type BundleFile } from './bundle-plugin.js';
import type { PluginSource } from './plugin-source.js';
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
  /** The plugin as discovered, to make its bundle again (`--watch`); absent for an unavailable one. */
  plugin?: PluginSource;
  /** The plugin's own files its bundle was made from, its module always among them (`--watch` watches these). */
  inputs: string[];
}

/**
 * One plugin's slot: its browser bundle, and its title and description from its module, imported
 * from `importUrl` (a rebuild imports the module again under a new URL: Node keeps the first).
 */
export async function preparePlugin(plugin: PluginSource, slot: string, importUrl = plugin.moduleUrl): Promise<ServedPlugin> {
  const moduleFile = fileURLToPath(plugin.moduleUrl);
  // The manifest is published: no absolute path of this machine in it.
  const source = publicSource(plugin.source);
  const failed = (error: string, inputs: string[]): ServedPlugin => ({
    entry: { id: plugin.id, source, error: publicMessage(error, plugin.packageDir) },
    files: new Map(),
    plugin,
    inputs: [...new Set([moduleFile, ...inputs])],
  });
  let bundle: { files: BundleFile[]; inputs: string[] };
  try {
    bundle = await bundleWithInputs(plugin);
  } catch (error) {
    return failed(`could not bundle it for the browser: ${bundleErrorMessage(error)}`, []);
  }
  // Its title and description go in the manifest, so the page lists it without loading its code.
  let about: { title: string; description: string };
  try {
    const { title, description } = pluginFromModule((await import(importUrl)) as Record<string, unknown>, plugin.source);
    about = { title, description };
  } catch (error) {
    return failed(error instanceof PluginLoadError ? error.reason : error instanceof Error ? error.message : String(error), bundle.inputs);
  }
  return {
    entry: { id: plugin.id, source, module: `${slot}/${bundle.files.find((file) => isEntry(file.path))!.path}`, ...about },
    files: new Map(bundle.files.map((file) => [file.path, file.contents])),
    plugin,
    inputs: [...new Set([moduleFile, ...bundle.inputs])],
  };
}

/**
 * Bundles every plugin for the browser into its own slot (`plugins/<slot>/plugin.js`), each on its
 * own so one failure spares the others. The manifest lists the slots in this map's order.
 */
export async function preparePlugins(plugins: readonly PluginSource[], unavailable: readonly UnavailableSource[] = []): Promise<Map<string, ServedPlugin>> {
  const slots = new Map<string, ServedPlugin>();
  const slotName = (id: string) => {
    let name = id;
    for (let n = 2; slots.has(name); n++) name = `${id}-${n}`;
    return name;
  };
  // Slots are named in order first (two plugins may share an id), then bundled side by side.
  const named: string[] = [];
  for (const plugin of plugins) {
    const slot = slotName(plugin.id);
    named.push(slot);
    slots.set(slot, { entry: { id: plugin.id, source: plugin.source }, files: new Map(), inputs: [] });
  }
  const prepared = await Promise.all(plugins.map((plugin, i) => preparePlugin(plugin, named[i]!)));
  for (const [i, served] of prepared.entries()) slots.set(named[i]!, served);
  for (const failed of unavailable) {
    const id = publicSource(failed.id ?? failed.source);
    slots.set(slotName(id), {
      entry: { id, source: publicSource(failed.source), error: publicMessage(failed.error, isAbsolute(failed.source) ? failed.source : undefined) },
      files: new Map(),
      inputs: [],
    });
  }
  return slots;
}
