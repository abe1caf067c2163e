import { cpSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { makeDirectory } from '@kit/core/node';
import type { PluginManifest } from '../shared/manifest.js';
import { APP_DIR } from './app-dir.js';
import type { PluginSource } from './plugin-source.js';
import { preparePlugins, type UnavailableSource } from './prepare-plugins.js';

export interface ExportOptions {
  /**
   * Where the static site goes; created if missing (relative to the working directory). A directory
   * with files in it is refused unless `force`.
   */
  outDir: string;
  /** Write into a non-empty directory, replacing the site's files (index.html, app/, plugins/) there. */
  force?: boolean;
  plugins: readonly PluginSource[];
  unavailable?: readonly UnavailableSource[];
}

/**
 * Writes the app as static files any web server can host: index.html, app/, and plugins/ with the
 * manifest and one bundle directory per plugin. Adding a plugin later means adding its directory
 * and one manifest entry; the app itself is never rebuilt.
 */
export async function exportSite(options: ExportOptions): Promise<PluginManifest> {
  // Created (or checked to be a directory) first: an empty path, a file, or a place that refuses new
  // directories is an InputError, one line for the user.
  const outDir = makeDirectory(options.outDir);
  const present = readdirSync(outDir);
  if (present.length > 0 && !options.force) {
    const shown = present.includes('index.html') ? 'index.html' : present.sort()[0]!;
    throw Object.assign(new Error(`${options.outDir} is not empty (it has ${shown}${present.length > 1 ? ` and ${present.length - 1} more` : ''}): add --force to write the site into it anyway`), {
      code: 'ENOTEMPTY',
    });
  }
  const slots = await preparePlugins(options.plugins, options.unavailable);
  const manifest: PluginManifest = { plugins: [...slots.values()].map((slot) => slot.entry) };
  cpSync(join(APP_DIR, 'index.html'), join(outDir, 'index.html'));
  cpSync(APP_DIR, join(outDir, 'app'), { recursive: true, filter: (path) => !path.endsWith('index.html') });
  for (const [slot, { files }] of slots) {
    for (const [path, contents] of files) {
      const target = join(outDir, 'plugins', slot, path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, contents);
    }
  }
  mkdirSync(join(outDir, 'plugins'), { recursive: true });
  writeFileSync(join(outDir, 'plugins', 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
