// The CLI's side of plugin discovery: the rules live in @kit/core/discovery (one implementation for
// every host); this file adds where the CLI itself is installed and loading a plugin on demand.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyPlugin } from '@kit/core/host';
import { discoverPlugins, type Discovery, type PluginEntry } from '@kit/core/discovery';
import { UsageError } from './errors.js';

/** A discovered plugin whose module has been imported. */
export interface DiscoveredPlugin extends PluginEntry {
  plugin: AnyPlugin;
}

/** A plugin the command asks for that the host refuses: the user's to fix, exit 2. */
const refusal = (id: string, source: string, reason: string) => new UsageError(`plugin ${id} from ${source} is refused: ${reason}`);

/**
 * Imports the plugin a command needs. A plugin that cannot load is a fault named after it (exit 1);
 * one the host refuses (a reserved option name, another API version) is the user's to fix (exit 2).
 */
export async function loadPlugin(entry: PluginEntry): Promise<DiscoveredPlugin> {
  try {
    return { ...entry, plugin: await entry.load() };
  } catch (error) {
    const reason = error && typeof error === 'object' && 'reason' in error ? String(error.reason) : String(error);
    // Duck-typed, as `reason` above: core's PluginLoadError, without loading core's index for it.
    if (error && typeof error === 'object' && 'refused' in error && error.refused === true) throw refusal(entry.id, entry.source, reason);
    throw new PluginLoadFailure(`plugin ${entry.id} could not be loaded from ${entry.source}: ${reason}`);
  }
}

/** A plugin the command needs that does not load: a fault of the plugin (exit 1), named after it. */
export class PluginLoadFailure extends Error {
  override readonly name = 'PluginLoadFailure';
}

/** The CLI's own package directory: the nearest package.json above this module (src/, dist/ or a bundle chunk). */
export function cliPackageDir(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) || dirname(dir) === dir) return dir;
  }
}

/** The CLI's own version, from its package.json. */
export function cliVersion(): string {
  return (JSON.parse(readFileSync(join(cliPackageDir(), 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * Every plugin found from here; the ones that cannot be used are named on stderr, except a refused
 * one with the id the command asks for (`wanted`): findPlugin makes that the command's one error.
 */
export async function discover(plugins: readonly string[], wanted?: string): Promise<Discovery> {
  const result = await discoverPlugins({ cwd: process.cwd(), plugins, hostPackageDir: cliPackageDir() });
  const reported = result.skipped.filter((skipped) => wanted === undefined || skipped.refusedId !== wanted);
  if (reported.length > 0) {
    // Loaded only to report: a run without problems never needs it.
    const [{ safeLine }, { errorPrefix }] = await Promise.all([import('@kit/core/messages'), import('./error-prefix.js')]);
    for (const { source, reason } of reported) process.stderr.write(`${errorPrefix()}${safeLine(`plugin ${source} skipped: ${reason}`)}\n`);
  }
  return result;
}

/** The plugin named `id`, imported: the only plugin module a command that needs one imports. */
export async function findPlugin(result: Discovery, id: string, beforeLoad?: (entry: PluginEntry) => void): Promise<DiscoveredPlugin> {
  const found: PluginEntry | undefined = result.plugins.find((plugin) => plugin.id === id);
  if (!found) {
    const refused = result.skipped.find((skipped) => skipped.refusedId === id);
    if (refused) throw refusal(id, refused.source, refused.reason);
    const known = result.plugins.map((plugin) => plugin.id).join(', ') || 'none';
    throw new UsageError(`no plugin '${id}' (available: ${known}; see kit list)`);
  }
  beforeLoad?.(found);
  return loadPlugin(found);
}
