// Imports one plugin module off the main thread and reports who it is. A module whose import loops
// forever or never settles then costs a terminated worker, not a hung host.
import { parentPort, workerData } from 'node:worker_threads';
import { PluginLoadError } from '../plugin-load-error.js';
import { pluginFromModule } from '../registry.js';
import { firstLine } from './candidates.js';

const { moduleUrl, source } = workerData as { moduleUrl: string; source: string };
try {
  const plugin = pluginFromModule((await import(moduleUrl)) as Record<string, unknown>, source);
  parentPort!.postMessage({ id: plugin.id, title: plugin.title, version: plugin.version });
} catch (error) {
  // A refusal (checkPlugin) keeps its kind and the plugin's id, so a host asked for that id says why.
  const refusal = error instanceof PluginLoadError ? { refused: error.refused, pluginId: error.pluginId } : {};
  parentPort!.postMessage({ error: firstLine(error), ...refusal });
}
