// The web server finds plugins by the same rules as the `kit` command (@kit/core/discovery): the
// packages a kit.config.json lists and the node_modules from `root` upward, plus extra paths.
import { CONFIG_FILE, discoverPlugins as discover } from '@kit/core/discovery';
import type { PluginSource } from './plugin-source.js';

/** The plugins {@link discoverPlugins} found: those to serve, and those that could not be loaded. */
export interface Discovery {
  /** Each plugin's id, source and module, to bundle for the page. */
  plugins: PluginSource[];
  /** Plugins named but not loadable, each with the reason (the manifest lists them with their error). */
  unavailable: { source: string; error: string }[];
}

export { findConfigRoot } from './config-root.js';
export { CONFIG_FILE };

/** Without a `root`, only the extra paths are looked at. */
export async function discoverPlugins(options: { root?: string; extra?: readonly string[] } = {}): Promise<Discovery> {
  const found = await discover({
    cwd: options.root ?? process.cwd(),
    plugins: options.extra ?? [],
    ...(options.root === undefined ? { only: 'explicit' as const } : {}),
  });
  return {
    plugins: found.plugins.map(({ id, source, moduleUrl, packageDir }) => ({ id, source, moduleUrl, packageDir })),
    unavailable: found.skipped.map(({ source, reason }) => ({ source, error: reason })),
  };
}
