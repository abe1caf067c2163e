import pc from 'picocolors';
import type { PluginEntry } from '@kit/core/discovery';
import { escapeControls } from '@kit/core/messages';

/** `kit list`: one line a plugin: id, version, title (columns aligned). */
export function listText(entries: readonly PluginEntry[]): string {
  if (entries.length === 0) return 'no plugins found (install a puzzle package, or use --plugin or kit.config.json)\n';
  // Titles and versions come from package.json files, read as data: shown through the one escaping function.
  const plugins = entries.map((found) => ({ id: found.id, title: escapeControls(found.title), version: escapeControls(found.version) }));
  const idWidth = plugins.reduce((most, found) => Math.max(most, found.id.length), 0);
  const versionWidth = plugins.reduce((most, found) => Math.max(most, found.version.length), 0);
  return (
    plugins
      // Padded before colouring (picocolors: only on a terminal, never with NO_COLOR or --no-color).
      .map((found) => `${pc.bold(pc.cyan(found.id.padEnd(idWidth)))}  ${pc.dim(found.version.padEnd(versionWidth))}  ${found.title}\n`)
      .join('')
  );
}

export function listJson(plugins: readonly PluginEntry[]): string {
  return `${JSON.stringify(plugins.map((found) => ({ id: found.id, version: found.version, title: found.title, source: found.source })))}\n`;
}

export function printList(plugins: readonly PluginEntry[], json: boolean): void {
  process.stdout.write(json ? listJson(plugins) : listText(plugins));
}
