// The CLI's side of plugin discovery: the rules live in @kit/core/discovery (one implementation for
// every host); this file adds where the CLI itself is installed and loading a plugin on demand.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyPlugin } from '@kit/core';
import type { PluginEntry } from '@kit/core/discovery';

/** A discovered plugin whose module has been imported. */
export interface DiscoveredPlugin extends PluginEntry {
  plugin: AnyPlugin;
}

/** Imports the plugin a command needs; a plugin that cannot load is a fault named after it. */
export async function loadPlugin(entry: PluginEntry): Promise<DiscoveredPlugin> {
  try {
    return { ...entry, plugin: await entry.load() };
  } catch (error) {
    const reason = error && typeof error === 'object' && 'reason' in error ? String(error.reason) : String(error);
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
